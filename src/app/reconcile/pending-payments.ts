/**
 * Reconciliation of lost callbacks: tbc-checkout payment sessions still pending in Medusa some
 * minutes after they were opened, whose callback never arrived (or arrived long ago and changed
 * nothing). We ask the bank for each one and, when the bank says it is held or paid, drive
 * Medusa's own `processPaymentWorkflow` with the action the callback would have produced, so a
 * lost callback never loses an order.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { TbcProviderRegistration } from "../tbc-providers"
import { webhookAction } from "../../lib/checkout-status"
import { WEBHOOK_ACTION } from "../../lib/medusa-statuses"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import type { PgConnection } from "../../modules/tbc/pg-connection"
import { LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import { bankClientFor } from "../bank-clients"
import type { TbcClientView } from "../../lib/tbc"
import { CircuitBreaker, DEFAULT_BREAKER_FAILURES, isBankOutage } from "../../lib/job-rules"
import { settleStrandedPayment, type OrphanOutcome } from "../../providers/tbc-checkout/money-moves/orphans"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { noticeToAdmin } from "./admin-notice"
import { sessionHasOrder, sessionsToCheck, type SessionRow } from "./pending-sessions"
import { checkoutRegistrations, reconcileNow } from "./run-context"
import { readPendingReconcileMinutes } from "../../lib/preauth-options"
import { DAY_MS } from "../../lib/preauth-deadline"

/**
 * Sessions older than this are left alone: the bank's hosted page lives at most a day
 * (expirationMinutes ≤ 1440), so an unpaid one has expired by then. Bounds how long an abandoned
 * checkout keeps being looked up.
 */
export const PENDING_MAX_AGE_MS = DAY_MS + 60 * 60 * 1000
/**
 * Bank look-ups per provider and run at most; oldest first, so that after an outage the sessions
 * closest to the age limit are read before they fall out of the window, and none is starved.
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
  /** the job lock's abort signal: stop before the next session once it is set */
  signal?: AbortSignal
  /** wall time per registration and run (default PENDING_RUN_BUDGET_MS) */
  budgetMs?: number
}

export type PendingOutcome =
  | "processed"
  | "still_open"
  | "not_paid"
  | "no_pay_id"
  | "recent_callback"
  /** the session was deleted after it was listed: never processed (the orphan sweep handles the money) */
  | "session_gone"
  /** driven, but no order exists (the cart could not be completed): the orphan policy acted */
  | "not_completed"
  | "error"

export interface PendingReconcileResult {
  session_id: string
  pay_id: string | null
  bank_status: string | null
  action: string | null
  outcome: PendingOutcome
  /** for not_completed: what the orphan policy did with the money */
  orphan_outcome?: OrphanOutcome
  error?: string
}

/** A callback accepted within the window is still being processed by Medusa's subscriber. */
async function hasRecentAcceptedCallback(
  container: MedusaContainer,
  payId: string,
  now: Date,
  olderThanMinutes: number
): Promise<boolean> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listCallbackLogs(
    { pay_id: payId, result: "accepted" },
    { take: 1, order: { created_at: "DESC" } }
  )
  const latest = rows[0]
  return latest !== undefined && now.getTime() - new Date(latest.created_at).getTime() < olderThanMinutes * 60_000
}

interface RunContext {
  container: MedusaContainer
  registration: TbcProviderRegistration
  client: TbcClientView
  ledger: LedgerStore
  breaker: CircuitBreaker
  now: Date
  olderThanMinutes: number
}

/**
 * processPaymentWorkflow swallows a failed cart completion (e.g. the last unit sold out), so what
 * it did is read back: an order must exist for the cart. If none does while the bank holds or took
 * the money, the orphan policy acts on it (released / refunded, or left for the admin) and the
 * admin is told; the attention list shows it from our record.
 */
async function checkWhatProcessingDid(
  ctx: RunContext,
  session: SessionRow,
  payId: string,
  result: PendingReconcileResult
): Promise<PendingReconcileResult> {
  if (await sessionHasOrder(ctx.container, session.id)) return { ...result, outcome: "processed" }
  const options = parseCheckoutOptions(ctx.registration.options)
  const logger = ctx.container.resolve(ContainerRegistrationKeys.LOGGER)
  const stranded = await settleStrandedPayment({
    checkout: ctx.client.checkout,
    ledger: ctx.ledger,
    payId,
    policy: options.orphanPolicy,
    reason: "the cart could not be completed after the payment (e.g. an item sold out)",
    logger: {
      debug: () => undefined,
      info: (msg: string) => logger.info(`[tbc reconcile] ${msg}`),
      warn: (msg: string) => logger.warn(`[tbc reconcile] ${msg}`),
      error: (msg: string) => logger.error(`[tbc reconcile] ${msg}`),
    },
  })
  if (stranded === "cancelled" || stranded === "refunded" || stranded === "notified" || stranded === "failed") {
    const done =
      stranded === "notified"
        ? "left for you to refund or complete (orphanPolicy notify)"
        : stranded === "failed"
          ? "could not be released; the next run tries again"
          : `${stranded} at the bank`
    await noticeToAdmin(
      ctx.container,
      "TBC payment without an order",
      `Payment ${payId} (session ${session.id}) was ${result.bank_status} at the bank, but its cart could not be completed into an order: the money was ${done}. See Settings → TBC Bank.`
    )
  }
  return { ...result, outcome: "not_completed", orphan_outcome: stranded }
}

