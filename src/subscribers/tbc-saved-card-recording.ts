/**
 * Records cards the bank saved for returning customers (see
 * src/use-cases/saved-cards/record-from-events.ts): after an order is placed (card saved by a
 * paid or preauthorized payment) and after a capture (a preauth's card becomes usable once the
 * bank completed the payment). Idempotent: the table's rec_id is unique.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents, PaymentEvents } from "@medusajs/framework/utils"
import { recordCardsForOrder, recordCardsForPayment } from "../use-cases/saved-cards/record-from-events"

export default async function tbcSavedCardRecording({ event, container }: SubscriberArgs<{ id: string }>) {
  const id = event.data?.id
  if (typeof id !== "string" || id === "") return
  if (event.name === OrderWorkflowEvents.PLACED) {
    await recordCardsForOrder(container, id)
  } else if (event.name === PaymentEvents.CAPTURED) {
    await recordCardsForPayment(container, id)
  }
}

export const config: SubscriberConfig = {
  event: [OrderWorkflowEvents.PLACED, PaymentEvents.CAPTURED],
  context: { subscriberId: "tbc-saved-card-recording" },
}
