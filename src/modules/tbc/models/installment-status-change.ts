import { model } from "@medusajs/framework/utils"

/**
 * A status change from the bank's status-changes feed that we applied. The unique key
 * (bank_session_id, status_id, change_date) makes applying a change exactly-once: the feed
 * repeats changes until they are acknowledged, and two instances may read the same page.
 * The index is not scoped to `deleted_at IS NULL`, so `ON CONFLICT (...) DO NOTHING` works as is.
 */
const InstallmentStatusChange = model
  .define(
    { name: "InstallmentStatusChange", tableName: "tbc_installment_status_change" },
    {
      id: model.id({ prefix: "tbcchg" }).primaryKey(),
      bank_session_id: model.text(),
      status_id: model.number(),
      /** The bank's change date exactly as sent (text, so the key compares what the bank sent). */
      change_date: model.text(),
      synchronization_request_id: model.text(),
      applied_at: model.dateTime(),
    }
  )
  .indexes([
    {
      name: "IDX_tbc_installment_status_change_unique",
      on: ["bank_session_id", "status_id", "change_date"],
      unique: true,
      where: null,
    },
  ])

export default InstallmentStatusChange
