/**
 * Preauthorizations approaching the bank's 30-day limit. The bank releases a held amount 30 days
 * after it started holding it; before that happens we notify (Medusa's notification module, admin
 * feed channel, when configured; always a log line; the order widget shows the warning too) and,
 * per the checkout option `preauthExpiryAction`, complete (capture) or cancel the payment through
 * Medusa's own workflows, so Medusa and the bank stay in step.
 *
 * What is read: the money ledger's held charges that a Medusa payment was made from, page by page
 * (heldPreauthPage in src/modules/tbc/ledger/job-reads.ts); Medusa's payment and order through Query. The deadline counts from the
 * ledger entry's created_at, the earliest moment the hold can have started (the bank's details
 * carry no hold time; docs/bank-behaviour.md, "When a preauthorization lapses").
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { TbcClientView } from "../../lib/tbc"
import { preauthExpiryStep } from "../../lib/job-rules"
import { withPaymentLock } from "./locks"
import { noticeToAdmin } from "./admin-notice"
import { isCapturable } from "../../lib/checkout-status"
import { bankClientFor } from "../bank-clients"
import { LedgerStore, recordError, type LedgerEntry, type PgConnection } from "../../modules/tbc/ledger/ledger-store"
import { FIRST_PAGE, heldPreauthPage, type PageCursor } from "../../modules/tbc/ledger/job-reads"
import { JOB_ACTOR } from "./drive-charge"
import { livePaymentOfSession, orderOfCollection, queryOf } from "./medusa-facts"
import { checkoutRegistrations, reconcileNow } from "./run-context"
import { preauthDeadline, type PreauthDeadline } from "../../lib/preauth-deadline"
import { readPreauthExpiryAction, readPreauthWarningDays, type PreauthExpiryAction } from "../../lib/preauth-options"

/** Ledger entries read per database query. */
export const HELD_PAGE_SIZE = 200

export interface PreauthReconcileInput {
  /** ISO time taken as "now" (tests move it forward); default the real clock */
  now?: string
  /** override of the checkout option `preauthExpiryAction` */
  action?: PreauthExpiryAction
  /** ledger entries read per database query (default HELD_PAGE_SIZE) */
  pageSize?: number
}

export type PreauthOutcome = "notified" | "completed" | "canceled" | "not_held" | "error"

export interface PreauthReconcileResult {
  /** the ledger entry (tbc_payment) of the held charge */
  entry_id: string
  /** the Medusa payment made from it ("" when Medusa has none any more) */
  payment_id: string
  order_id: string | null
  pay_id: string | null
  bank_status: string | null
  deadline: string
  days_left: number
  action: PreauthExpiryAction
  outcome: PreauthOutcome
  error?: string
}

async function notify(container: MedusaContainer, result: PreauthReconcileResult): Promise<void> {
  const what = `TBC preauthorization ${result.pay_id} (order ${result.order_id ?? "none"}) lapses at the bank on ${result.deadline} (${result.days_left} days left)`
  const next =
    result.action === "none"
      ? "Capture or cancel it in the order."
      : result.action === "complete"
        ? "It will be completed automatically."
        : "It will be cancelled automatically, unless the order has fulfillments: then it is completed."
  await noticeToAdmin(container, "TBC preauthorization about to lapse", `${what}; action: ${result.action}. ${next}`)
}

interface FreshFacts {
  captured: boolean
  canceled: boolean
  fulfilled: boolean
}

/** Medusa's own view of the payment and its order, read under the payment's lock. */
async function freshFacts(container: MedusaContainer, paymentId: string, orderId: string | null): Promise<FreshFacts> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: ["id", "captured_at", "canceled_at", "captures.id"],
    filters: { id: paymentId },
  })
  const payment = payments[0] as { captured_at?: unknown; canceled_at?: unknown; captures?: unknown[] } | undefined
  let fulfilled = false
  if (orderId) {
    const { data: orders } = await query.graph({
      entity: "order",
      fields: ["id", "fulfillments.id", "fulfillments.canceled_at"],
      filters: { id: orderId },
    })
    const fulfillments =
      (orders[0] as { fulfillments?: Array<{ canceled_at?: unknown } | null> } | undefined)?.fulfillments ?? []
    fulfilled = fulfillments.some((f) => f !== null && !f.canceled_at)
  }
  return {
    captured: !payment || Boolean(payment.captured_at) || (payment.captures ?? []).length > 0,
    canceled: !payment || Boolean(payment.canceled_at),
    fulfilled,
  }
}

/**
 * Under the payment's lock, re-reads Medusa and the bank and only then acts: a capture that landed
 * since the first read is never followed by a cancel, and an order with fulfillments is completed,
 * never cancelled (preauthExpiryStep). A capture an admin starts while the pass acts is refused by
 * the ledger (one open operation per charge), as is the pass's own operation while the admin's runs.
 */
