/**
 * One sync of the installment status-changes feed for one provider registration:
 *
 *   under the lock "tbc-installments-sync:<providerId>" (Medusa's locking module, so two server
 *   instances never work on the feed at once):
 *     loop: pull a page (take = pageSize) → empty? stop
 *           record the run (InstallmentSyncRun) → apply the page (`applyPage`: the caller runs the
 *           page workflow, src/workflows/installments, so this app code never imports a workflow)
 *           → mark it applied → acknowledge it (status-changes-sync) → mark it acknowledged
 *     then record the poll (time and changes received) in the provider's InstallmentSyncPoll row
 *
 * The acknowledgement is sent only after the page workflow returned, i.e. after every change of
 * the page is recorded in PostgreSQL. A lost acknowledgement (the bank delivers the page again)
 * or a crash before it are harmless: the unique change key makes the redelivered page a no-op.
 *
 * A page with a change that waits for a retry (its effect on Medusa failed, apply-changes.ts) is
 * NOT acknowledged, and the run stops there: the bank delivers the page again, the changes
 * already recorded are skipped, and the next run after the change's backoff tries it again.
 * Reading on would only get the same page back (the feed hands out its oldest changes first).
 *
 * Memory stays flat: one page at a time, and only counts are kept across pages.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import type { InstallmentsApi, StatusChange } from "../../lib/tbc/types"
import { summarizePage, type ApplyPage, type ApplyStatusChangesResult, type PageChange } from "./page"
import type { InstallmentsRegistration } from "../installments-client"
import { injectedSyncFault } from "./sync-fault"
import { EFFECT_COUNTERS, noEffects } from "./apply-changes"

/**
 * How long a second sync waits for the one holding the lock: about a second (the locking module's
 * minimum), then it fails with SyncBusyError. "Sync now" answers 409 at once instead of hanging,
 * and a scheduled tick on another instance skips instead of queueing behind a long run.
 */
export const SYNC_LOCK_TIMEOUT_SECONDS = 1

export const SYNC_BUSY_MESSAGE = "Another installment sync is running; try again when it has finished."

/** Another sync of the same provider holds the lock (this one did nothing). */
export class SyncBusyError extends Error {
  readonly code = "tbc_installments_sync_busy"
  constructor(readonly providerId: string) {
    super(SYNC_BUSY_MESSAGE)
    this.name = "SyncBusyError"
  }
}
/** Stop after this many pages in a row that recorded nothing new: the bank is not taking our acks. */
export const MAX_FRUITLESS_PAGES = 3
export const DEFAULT_MAX_PAGES_PER_RUN = 10_000

/** The counts of every page applied in one run, plus what only the run knows. */
export interface ProviderSyncSummary extends ApplyStatusChangesResult {
  provider_id: string
  pages: number
  acknowledged: number
}

export function syncLockKey(providerId: string): string {
  return `tbc-installments-sync:${providerId}`
}

export function toPageChange(change: StatusChange): PageChange {
  return {
    bank_session_id: change.sessionId,
    status_id: change.statusId,
    change_date: change.changeDate ?? "",
    status_description: change.statusDescription ?? null,
    contribution_amount: change.contributionAmount ?? null,
  }
}

export async function syncInstallmentProvider(
  container: MedusaContainer,
  registration: InstallmentsRegistration,
  bank: InstallmentsApi,
  options: { maxPages?: number; applyPage: ApplyPage }
): Promise<ProviderSyncSummary> {
  const locking = container.resolve(Modules.LOCKING)
  let started = false
  try {
    return await locking.execute(
      syncLockKey(registration.providerId),
      // the signal: Medusa 2.21+ aborts it when the lock is lost; before 2.21 it passes none
      (signal?: AbortSignal) => {
        started = true
        const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES_PER_RUN
        return pullAndApply(container, registration, bank, { maxPages, applyPage: options.applyPage }, signal)
      },
      { timeout: SYNC_LOCK_TIMEOUT_SECONDS }
    )
  } catch (error) {
    if (!started) throw new SyncBusyError(registration.providerId)
    throw error
  }
}

