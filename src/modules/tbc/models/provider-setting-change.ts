import { model } from "@medusajs/framework/utils"

/**
 * The audit trail of Settings → TBC Bank: one row per changed key of every save or reset, with who
 * (the admin's user id and email), when (created_at), and old → new. A null `old_value` / `new_value`
 * means "the config's value" (nothing stored before / reset to the config). Never deleted by the
 * plugin.
 */
const ProviderSettingChange = model
  .define(
    { name: "ProviderSettingChange", tableName: "tbc_provider_setting_change" },
    {
      id: model.id({ prefix: "tbcsetc" }).primaryKey(),
      provider_id: model.text().index("IDX_tbc_provider_setting_change_provider_id"),
      key: model.text(),
      old_value: model.json().nullable(),
      new_value: model.json().nullable(),
      actor_id: model.text(),
      actor_email: model.text().nullable(),
    }
  )
  .indexes([{ name: "IDX_tbc_provider_setting_change_created_at", on: ["created_at"], where: null }])

export default ProviderSettingChange
