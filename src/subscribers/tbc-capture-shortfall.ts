/**
 * payment.captured (Medusa's capture workflow, 2.18.0 and 2.21.2: data `{ id }` of the payment) →
 * when the bank's completion took more than Medusa's captures show (Medusa's own capture route
 * completes the whole hold whatever amount it was given), Medusa records the rest as captured and
 * the entry is listed for the merchant (src/workflows/bank-truth/). The lost-callback job compares
 * the same for an event that was lost.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, PaymentEvents } from "@medusajs/framework/utils"
import { recordError } from "../modules/tbc/ledger/ledger-store"
import { checkCaptureShortfallOf } from "../workflows/bank-truth"

export default async function tbcCaptureShortfall({ event, container }: SubscriberArgs<{ id: string }>) {
  const id = event.data?.id
  if (typeof id !== "string" || id === "") return
  await checkCaptureShortfallOf(container, id).catch((error) =>
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[tbc records] payment ${id}: ${recordError(error)}`)
  )
}

export const config: SubscriberConfig = {
  event: PaymentEvents.CAPTURED,
  context: { subscriberId: "tbc-capture-shortfall" },
}
