/**
 * One ledger charge driven by the lost-callback job, as the step the ledger's rules name for it
 * (nextJobStep in src/lib/ledger/guards.ts):
 *   read_bank       → ask the bank (the callback may have been lost), move the entry; if the bank
 *                     now holds or took the money, go on to place its order;
 *   complete_order  → Medusa's facts through Query (orderStepOf): record the order that already
 *                     owns the money, or complete the cart (Medusa's complete-cart workflow, so the
 *                     failure's reason is seen: processPaymentWorkflow swallows it). A transient or
 *                     unknown failure leaves the money held for the next run (counted on the entry;
 *                     only the bank failing as a whole counts towards the circuit breaker); a
 *                     permanent one (sold out, cart invalid) is recorded and the admin told;
 *   orphan_policy   → the money can never become an order: a permanent refusal older than
 *                     PERMANENT_REFUSAL_GRACE_MS gets the orphan policy (released / refunded, or
 *                     left for the admin), and the admin is told.
 * Why a grace before the orphan policy: the merchant may restock or fix the cart within it, and a
 * refusal seen while Medusa was still placing the order from the same money (a callback racing the
 * job) is recognised as the order's on the next run instead of being returned.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { completeCartWorkflowId, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import {
  PERMANENT_REFUSAL_GRACE_MS,
  classifyCompletionFailure,
  nextJobStep,
  type CompletionFailure,
  type JobStep,
} from "../../lib/ledger/guards"
import { FINAL_CHARGE_STATES } from "../../lib/ledger/states"
import { orderStepOf, type OrderStep } from "../../lib/ledger/order-of-charge"
import { webhookAction } from "../../lib/checkout-status"
import { WEBHOOK_ACTION } from "../../lib/medusa-statuses"
import { minorToMajor } from "../../lib/money"
import { isBankOutage, type CircuitBreaker } from "../../lib/job-rules"
import type { TbcClientView, TbcLogger } from "../../lib/tbc"
import { recordError, type LedgerEntry, type LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import { settleStrandedPayment, type OrphanOutcome } from "../../providers/tbc-checkout/money-moves/orphans"
import type { OrphanPolicy } from "../../providers/tbc-checkout/options"
import { medusaFactsOf, queryOf } from "./medusa-facts"
import { cancelPaymentWithoutOrder } from "./payment-without-order"

/** The part of Medusa's workflow engine module used here (what the store's "complete cart" route calls). */
type WorkflowEngine = {
  run(
    workflowId: string,
    options: { input: unknown; throwOnError: false }
  ): Promise<{ errors?: Array<{ error: unknown }>; transaction: { hasFinished(): boolean } }>
}

/** Who moved an entry, in the ledger's audit trail. */
export const JOB_ACTOR = "job:reconcile"

export type PendingOutcome =
  /** the job placed the order from the charge's money */
  | "processed"
  /** an order already owned the money (placed by the shopper or a callback): recorded, nothing done */
  | "order_known"
  /** Medusa made a payment from the session and is still placing its order: next run */
  | "in_progress"
  /** the bank has not decided, or the shopper has not paid yet */
  | "still_open"
  /** the bank says nothing was or is held any more (refused, expired, returned) */
  | "not_paid"
  /** a callback accepted within the window is still being processed by Medusa */
  | "recent_callback"
  /** Medusa deleted the session: never processed (the orphan sweep handles the money) */
  | "session_gone"
  /** placing the order failed for a transient reason: the money stays held, the next run retries */
  | "completion_failed"
  /** Medusa refused the cart (sold out, invalid, ordered with other money): the orphan policy follows after a grace */
  | "completion_refused"
  /** the money can never become an order: the orphan policy acted */
  | "not_completed"
  | "error"

export interface PendingReconcileResult {
  /** the ledger entry (tbc_payment) driven */
  entry_id: string
  kind: string
  session_id: string
  pay_id: string | null
  /** the bank's status as last read (this run or before) */
  bank_status: string | null
  /** the webhook action that status means */
  action: string | null
  outcome: PendingOutcome
  /** for not_completed: what the orphan policy did with the money */
  orphan_outcome?: OrphanOutcome
  /** why it failed (error, completion_failed, completion_refused) */
  error?: string
}

export interface DriveContext {
  container: MedusaContainer
  client: TbcClientView
  ledger: LedgerStore
  /** the run's circuit breaker, or what records its signals for it (./drive-one.ts) */
  breaker: Pick<CircuitBreaker, "success" | "failure">
  now: Date
  orphanPolicy: OrphanPolicy
  logger: TbcLogger
  /** a callback for this payId accepted within the window (Medusa is still processing it) */
  recentCallback(payId: string): Promise<boolean>
  notice(title: string, description: string): Promise<void>
}

