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
import { insertSyncRun, markSyncRunAcknowledged, markSyncRunApplied, markSyncRunFailed } from "./sync-run-sql"
import {
  CallbackLog,
  InstallmentApplication,
  InstallmentStatusChange,
  InstallmentSyncRun,
  SavedCard,
  TbcPayment,
} from "./models"

type SqlContext = Context<SqlExecutor>

/**
 * Data access for the plugin's own tables. MedusaService generates, per model, the usual
 * list/listAndCount/retrieve/create/update/delete/softDelete/restore methods, e.g.
 * `listSavedCards`, `createInstallmentApplications`, `createInstallmentStatusChanges`,
 * `createInstallmentSyncRuns`, `createCallbackLogs`, `listTbcPayments`.
 *
 * The installment sync adds batched, exactly-once methods (see installment-sync-sql.ts).
 */
class TbcModuleService extends MedusaService({
  SavedCard,
  InstallmentApplication,
  InstallmentStatusChange,
  InstallmentSyncRun,
  CallbackLog,
  TbcPayment,
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
      /** bank sessions with no application row: their row update is skipped */
      sessions_without_application?: string[]
    },
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<InstallmentChangeKey[]> {
    const db = sharedContext.transactionManager!
    const inserted = await insertChanges(
      db,
      input.synchronization_request_id,
      input.changes,
      new Set(input.sessions_without_application ?? [])
    )
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

  /** A sync run for a page just read from the bank; returns its id (see sync-run-sql.ts). */
  @InjectManager()
  async startInstallmentSyncRun(
    input: { synchronization_request_id: string; change_count: number },
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<string> {
    return insertSyncRun(sharedContext.manager!, input.synchronization_request_id, input.change_count)
  }

  /** The run's page is recorded: its count of new changes and a summary of what failed (or null). */
  @InjectManager()
  async markInstallmentSyncRunApplied(
    id: string,
    input: { applied_count: number; error: string | null },
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<void> {
    await markSyncRunApplied(sharedContext.manager!, id, input.applied_count, input.error)
  }

  @InjectManager()
  async markInstallmentSyncRunAcknowledged(id: string, @MedusaContext() sharedContext: SqlContext = {}): Promise<void> {
    await markSyncRunAcknowledged(sharedContext.manager!, id)
  }

  @InjectManager()
  async markInstallmentSyncRunFailed(id: string, error: string, @MedusaContext() sharedContext: SqlContext = {}): Promise<void> {
    await markSyncRunFailed(sharedContext.manager!, id, error)
  }
}

export default TbcModuleService
