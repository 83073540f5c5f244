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
import type { TbcProviderRegistration } from "../../lib/app/tbc-providers"
import { isCapturable, isNoLongerHeld } from "../../lib/checkout-status"
import { withBankClient } from "./bank-client"
import { retirePreauth, uncapturedPayments, type UncapturedPayment } from "./uncaptured-payments"
import { checkoutRegistrations, reconcileNow } from "./run-context"
import { preauthDeadline, type PreauthDeadline } from "./preauth-deadline"
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
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const what = `TBC preauthorization ${result.pay_id} (order ${result.order_id ?? "none"}) lapses at the bank on ${result.deadline} (${result.days_left} days left)`
  logger.warn(`[tbc reconcile] ${what}; action: ${result.action}`)
  try {
    const notifications = container.resolve(Modules.NOTIFICATION)
    await notifications.createNotifications({
      to: "",
      channel: "feed",
      template: "admin-ui",
      data: {
        title: "TBC preauthorization about to lapse",
        description: `${what}. ${result.action === "none" ? "Capture or cancel it in the order." : `It will be ${result.action === "complete" ? "completed" : "cancelled"} automatically.`}`,
      },
    })
  } catch (error) {
    // no notification module / no feed provider configured: the log line and the widget remain
    logger.debug(`[tbc reconcile] no admin notification sent: ${error instanceof Error ? error.message : error}`)
  }
}

async function act(container: MedusaContainer, result: PreauthReconcileResult): Promise<PreauthOutcome> {
  if (result.action === "complete") {
    await capturePaymentWorkflow(container).run({ input: { payment_id: result.payment_id } })
    return "completed"
  }
  if (result.action === "cancel") {
    if (result.order_id) {
      try {
        await cancelOrderWorkflow(container).run({ input: { order_id: result.order_id } })
        return "canceled"
      } catch (error) {
        // e.g. a fulfilled order cannot be cancelled: release the held amount alone
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(`[tbc reconcile] order ${result.order_id} could not be cancelled (${error instanceof Error ? error.message : error}); cancelling its payment only`)
      }
    }
    await container.resolve(Modules.PAYMENT).cancelPayment(result.payment_id)
    return "canceled"
  }
  return "notified"
}

async function reconcilePayment(
  container: MedusaContainer,
  registration: TbcProviderRegistration,
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
    const details = await withBankClient(registration, (client) => client.checkout.getPayment(payId), { maxRetries: 1 })
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
    return { ...result, outcome: await act(container, result) }
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
    for await (const payment of uncapturedPayments(container, registration.providerId, input.pageSize)) {
      const authorizedAt = new Date(payment.payment_session?.authorized_at ?? payment.created_at)
      const deadline = preauthDeadline(authorizedAt, now, warningDays)
      if (!deadline.warning) continue
      const result = await reconcilePayment(container, registration, payment, deadline, action)
      if (result.outcome === "error") {
        logger.warn(`[tbc reconcile] preauth ${result.pay_id} of payment ${result.payment_id}: ${result.error}`)
      } else if (result.outcome === "completed" || result.outcome === "canceled") {
        logger.info(`[tbc reconcile] preauth ${result.pay_id} of payment ${result.payment_id} ${result.outcome} before it lapses`)
      }
      results.push(result)
    }
  }
  return results
}
