import { model } from "@medusajs/framework/utils"

/**
 * A setting a shop manager changed on Settings → TBC Bank, for one provider registration: it
 * overrides the medusa-config option `key` of `provider_id` (pp_tbc-checkout_tbc …) until it is
 * reset to the config. One row per (provider, key); only the keys of the editable list
 * (src/lib/settings/editable-settings.ts) are ever written, never a credential.
 *
 * Read by the providers and the jobs through the app's PostgreSQL connection (raw SQL on this
 * table only: src/modules/tbc/settings/settings-store.ts), every change with its line in
 * tbc_provider_setting_change.
 */
const ProviderSetting = model
  .define(
    { name: "ProviderSetting", tableName: "tbc_provider_setting" },
    {
      id: model.id({ prefix: "tbcset" }).primaryKey(),
      provider_id: model.text(),
      key: model.text(),
      /** the option's value as the provider's schema outputs it (JSON: true, "KA", [5, 7], 30 …) */
      value: model.json(),
      /** the admin who set it: their email, or their user id when it is not known */
      updated_by: model.text().nullable(),
    }
  )
  .indexes([
    { name: "IDX_tbc_provider_setting_provider_key_unique", on: ["provider_id", "key"], unique: true, where: null },
  ])

export default ProviderSetting
