import type { Context } from "@medusajs/framework/types"
import { InjectManager, InjectTransactionManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import {
  insertApplications,
  insertChanges,
  selectRecordedChanges,
  setApplicationOrders,
  type InstallmentApplicationSeed,
  type InstallmentChangeKey,
  type InstallmentChangeToRecord,
  type SqlExecutor,
} from "./installment-sync-sql"
import {
  CallbackLog,
  InstallmentApplication,
  InstallmentStatusChange,
  InstallmentSyncRun,
  SavedCard,
} from "./models"

type SqlContext = Context<SqlExecutor>

/**
 * Data access for the plugin's own tables. MedusaService generates, per model, the usual
 * list/listAndCount/retrieve/create/update/delete/softDelete/restore methods, e.g.
 * `listSavedCards`, `createInstallmentApplications`, `createInstallmentStatusChanges`,
 * `createInstallmentSyncRuns`, `createCallbackLogs`.
 *
 * The installment sync adds batched, exactly-once methods (see installment-sync-sql.ts).
 */
class TbcModuleService extends MedusaService({
  SavedCard,
  InstallmentApplication,
  InstallmentStatusChange,
  InstallmentSyncRun,
  CallbackLog,
}) {
  /** Keys (changeKeyOf) of the given status changes that are already recorded. */
  @InjectManager()
  async listRecordedInstallmentChangeKeys(
    keys: InstallmentChangeKey[],
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<string[]> {
    return selectRecordedChanges(sharedContext.manager!, keys)
  }

  /**
   * In one transaction: records the changes exactly once (ON CONFLICT DO NOTHING on the unique
   * key), moves the applications to their newest change and stores the order ids learnt.
   * Returns the changes this call inserted.
   */
  @InjectTransactionManager()
  async recordInstallmentStatusChanges(
    input: {
      synchronization_request_id: string
      changes: InstallmentChangeToRecord[]
      orders?: { bank_session_id: string; order_id: string }[]
    },
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<InstallmentChangeKey[]> {
    const db = sharedContext.transactionManager!
    const inserted = await insertChanges(db, input.synchronization_request_id, input.changes)
    await setApplicationOrders(db, input.orders ?? [])
    return inserted
  }

  /** Creates application rows for bank sessions not recorded yet; returns how many were new. */
  @InjectManager()
  async ensureInstallmentApplications(
    seeds: InstallmentApplicationSeed[],
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<number> {
    return insertApplications(sharedContext.manager!, seeds)
  }
}

export default TbcModuleService
