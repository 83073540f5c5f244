/**
 * An order's TBC checkout payment while the bank still holds it (authorized, neither captured, any
 * of it, nor canceled in Medusa: holdIsOpen, src/lib/capture-amount.ts), and whether the order has
 * an open order edit: what the capture from an order change
 * (src/workflows/payments/capture-order-change.ts), the guard on Medusa's order-edit confirmation
 * (src/api/tbc-middlewares/held-order-changes.ts) and the order-cancel hook decide on.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { holdIsOpen } from "../../lib/capture-amount"
import { isCheckoutProviderId } from "../../lib/checkout-choices"
import { findOrderTbcPayment, type OrderTbcPayment } from "./order-payment"

/** A TBC checkout payment Medusa has neither captured (any of) nor canceled: the bank still holds it. */
export const isHeldCheckout = (payment: OrderTbcPayment): boolean =>
  isCheckoutProviderId(payment.provider_id) && holdIsOpen(payment)

/** The order's held TBC checkout payment; null when it has none (or it was captured or canceled). */
export async function heldCheckoutPaymentOf(
  container: MedusaContainer,
  orderId: string
): Promise<OrderTbcPayment | null> {
  const payment = await findOrderTbcPayment(container, orderId)
  return payment && isHeldCheckout(payment) ? payment : null
}

/** As heldCheckoutPaymentOf, but an order without a held TBC payment is refused, saying why. */
export async function findHeldCheckoutPayment(container: MedusaContainer, orderId: string): Promise<OrderTbcPayment> {
  const payment = await findOrderTbcPayment(container, orderId)
  if (payment === undefined) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} was not found`)
  if (!payment || !isHeldCheckout(payment)) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "id: this order has no TBC card payment the bank still holds, so there is nothing to capture from it"
    )
  }
  return payment
}

/** The order's open order edit (pending or requested), if any: the change Medusa's confirmation would confirm. */
export async function openOrderEditOf(
  container: MedusaContainer,
  orderId: string
): Promise<{ id: string; status: string } | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order_change",
    fields: ["id", "status", "change_type"],
    filters: { order_id: orderId, status: ["pending", "requested"] },
  })
  const change = (data as { id: string; status: string; change_type?: string | null }[]).find(
    (candidate) => candidate.change_type === "edit"
  )
  return change ? { id: change.id, status: change.status } : null
}
