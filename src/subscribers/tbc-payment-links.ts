/**
 * Medusa's events that move a TBC payment link (src/workflows/payment-links/link-events.ts):
 * payment.captured (2.21.2: data `{ id }` of the payment), order.canceled and
 * order-edit.confirmed (data `{ id }` / `{ order_id }`).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderEditWorkflowEvents, OrderWorkflowEvents, PaymentEvents } from "@medusajs/framework/utils"
import { logged, onPaymentCaptured } from "../workflows/payment-links/link-events"
import { reviewOrderLinks } from "../workflows/payment-links/close-link"

type EventData = { id?: string; order_id?: string }

export default async function tbcPaymentLinks({ event, container }: SubscriberArgs<EventData>) {
  const data = event.data ?? {}
  if (event.name === PaymentEvents.CAPTURED) {
    const id = data.id
    if (typeof id === "string" && id !== "")
      await logged(container, `payment ${id}`, () => onPaymentCaptured(container, id))
    return
  }
  const orderId = event.name === OrderWorkflowEvents.CANCELED ? data.id : (data.order_id ?? data.id)
  if (typeof orderId === "string" && orderId !== "") {
    await logged(container, `order ${orderId}`, () => reviewOrderLinks(container, orderId))
  }
}

export const config: SubscriberConfig = {
  event: [PaymentEvents.CAPTURED, OrderWorkflowEvents.CANCELED, OrderEditWorkflowEvents.CONFIRMED],
  context: { subscriberId: "tbc-payment-links" },
}
