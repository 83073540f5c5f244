/**
 * A card added from "My account" is recorded when the bank reports its zero-amount payment: this
 * runs on every tbc-checkout callback that reached Medusa (beside Medusa's own webhook handler,
 * which ignores such a payment: no session stands behind it). Only a payId recorded as a card
 * addition (tbc_card_addition) is acted on, and the card itself is read from the bank, never from
 * the callback (src/use-cases/saved-cards/card-additions.ts). A failure is left to the retry job.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { settleCardAdditionOf } from "../use-cases/saved-cards/card-additions"
import { paymentIdOfBody } from "../providers/tbc-checkout/callbacks/webhook"

const CHECKOUT_PREFIX = /^(pp_)?tbc-checkout_/

export default async function recordCardAdditionOnCallback({
  event,
  container,
}: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (typeof input?.provider !== "string" || !CHECKOUT_PREFIX.test(input.provider)) return
  const payId = paymentIdOfBody(input.payload?.data)
  if (!payId) return
  try {
    await settleCardAdditionOf(container, payId)
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `[tbc saved cards] payment ${payId}: the added card could not be recorded yet (${(error as Error)?.name ?? "Error"}); the retry job asks again`
      )
  }
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "tbc-card-addition-callback" },
}
