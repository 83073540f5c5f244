/**
 * Reconciliation of lost callbacks, from the money ledger: every tbc-checkout charge (web payment
 * or saved-card execution) that the ledger's rules say needs work (nextJobStep: read the bank,
 * place the order, or the orphan policy) is driven by ./drive-charge.ts, so a lost callback never
 * loses an order, whichever way the charge was made. Medusa's data is read through Query only.
 *
 * Protections of a run: the age window (too young: a callback may still come; an unpaid one past
 * the bank page's lifetime is not read again), a batch per provider (money first, then oldest),
 * a wall-time budget, a circuit breaker on bank failures, the recent-callback skip, and the job
 * lock's abort signal.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PgConnection } from "../../modules/tbc/ledger/ledger-store"
import { lostCallbackCandidates } from "../../modules/tbc/ledger/job-reads"
import { CircuitBreaker, DEFAULT_BREAKER_FAILURES } from "../../lib/job-rules"
import type { PendingReconcileResult } from "./drive-charge"
import { driveLedgerCharge, type DriveOne } from "./drive-one"
import { checkoutRegistrations, reconcileNow } from "./run-context"
import { readPendingReconcileMinutes } from "../../lib/preauth-options"
import { DAY_MS } from "../../lib/preauth-deadline"

export type { PendingOutcome, PendingReconcileResult } from "./drive-charge"
export type { DriveChargeInput, DriveChargeOutput, DriveOne } from "./drive-one"

/**
 * Unpaid charges older than this are left alone: the bank's hosted page lives at most a day
 * (expirationMinutes ≤ 1440), so an unpaid one has expired by then. Bounds how long an abandoned
 * checkout keeps being looked up. Money held or taken without an order has no such limit.
 */
export const PENDING_MAX_AGE_MS = DAY_MS + 60 * 60 * 1000
/**
 * Charges driven per provider and run at most; money first, then oldest first, so that after an
 * outage the unpaid ones closest to the age limit are read before they fall out of the window.
 */
export const PENDING_BATCH = 200
/**
 * Wall time one run may spend per registration before it leaves the rest for the next run: a run
 * never outlasts its 5-minute tick, and never keeps the instance's scheduled-job worker (BullMQ
 * runs one job at a time unless `jobWorkerOptions.concurrency` is raised) from the installment sync.
 */
export const PENDING_RUN_BUDGET_MS = 2 * 60 * 1000

export interface PendingReconcileInput {
  /** ISO time taken as "now" (tests move it forward); default the real clock */
  now?: string
  /** override of the checkout option `pendingReconcileMinutes` */
  olderThanMinutes?: number
  /** bank failures in a row that stop the run (default DEFAULT_BREAKER_FAILURES) */
  breakerFailures?: number
  /** the job lock's abort signal: stop before the next charge once it is set */
  signal?: AbortSignal
  /** wall time per registration and run (default PENDING_RUN_BUDGET_MS) */
  budgetMs?: number
}

function logResult(logger: { info(m: string): void; warn(m: string): void }, result: PendingReconcileResult): void {
  const who = `${result.kind} charge ${result.entry_id} (payId ${result.pay_id}, session ${result.session_id})`
  switch (result.outcome) {
    case "processed":
      return logger.info(
        `[tbc reconcile] ${who} was ${result.bank_status} at the bank without a callback: order placed`
      )
    case "completion_failed":
      return logger.warn(`[tbc reconcile] ${who}: the order could not be placed yet (retried): ${result.error}`)
    case "completion_refused":
      return logger.warn(`[tbc reconcile] ${who}: Medusa refused the order: ${result.error}`)
    case "not_completed":
      return logger.warn(
        `[tbc reconcile] ${who} was ${result.bank_status} at the bank but no order could be made; orphan policy: ${result.orphan_outcome}`
      )
    case "session_gone":
      return logger.info(`[tbc reconcile] ${who}: its session was deleted: not processed (orphan sweep)`)
    case "error":
      return logger.warn(`[tbc reconcile] ${who} could not be reconciled: ${result.error}`)
  }
}

/**
 * One pass over every tbc-checkout registration; never throws for one bad charge. Each charge is
 * driven by `driveOne` (./drive-one.ts: the registration's shared bank client, so its token,
 * shared with the provider and the routes, with a job's fewer retries); the scheduled job and the
 * reconcile workflow hand in the per-entry workflow (src/workflows/reconcile/per-entry.ts),
 * which runs under the job's lock this loop holds. The circuit breaker is per run: after
 * `breakerFailures` bank failures in a row the registration's run stops, and the rest waits for
 * the next run.
 */
export async function reconcilePendingCheckoutPayments(
  container: MedusaContainer,
  input: PendingReconcileInput = {},
  driveOne: DriveOne = (one) => driveLedgerCharge(container, one)
): Promise<PendingReconcileResult[]> {
  const now = reconcileNow(input.now, "reconcilePendingCheckoutPayments")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const results: PendingReconcileResult[] = []
  for (const registration of await checkoutRegistrations(container)) {
    const olderThanMinutes = input.olderThanMinutes ?? readPendingReconcileMinutes(registration.options)
    const entries = await lostCallbackCandidates(pg, registration.providerId, {
      newest: new Date(now.getTime() - olderThanMinutes * 60_000),
      oldest: new Date(now.getTime() - PENDING_MAX_AGE_MS),
      limit: PENDING_BATCH,
    })
    if (entries.length === 0) continue
    const breaker = new CircuitBreaker(input.breakerFailures ?? DEFAULT_BREAKER_FAILURES)
    const stopAt = Date.now() + (input.budgetMs ?? PENDING_RUN_BUDGET_MS)
    for (const [index, entry] of entries.entries()) {
      if (input.signal?.aborted) break
      const left = `${entries.length - index} charge(s) left for the next run`
      if (Date.now() >= stopAt) {
        logger.warn(`[tbc reconcile] ${registration.providerId}: run time budget spent; ${left}`)
        break
      }
      if (breaker.open) {
        logger.warn(`[tbc reconcile] ${registration.providerId}: ${breaker.limit} failures in a row; ${left}`)
        break
      }
      const driven = await driveOne({
        entryId: entry.id,
        providerId: registration.providerId,
        now: now.toISOString(),
        olderThanMinutes,
      })
      for (const signal of driven.breaker) {
        if (signal === "failure") breaker.failure()
        else breaker.success()
      }
      if (!driven.result) continue
      logResult(logger, driven.result)
      results.push(driven.result)
    }
  }
  return results
}
