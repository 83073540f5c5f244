import { model } from "@medusajs/framework/utils"

/**
 * A Medusa payment (tbc-checkout, never captured or canceled in Medusa) that the bank no longer
 * holds and never will again (completed, returned, failed or expired there). The expiring-preauths
 * reconciliation skips these, so payments settled outside Medusa do not pile up and crowd out the
 * preauthorizations that still need checking.
 */
const RetiredPreauth = model
  .define(
    { name: "RetiredPreauth", tableName: "tbc_retired_preauth" },
    {
      id: model.id({ prefix: "tbcrp" }).primaryKey(),
      payment_id: model.text(),
      pay_id: model.text().nullable(),
      /** the bank's status when it was retired */
      bank_status: model.text(),
    }
  )
  .indexes([{ name: "IDX_tbc_retired_preauth_payment_id_unique", on: ["payment_id"], unique: true, where: null }])

export default RetiredPreauth
