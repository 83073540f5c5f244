import { model } from "@medusajs/framework/utils"

/** One poll of the status-changes feed: what it read, applied, and whether the bank acknowledged it. */
const InstallmentSyncRun = model.define(
  { name: "InstallmentSyncRun", tableName: "tbc_installment_sync_run" },
  {
    id: model.id({ prefix: "tbcsync" }).primaryKey(),
    synchronization_request_id: model.text().index("IDX_tbc_installment_sync_run_synchronization_request_id"),
    change_count: model.number(),
    applied_count: model.number(),
    applied_at: model.dateTime().nullable(),
    acknowledged_at: model.dateTime().nullable(),
    /** Why the run stopped, if it did; never contains credentials. */
    error: model.text().nullable(),
  }
)

export default InstallmentSyncRun