const resultOf = (entry: LedgerEntry): PendingReconcileResult => ({
  entry_id: entry.id,
  kind: entry.kind,
  session_id: entry.payment_session_id,
  pay_id: entry.pay_id,
  bank_status: entry.bank_status,
  action: entry.bank_status ? webhookAction(entry.bank_status) : null,
  outcome: "still_open",
})

/** Reads the bank and moves the entry; the breaker counts outages only (a 404 says nothing of the bank's health). */
async function readBank(ctx: DriveContext, entry: LedgerEntry): Promise<LedgerEntry> {
  let status: string
  try {
    status = String((await ctx.client.checkout.getPayment(entry.pay_id!)).status)
    ctx.breaker.success()
  } catch (error) {
    if (isBankOutage(error)) ctx.breaker.failure()
    else ctx.breaker.success()
    throw error
  }
  const moved = await ctx.ledger.apply(entry.id, { type: "bank_status", status, payId: entry.pay_id! }, JOB_ACTOR)
  if (!moved.ok) throw new Error(`the ledger did not take the bank's status ${status}: ${moved.reason}`)
  return moved.entry
}

/** The money belongs to this order: recorded (and that a Medusa payment was made from the session). */
async function markOwned(ctx: DriveContext, entry: LedgerEntry, orderId: string): Promise<void> {
  await ctx.ledger.markAuthorized(entry.id, JOB_ACTOR)
  await ctx.ledger.markOrder(entry.id, orderId, JOB_ACTOR)
}

async function placeOrder(
  ctx: DriveContext,
  entry: LedgerEntry,
  order: Extract<OrderStep, { step: "complete_cart" | "process_payment" | "attach_to_order" }>
): Promise<void> {
  if (order.step === "complete_cart") {
    // Through the workflow engine, as Medusa's own "complete cart" route runs it: run directly,
    // a step failing inside its parallel block (inventory) broke the compensation and left an
    // order without payment. Its error carries Medusa's reason (type and message).
    const engine = ctx.container.resolve<WorkflowEngine>(Modules.WORKFLOW_ENGINE)
    const { errors, transaction } = await engine.run(completeCartWorkflowId, {
      input: { id: order.cartId },
      throwOnError: false,
    })
    if (!transaction.hasFinished()) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "the cart is being completed by another request")
    }
    if (errors?.[0]) throw errors[0].error
    return
  }
  // an order without money, or no cart (an order edit's collection): what Medusa's webhook
  // subscriber runs for the callback (it authorizes the session into the existing order)
  // from the ledger's state, not the last status word: PartialReturned is money taken too
  const action = entry.state === "held" ? WEBHOOK_ACTION.AUTHORIZED : WEBHOOK_ACTION.SUCCESSFUL
  await processPaymentWorkflow(ctx.container).run({
    input: { action, data: { session_id: entry.payment_session_id, amount: minorToMajor(entry.amount) } },
  })
}

async function failedCompletion(
  ctx: DriveContext,
  entry: LedgerEntry,
  result: PendingReconcileResult,
  failure: CompletionFailure
): Promise<PendingReconcileResult> {
  const firstRefusal = failure.kind === "permanent" && entry.completion_refused_at === null
  await ctx.ledger.recordCompletionFailure(entry.id, failure, JOB_ACTOR)
  if (failure.kind !== "permanent") {
    // only the bank failing as a whole stops the run: one cart failing again (a store's hook, a
    // lock) says nothing of the next one, which must still become its order (counted on the
    // entry instead, and listed after a few: attentionReason)
    if (failure.bankWide) ctx.breaker.failure()
    return { ...result, outcome: "completion_failed", error: failure.reason }
  }
  if (firstRefusal) {
    const minutes = Math.round(PERMANENT_REFUSAL_GRACE_MS / 60_000)
    await ctx.notice(
      "TBC payment: the order could not be placed",
      `Payment ${entry.pay_id} (session ${entry.payment_session_id}) is ${entry.bank_status} at the bank, but Medusa refused to place its cart's order: ${failure.reason}. ` +
        `The money stays at the bank; the order is retried for ${minutes} minutes, then the orphan policy (${ctx.orphanPolicy}) applies. See Settings → TBC Bank.`
    )
  }
  return { ...result, outcome: "completion_refused", error: failure.reason }
}

