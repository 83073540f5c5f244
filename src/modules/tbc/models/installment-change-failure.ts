import { model } from "@medusajs/framework/utils"

/**
 * A status change from the installments feed whose effect on Medusa failed (cart lock busy, the
 * bank's status read timed out, the cart could not be completed). While it waits for a retry the
 * change is neither recorded in tbc_installment_status_change nor acknowledged to the bank, so the
 * bank delivers it again and the next due sync run retries it. After the last retry it is recorded
 * (the feed moves on) and `gave_up_at` set: the admin lists it with `last_error`.
 *
 * Keyed like the status change itself (bank_session_id, status_id, change_date).
 */
const InstallmentChangeFailure = model
  .define(
    { name: "InstallmentChangeFailure", tableName: "tbc_installment_change_failure" },
    {
      id: model.id({ prefix: "tbcfail" }).primaryKey(),
      provider_id: model.text(),
      bank_session_id: model.text(),
      status_id: model.number(),
      change_date: model.text(),
      payment_session_id: model.text().nullable(),
      /** tries made so far (the first one included) */
      attempts: model.number(),
      /** the last failure's message; never contains credentials (Medusa's and the client's errors are redacted) */
      last_error: model.text(),
      /** when the change may be tried again; null once it succeeded or was given up */
      next_attempt_at: model.dateTime().nullable(),
      gave_up_at: model.dateTime().nullable(),
      /** a retry succeeded */
      resolved_at: model.dateTime().nullable(),
    }
  )
  .indexes([
    {
      name: "IDX_tbc_installment_change_failure_unique",
      on: ["bank_session_id", "status_id", "change_date"],
      unique: true,
      where: null,
    },
  ])

export default InstallmentChangeFailure