async function pullAndApply(
  container: MedusaContainer,
  registration: InstallmentsRegistration,
  bank: InstallmentsApi,
  { maxPages, applyPage }: { maxPages: number; applyPage: ApplyPage },
  signal?: AbortSignal
): Promise<ProviderSyncSummary> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const summary: ProviderSyncSummary = {
    provider_id: registration.providerId,
    pages: 0,
    received: 0,
    applied: 0,
    ...noEffects(),
    acknowledged: 0,
  }
  let fruitless = 0
  let polled = false
  while (summary.pages < maxPages && fruitless < MAX_FRUITLESS_PAGES) {
    if (lockLost(signal, logger, registration.providerId)) break
    const page = await readPage(bank, registration.options.pageSize)
    polled = true
    if (page.changes.length === 0) break
    // the lock may have been lost while the page was read: another instance may be applying it
    if (lockLost(signal, logger, registration.providerId)) break
    summary.pages++
    const runId = await tbc.startInstallmentSyncRun({
      synchronization_request_id: page.id,
      change_count: page.changes.length,
    })
    try {
      const result = await applyPage({
        provider_id: registration.providerId,
        synchronization_request_id: page.id,
        changes: page.changes,
        retry: {
          retries: registration.options.changeRetries,
          backoffSeconds: registration.options.changeRetryBackoffSeconds,
        },
      })
      const counts = summarizePage(page.changes.length, result)
      await tbc.markInstallmentSyncRunApplied(runId, { applied_count: counts.applied, error: pageProblem(counts) })
      accumulate(summary, counts)
      if (counts.retrying > 0) break // not acknowledged: the bank delivers the page again for the retry
      fruitless = counts.applied === 0 ? fruitless + 1 : 0
      if (injectedSyncFault(container) === "crash-after-apply") {
        throw new Error("injected fault: crashed after applying the page, before acknowledging it")
      }
      await bank.syncStatusChanges(page.id)
      await tbc.markInstallmentSyncRunAcknowledged(runId)
      summary.acknowledged += page.changes.length
    } catch (error) {
      const message = (error as Error)?.message ?? String(error)
      await tbc.markInstallmentSyncRunFailed(runId, message).catch(() => undefined)
      logger.error(`[tbc-installments] sync of ${registration.providerId} stopped: ${message}`)
      throw error
    }
  }
  // an empty poll writes no run row: this one row per provider shows the job is alive
  if (polled) await tbc.recordInstallmentSyncPoll({ provider_id: registration.providerId, received: summary.received })
  return summary
}

/**
 * One page of the feed, already in the workflow's shape: the client's copy of the page is not
 * kept while the page is applied (a page's objects that live across young-generation GCs are
 * promoted, which is what makes the sync's peak memory grow; BENCHMARKS.md, section 4).
 */
async function readPage(bank: InstallmentsApi, pageSize: number): Promise<{ id: string; changes: PageChange[] }> {
  const page = await bank.getStatusChanges(pageSize)
  return { id: page.synchronizationRequestId, changes: page.statusChanges.map(toPageChange) }
}

/**
 * The lock's abort signal is set when its lease could not be kept (e.g. Redis unreachable long
 * enough for the key to expire): another instance may now run the sync, so this one applies
 * nothing more. What it applied is recorded and acknowledged page by page, so stopping is safe.
 */
function lockLost(signal: AbortSignal | undefined, logger: { warn(msg: string): void }, providerId: string): boolean {
  if (!signal?.aborted) return false
  logger.warn(`[tbc-installments] sync of ${providerId} lost its lock: stopped before applying more`)
  return true
}

/** The run row's summary of what failed on the page, or null. */
function pageProblem(counts: ApplyStatusChangesResult): string | null {
  const parts: string[] = []
  if (counts.errors.length > 0) parts.push(`${counts.errors.length} change(s) could not be applied to Medusa`)
  if (counts.gave_up > 0) parts.push(`${counts.gave_up} given up after the last retry`)
  if (counts.retrying > 0) parts.push(`${counts.retrying} wait(s) for a retry: the page is not acknowledged`)
  return parts.length > 0 ? parts.join("; ") : null
}

function accumulate(summary: ProviderSyncSummary, counts: ApplyStatusChangesResult): void {
  summary.received += counts.received
  summary.applied += counts.applied
  for (const key of EFFECT_COUNTERS) summary[key] += counts[key]
  // keep the report small whatever the page size
  summary.errors.push(...counts.errors.slice(0, Math.max(0, 50 - summary.errors.length)))
}