async function reconcileSession(ctx: RunContext, session: SessionRow): Promise<PendingReconcileResult> {
  const { container, ledger, now, olderThanMinutes } = ctx
  const payId = typeof session.data?.payId === "string" ? session.data.payId : null
  const base = { session_id: session.id, pay_id: payId, bank_status: null, action: null }
  if (!payId) {
    return { ...base, outcome: "no_pay_id" }
  }
  if (await hasRecentAcceptedCallback(container, payId, now, olderThanMinutes)) {
    return { ...base, outcome: "recent_callback" }
  }
  let details: Awaited<ReturnType<TbcClientView["checkout"]["getPayment"]>>
  try {
    details = await ctx.client.checkout.getPayment(payId)
    ctx.breaker.success()
  } catch (error) {
    if (isBankOutage(error)) ctx.breaker.failure()
    else ctx.breaker.success()
    return { ...base, outcome: "error", error: error instanceof Error ? error.message : String(error) }
  }
  try {
    // also retires the session once the status is final (sessionsToCheck leaves it out)
    await ledger
      .applyByPayId(payId, { type: "bank_status", status: String(details.status), payId }, "job:reconcile")
      .catch(() => undefined)
    const action = webhookAction(String(details.status))
    const result = { ...base, bank_status: String(details.status), action }
    if (action !== WEBHOOK_ACTION.AUTHORIZED && action !== WEBHOOK_ACTION.SUCCESSFUL) {
      return { ...result, outcome: action === WEBHOOK_ACTION.NOT_SUPPORTED ? "still_open" : "not_paid" }
    }
    // The session may have been deleted since it was listed (cart total changed, new session):
    // processPaymentWorkflow must never see a session that does not exist (it would then look up
    // carts with no payment collection at all). Its money is the orphan sweep's business.
    if ((await ledger.byPayId(payId))?.session_gone_at) {
      return { ...result, outcome: "session_gone" }
    }
    // Exactly what Medusa's payment-webhook subscriber runs for the bank's callback.
    await processPaymentWorkflow(container).run({
      input: { action, data: { session_id: session.id, amount: session.amount } },
    })
    return await checkWhatProcessingDid(ctx, session, payId, { ...result, outcome: "processed" })
  } catch (error) {
    return { ...base, outcome: "error", error: error instanceof Error ? error.message : String(error) }
  }
}

function logResult(logger: { info(m: string): void; warn(m: string): void }, result: PendingReconcileResult): void {
  const who = `session ${result.session_id} (payId ${result.pay_id})`
  if (result.outcome === "processed") {
    logger.info(
      `[tbc reconcile] ${who} was ${result.bank_status} at the bank without a callback: processed as ${result.action}, order placed`
    )
  } else if (result.outcome === "not_completed") {
    logger.warn(
      `[tbc reconcile] ${who} was ${result.bank_status} at the bank but no order could be made; orphan policy: ${result.orphan_outcome}`
    )
  } else if (result.outcome === "session_gone") {
    logger.info(`[tbc reconcile] ${who} was deleted meanwhile: not processed (orphan sweep)`)
  } else if (result.outcome === "error") {
    logger.warn(`[tbc reconcile] ${who} could not be reconciled: ${result.error}`)
  }
}

/**
 * One pass over every tbc-checkout registration; never throws for one bad session. The
 * registration's shared bank client (so its token, shared with the provider and the routes), with
 * a job's fewer retries; the circuit breaker is per run: after `breakerFailures` bank failures in
 * a row the registration's run stops, and the rest waits for the next run.
 */
export async function reconcilePendingCheckoutPayments(
  container: MedusaContainer,
  input: PendingReconcileInput = {}
): Promise<PendingReconcileResult[]> {
  const now = reconcileNow(input.now, "reconcilePendingCheckoutPayments")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = new LedgerStore(container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))
  const results: PendingReconcileResult[] = []
  for (const registration of checkoutRegistrations(container)) {
    const olderThanMinutes = input.olderThanMinutes ?? readPendingReconcileMinutes(registration.options)
    const sessions = await sessionsToCheck(container, registration, {
      newest: new Date(now.getTime() - olderThanMinutes * 60_000),
      oldest: new Date(now.getTime() - PENDING_MAX_AGE_MS),
      limit: PENDING_BATCH,
    })
    if (sessions.length === 0) continue
    const breaker = new CircuitBreaker(input.breakerFailures ?? DEFAULT_BREAKER_FAILURES)
    const client = bankClientFor(registration, container, { maxRetries: 1 })
    const ctx: RunContext = { container, registration, client, ledger, breaker, now, olderThanMinutes }
    const stopAt = Date.now() + (input.budgetMs ?? PENDING_RUN_BUDGET_MS)
    for (const [index, session] of sessions.entries()) {
      if (input.signal?.aborted) break
      if (Date.now() >= stopAt) {
        logger.warn(
          `[tbc reconcile] ${registration.providerId}: run time budget spent; ${sessions.length - index} session(s) left for the next run`
        )
        break
      }
      if (breaker.open) {
        logger.warn(
          `[tbc reconcile] ${registration.providerId}: ${breaker.limit} bank failures in a row; ${sessions.length - index} session(s) left for the next run`
        )
        break
      }
      const result = await reconcileSession(ctx, session)
      logResult(logger, result)
      results.push(result)
    }
  }
  return results
}
