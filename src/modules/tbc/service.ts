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
  resolveFailures,
  selectPendingFailures,
  upsertFailures,
  type ChangeFailureToStore,
  type PendingChangeFailure,
} from "./change-failure-sql"
import {
  insertSyncRun,
  markSyncRunAcknowledged,
  markSyncRunApplied,
  markSyncRunFailed,
  upsertSyncPoll,
} from "./sync-run-sql"
import {
  CallbackLog,
  InstallmentApplication,
  InstallmentChangeFailure,
  InstallmentStatusChange,
  InstallmentSyncRun,
  InstallmentSyncPoll,
  SavedCard,
  TbcPayment,
  SavedCardRecordingFailure,
  LedgerEvent,
  CardAddition,
  ProviderSetting,
  ProviderSettingChange,
  PaymentLink,
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
  InstallmentSyncPoll,
  CallbackLog,
  InstallmentChangeFailure,
  TbcPayment,
  SavedCardRecordingFailure,
  LedgerEvent,
  CardAddition,
  ProviderSetting,
  ProviderSettingChange,
  PaymentLink,
}) {
  /** Keys (changeKeyOf) of the given status changes that are already recorded. */
  @InjectManager()
  async listRecordedInstallmentChangeKeys(
    keys: InstallmentChangeKey[],
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<string[]> {
    return selectRecordedChanges(sharedContext.manager!, keys)
  }

  /** Failures of these changes still waiting for a retry, with whether they are due. */
  @InjectManager()
  async listPendingInstallmentChangeFailures(
    keys: InstallmentChangeKey[],
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<PendingChangeFailure[]> {
    return selectPendingFailures(sharedContext.manager!, keys)
  }

  /**
   * In one transaction: records the changes exactly once (ON CONFLICT DO NOTHING on the unique
   * key), moves the applications to their newest change, stores the order ids learnt, and the
   * retry bookkeeping of the page's failed changes (a failure to retry, a given-up one, a retry
   * that succeeded). Returns the changes this call inserted.
   */
  @InjectTransactionManager()
  async recordInstallmentStatusChanges(
    input: {
      synchronization_request_id: string
      changes: InstallmentChangeToRecord[]
      orders?: { bank_session_id: string; order_id: string }[]
      /** bank sessions with no application row: their row update is skipped */
      sessions_without_application?: string[]
      /** the registration whose feed the changes came from (stored with a failure) */
      provider_id?: string
      /** failed tries of this page (a given-up change is also in `changes`) */
      failures?: ChangeFailureToStore[]
      /** changes whose retry succeeded (also in `changes`) */
      resolved?: InstallmentChangeKey[]
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
    await upsertFailures(db, input.provider_id ?? "", input.failures ?? [])
    await resolveFailures(db, input.resolved ?? [])
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
  async markInstallmentSyncRunFailed(
    id: string,
    error: string,
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<void> {
    await markSyncRunFailed(sharedContext.manager!, id, error)
  }

  /** The provider's feed was polled now and gave `received` changes (0: nothing new); see InstallmentSyncPoll. */
  @InjectManager()
  async recordInstallmentSyncPoll(
    input: { provider_id: string; received: number },
    @MedusaContext() sharedContext: SqlContext = {}
  ): Promise<void> {
    await upsertSyncPoll(sharedContext.manager!, input.provider_id, input.received)
  }
}

export default TbcModuleService