async function actUnderLock(
  container: MedusaContainer,
  client: TbcClientView,
  result: PreauthReconcileResult
): Promise<PreauthOutcome> {
  const facts = await freshFacts(container, result.payment_id, result.order_id)
  const bankStatus = String((await client.checkout.getPayment(result.pay_id!)).status)
  result.bank_status = bankStatus
  const step = preauthExpiryStep({
    action: result.action,
    bankHolds: isCapturable(bankStatus),
    medusaCaptured: facts.captured,
    medusaCanceled: facts.canceled,
    fulfilled: facts.fulfilled,
  })
  if (step === "skip") return "not_held"
  if (step === "notify") return "notified"
  if (step === "complete") {
    await capturePaymentWorkflow(container).run({ input: { payment_id: result.payment_id } })
    return "completed"
  }
  if (result.order_id) {
    // no fallback to cancelling the payment alone: if the order cannot be cancelled (it changed
    // meanwhile), the hold stays, the admin was notified, and the next daily run decides again
    await cancelOrderWorkflow(container).run({ input: { order_id: result.order_id } })
    return "canceled"
  }
  await container.resolve(Modules.PAYMENT).cancelPayment(result.payment_id)
  return "canceled"
}

/** Held charges a Medusa payment was made from, oldest first, page by page (every one is reached). */
async function* heldPreauths(pg: PgConnection, providerId: string, pageSize: number): AsyncGenerator<LedgerEntry> {
  let after: PageCursor | undefined = FIRST_PAGE
  while (after) {
    const page = await heldPreauthPage(pg, providerId, after, pageSize)
    yield* page.entries
    after = page.next
  }
}

interface PassContext {
  container: MedusaContainer
  client: TbcClientView
  ledger: LedgerStore
  action: PreauthExpiryAction
}

async function reconcileHeldCharge(
  ctx: PassContext,
  entry: LedgerEntry,
  deadline: PreauthDeadline
): Promise<PreauthReconcileResult> {
  const { container, client, ledger, action } = ctx
  const payId = entry.pay_id!
  const result: PreauthReconcileResult = {
    entry_id: entry.id,
    payment_id: "",
    order_id: entry.order_id,
    pay_id: payId,
    bank_status: null,
    deadline: deadline.deadline,
    days_left: deadline.days_left,
    action,
    outcome: "error",
  }
  try {
    const query = queryOf(container)
    const payment = await livePaymentOfSession(query, entry.payment_session_id, payId)
    result.payment_id = payment?.id ?? ""
    result.order_id ??= payment ? await orderOfCollection(query, payment.payment_collection_id) : null
    const status = String((await client.checkout.getPayment(payId)).status)
    result.bank_status = status
    // every read moves the ledger: a charge the bank no longer holds leaves `held` and is not read again
    await ledger.apply(entry.id, { type: "bank_status", status, payId }, JOB_ACTOR)
    if (!isCapturable(status)) return { ...result, outcome: "not_held" }
    if (!payment) {
      throw new Error(
        `the bank holds it, but Medusa's payment of session ${entry.payment_session_id} was canceled: release it in TBC's merchant dashboard, or let it lapse`
      )
    }
    await notify(container, result)
    const outcome = await withPaymentLock(container, payment.id, () => actUnderLock(container, client, result))
    return { ...result, outcome }
  } catch (error) {
    return { ...result, outcome: "error", error: recordError(error) }
  }
}

/** One pass over every tbc-checkout registration; never throws for one bad payment. */
export async function reconcileExpiringPreauths(
  container: MedusaContainer,
  input: PreauthReconcileInput = {}
): Promise<PreauthReconcileResult[]> {
  const now = reconcileNow(input.now, "reconcileExpiringPreauths")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const ledger = new LedgerStore(pg)
  const results: PreauthReconcileResult[] = []
  for (const registration of await checkoutRegistrations(container)) {
    const action = input.action ?? readPreauthExpiryAction(registration.options)
    const warningDays = readPreauthWarningDays(registration.options)
    // the registration's shared client (its token too), with a job's fewer retries
    const client = bankClientFor(registration, container, { maxRetries: 1 })
    const ctx: PassContext = { container, client, ledger, action }
    for await (const entry of heldPreauths(pg, registration.providerId, input.pageSize ?? HELD_PAGE_SIZE)) {
      // from the earliest moment the bank can have started holding (written just before its call)
      const deadline = preauthDeadline(entry.created_at, now, warningDays)
      if (!deadline.warning) continue
      const result = await reconcileHeldCharge(ctx, entry, deadline)
      const who = `preauth ${result.pay_id} (ledger ${result.entry_id}, payment ${result.payment_id || "none"})`
      if (result.outcome === "error") {
        logger.warn(`[tbc reconcile] ${who}: ${result.error}`)
      } else if (result.outcome === "completed" || result.outcome === "canceled") {
        logger.info(`[tbc reconcile] ${who} ${result.outcome} before it lapses`)
      }
      results.push(result)
    }
  }
  return results
}