/** Past the grace: released or refunded (or left for the admin) under the orphan policy. */
async function settleNeverOrdered(
  ctx: DriveContext,
  entry: LedgerEntry,
  result: PendingReconcileResult
): Promise<PendingReconcileResult> {
  const why = entry.completion_failure?.replace(/^permanent: /, "") ?? "Medusa refused the cart"
  const stranded = await settleStrandedPayment({
    checkout: ctx.client.checkout,
    ledger: ctx.ledger,
    payId: entry.pay_id!,
    policy: ctx.orphanPolicy,
    reason: `the cart could not be completed after the payment: ${why}`,
    logger: ctx.logger,
  })
  if (stranded === "cancelled" || stranded === "refunded") {
    // a Medusa payment no order followed is cancelled in Medusa too (the bank moves nothing more)
    await cancelPaymentWithoutOrder(ctx.container, entry.payment_session_id, entry.pay_id)
  }
  if (stranded === "cancelled" || stranded === "refunded" || stranded === "notified" || stranded === "failed") {
    const done =
      stranded === "notified"
        ? "left for you to refund or complete (orphanPolicy notify)"
        : stranded === "failed"
          ? "could not be released; the next run tries again"
          : `${stranded} at the bank`
    await ctx.notice(
      "TBC payment without an order",
      `Payment ${entry.pay_id} (session ${entry.payment_session_id}) was ${entry.bank_status} at the bank, but its cart could not be completed into an order (${why}): the money was ${done}. See Settings → TBC Bank.`
    )
  }
  return { ...result, outcome: "not_completed", orphan_outcome: stranded }
}

async function placeOrSettle(
  ctx: DriveContext,
  entry: LedgerEntry,
  step: JobStep,
  result: PendingReconcileResult,
  callbackChecked: boolean
): Promise<PendingReconcileResult> {
  const query = queryOf(ctx.container)
  const order = orderStepOf(await medusaFactsOf(query, entry, ctx.now))
  switch (order.step) {
    case "mark_order":
      await markOwned(ctx, entry, order.orderId)
      return { ...result, outcome: "order_known" }
    case "wait":
      return { ...result, outcome: "in_progress" }
    case "session_gone":
      await ctx.ledger.markSessionGone(entry.pay_id!, JOB_ACTOR)
      return { ...result, outcome: "session_gone" }
  }
  // past the grace the money is released, unless the cart became an order without money: then
  // this money pays it (never an unpaid order beside money held for it). Money the ledger calls
  // "session gone" is the orphan sweep's: it asks Medusa whether the session is really gone
  // (./session-gone.ts), and Medusa still shows it here, so nothing goes back from this run
  if (step === "orphan_policy" && order.step !== "attach_to_order") {
    if (entry.session_gone_at !== null) return { ...result, outcome: "session_gone" }
    return settleNeverOrdered(ctx, entry, result)
  }
  if (!callbackChecked && (await ctx.recentCallback(entry.pay_id!))) return { ...result, outcome: "recent_callback" }
  if (order.step === "ordered_elsewhere") {
    const reason = `the cart already became order ${order.orderId}, paid with other money`
    return failedCompletion(ctx, entry, result, { kind: "permanent", reason })
  }
  try {
    await placeOrder(ctx, entry, order)
  } catch (error) {
    return failedCompletion(ctx, entry, result, classifyCompletionFailure(error))
  }
  const placed = orderStepOf(await medusaFactsOf(query, entry, ctx.now))
  if (placed.step === "mark_order") {
    await markOwned(ctx, entry, placed.orderId)
    return { ...result, outcome: "processed" }
  }
  if (placed.step === "wait") return { ...result, outcome: "in_progress" }
  return failedCompletion(ctx, entry, result, {
    kind: "transient",
    reason: "the cart was completed, but no Medusa payment was made from this charge's session",
  })
}

/** Drives one charge; never throws (an unexpected failure is the result's `error`). */
export async function driveCharge(ctx: DriveContext, entry: LedgerEntry): Promise<PendingReconcileResult> {
  let result = resultOf(entry)
  try {
    let current = entry
    let step = nextJobStep(current, ctx.now)
    let callbackChecked = false
    if (step === "read_bank") {
      if (await ctx.recentCallback(entry.pay_id!)) return { ...result, outcome: "recent_callback" }
      callbackChecked = true
      current = await readBank(ctx, current)
      result = { ...resultOf(current), outcome: result.outcome }
      step = nextJobStep(current, ctx.now)
    }
    if (step !== "complete_order" && step !== "orphan_policy") {
      const over = (FINAL_CHARGE_STATES as readonly string[]).includes(current.state)
      return { ...result, outcome: over ? "not_paid" : "still_open" }
    }
    return await placeOrSettle(ctx, current, step, result, callbackChecked)
  } catch (error) {
    return { ...result, outcome: "error", error: recordError(error) }
  }
}
