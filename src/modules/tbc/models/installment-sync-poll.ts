import { model } from "@medusajs/framework/utils"

/**
 * The last poll of the status-changes feed, one row per installments provider, overwritten by
 * every run. A run row (InstallmentSyncRun) is written only for a page with changes, so without
 * this an empty poll (the usual case) would leave no trace and a stalled job would look like a
 * quiet bank. One row per provider keeps the table at a handful of rows whatever the schedule.
 */
const InstallmentSyncPoll = model.define(
  { name: "InstallmentSyncPoll", tableName: "tbc_installment_sync_poll" },
  {
    id: model.id({ prefix: "tbcpoll" }).primaryKey(),
    provider_id: model.text().unique("IDX_tbc_installment_sync_poll_provider_id"),
    polled_at: model.dateTime(),
    /** changes the run received from the bank (0: nothing new) */
    received: model.number(),
  }
)

export default InstallmentSyncPoll
