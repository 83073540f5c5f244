/**
 * order.placed → the money ledger records which order owns the charge's money
 * (src/use-cases/ledger/order-ownership.ts). The lost-callback job records it too when it places an
 * order, so a missed event only delays the admin view, never a money decision (those also see
 * Medusa's own payment: authorized_at).
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { OrderWorkflowEvents } from "@medusajs/framework/utils"
import { recordOrderOwnership } from "../use-cases/ledger/order-ownership"

export default async function tbcOrderPlacedLedger({ event, container }: SubscriberArgs<{ id: string }>) {
  const id = event.data?.id
  if (typeof id !== "string" || id === "") return
  await recordOrderOwnership(container, id, "medusa:order-placed")
}

export const config: SubscriberConfig = {
  event: OrderWorkflowEvents.PLACED,
  context: { subscriberId: "tbc-order-placed-ledger" },
}
