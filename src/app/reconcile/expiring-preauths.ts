/**
 * Preauthorizations approaching the bank's 30-day limit. The bank releases a held amount 30 days
 * after authorization; before that happens we notify (Medusa's notification module, admin feed
 * channel, when configured; always a log line; the order widget shows the warning too) and, per
 * the checkout option `preauthExpiryAction`, complete (capture) or cancel the payment through
 * Medusa's own workflows, so Medusa and the bank stay in step.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { TbcClientView } from "../../lib/tbc"
import { preauthExpiryStep } from "../../lib/job-rules"
import { withPaymentLock } from "./locks"
import { noticeToAdmin } from "./admin-notice"
import { isCapturable, isNoLongerHeld } from "../../lib/checkout-status"
import { bankClientFor } from "../bank-clients"
import { retirePreauth, uncapturedPayments, type UncapturedPayment } from "./uncaptured-payments"
import { checkoutRegistrations, reconcileNow } from "./run-context"
import { preauthDeadline, type PreauthDeadline } from "../../lib/preauth-deadline"
import { readPreauthExpiryAction, readPreauthWarningDays, type PreauthExpiryAction } from "../../lib/preauth-options"

export interface PreauthReconcileInput {
  /** ISO time taken as "now" (tests move it forward); default the real clock */
  now?: string
  /** override of the checkout option `preauthExpiryAction` */
  action?: PreauthExpiryAction
  /** payments read per database query (default UNCAPTURED_PAGE_SIZE) */
  pageSize?: number
}

export type PreauthOutcome = "notified" | "completed" | "canceled" | "not_held" | "error"

export interface PreauthReconcileResult {
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

type PaymentRow = UncapturedPayment

async function orderIdOf(container: MedusaContainer, paymentCollectionId: string | undefined): Promise<string | null> {
  if (!paymentCollectionId) return null
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "order.id"],
    filters: { id: paymentCollectionId },
  })
  return (data[0] as { order?: { id?: string } } | undefined)?.order?.id ?? null
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
 * Under the payment's lock (the admin's capture and cancel take the same one), re-reads Medusa and
 * the bank and only then acts: a capture that landed since the first read is never followed by a
 * cancel, and an order with fulfillments is completed, never cancelled (preauthExpiryStep).
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

async function reconcilePayment(
  container: MedusaContainer,
  client: TbcClientView,
  payment: PaymentRow,
  deadline: PreauthDeadline,
  action: PreauthExpiryAction
): Promise<PreauthReconcileResult> {
  const payId = typeof payment.data?.payId === "string" ? payment.data.payId : null
  const result: PreauthReconcileResult = {
    payment_id: payment.id,
    order_id: null,
    pay_id: payId,
    bank_status: null,
    deadline: deadline.deadline,
    days_left: deadline.days_left,
    action,
    outcome: "error",
  }
  try {
    result.order_id = await orderIdOf(container, payment.payment_collection_id)
    if (!payId) throw new Error("the payment has no bank payId")
    const details = await client.checkout.getPayment(payId)
    result.bank_status = String(details.status)
    if (!isCapturable(result.bank_status)) {
      // completed, cancelled or already lapsed at the bank: nothing is held any more, and once
      // that is final the payment is not asked about again
      if (isNoLongerHeld(result.bank_status)) {
        await retirePreauth(container, { payment_id: payment.id, pay_id: payId, bank_status: result.bank_status })
      }
      return { ...result, outcome: "not_held" }
    }
    await notify(container, result)
    const outcome = await withPaymentLock(container, payment.id, () => actUnderLock(container, client, result))
    return { ...result, outcome }
  } catch (error) {
    return { ...result, outcome: "error", error: error instanceof Error ? error.message : String(error) }
  }
}

/** One pass over every tbc-checkout registration; never throws for one bad payment. */
export async function reconcileExpiringPreauths(
  container: MedusaContainer,
  input: PreauthReconcileInput = {}
): Promise<PreauthReconcileResult[]> {
  const now = reconcileNow(input.now, "reconcileExpiringPreauths")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const results: PreauthReconcileResult[] = []
  for (const registration of checkoutRegistrations(container)) {
    const action = input.action ?? readPreauthExpiryAction(registration.options)
    const warningDays = readPreauthWarningDays(registration.options)
    // the registration's shared client (its token too), with a job's fewer retries
    const client = bankClientFor(registration, container, { maxRetries: 1 })
    for await (const payment of uncapturedPayments(container, registration.providerId, input.pageSize)) {
      const authorizedAt = new Date(payment.payment_session?.authorized_at ?? payment.created_at)
      const deadline = preauthDeadline(authorizedAt, now, warningDays)
      if (!deadline.warning) continue
      const result = await reconcilePayment(container, client, payment, deadline, action)
      if (result.outcome === "error") {
        logger.warn(`[tbc reconcile] preauth ${result.pay_id} of payment ${result.payment_id}: ${result.error}`)
      } else if (result.outcome === "completed" || result.outcome === "canceled") {
        logger.info(
          `[tbc reconcile] preauth ${result.pay_id} of payment ${result.payment_id} ${result.outcome} before it lapses`
        )
      }
      results.push(result)
    }
  }
  return results
}
