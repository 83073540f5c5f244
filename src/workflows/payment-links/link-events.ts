/**
 * What Medusa's events mean for the TBC payment links (src/subscribers/tbc-payment-links.ts):
 * - payment.captured of a link's session: the link is paid, the ledger records the order as its
 *   money's owner, and a draft order is converted to an order with Medusa's convertDraftOrderWorkflow
 *   (what the admin's "Convert to order" runs). Any other capture on an order with a live link:
 *   the order may now owe another amount (or nothing), so its links are reviewed;
 * - order.canceled, order-edit.confirmed: the order's live links are reviewed (closed as canceled,
 *   changed or paid elsewhere; their live session deleted).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { convertDraftOrderWorkflow } from "@medusajs/medusa/core-flows"
import { ledgerOf, recordError } from "../../modules/tbc/ledger/ledger-store"
import { linkOfSession, linkOrderOf } from "../../use-cases/payment-links/link-facts"
import { orderOfCollection, queryOf } from "../../use-cases/reconcile/medusa-facts"
import { markLinkPaid, reviewOrderLinks } from "./close-link"

export const LINK_ACTOR = "workflow:payment-link"

interface PaymentRow {
  id: string
  payment_session_id?: string | null
  payment_collection_id?: string | null
}

export async function onPaymentCaptured(container: MedusaContainer, paymentId: string): Promise<void> {
  const { data } = await queryOf(container).graph({
    entity: "payment",
    fields: ["id", "payment_session_id", "payment_collection_id"],
    filters: { id: paymentId },
  })
  const payment = data[0] as PaymentRow | undefined
  if (!payment) return
  const link = payment.payment_session_id ? await linkOfSession(container, payment.payment_session_id) : undefined
  if (!link) {
    const orderId = await orderOfCollection(queryOf(container), payment.payment_collection_id)
    if (orderId) await reviewOrderLinks(container, orderId)
    return
  }
  await markLinkPaid(container, link)
  const ledger = ledgerOf(container)
  for (const charge of await ledger.chargesOfSession(link.payment_session_id!)) {
    if (charge.order_id === null) await ledger.markOrder(charge.id, link.order_id, LINK_ACTOR)
  }
  const order = await linkOrderOf(container, link.order_id)
  if (order.is_draft_order) {
    await convertDraftOrderWorkflow(container).run({ input: { id: link.order_id } })
  }
}

/** Runs `work`, logging (never throwing) a failure: an event handler must not fail Medusa's flow. */
export async function logged(container: MedusaContainer, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work()
  } catch (error) {
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[tbc] payment links, ${what}: ${recordError(error)}`)
  }
}
