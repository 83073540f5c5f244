/**
 * Records the verdict on every bank callback that reached Medusa's webhook route (the middleware
 * src/api/tbc-middlewares/callbacks.ts records those it stopped itself). Runs beside Medusa's own
 * `payment-webhook-handler` subscriber on the same event and asks the provider the same question;
 * the provider answers the second ask from its per-receipt cache, so the bank is asked once.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../modules/tbc"
import { isCardAdditionPayment } from "../use-cases/saved-cards/card-additions"
import { paymentIdOfBody } from "../providers/tbc-checkout/callbacks/webhook"
import { callbackPayloadOf, callbackVerdictOf } from "../use-cases/callback-log/verdict"
import { isCheckoutProviderId } from "../lib/checkout-choices"

export default async function recordTbcCheckoutCallback({ event, container }: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (typeof input?.provider !== "string" || !isCheckoutProviderId(input.provider)) return
  const providerId = input.provider.startsWith("pp_") ? input.provider : `pp_${input.provider}`
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const payload = callbackPayloadOf(input)
  const verdict = await callbackVerdictOf(container, input)
  try {
    const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
    const payId = verdict?.pay_id ?? paymentIdOfBody(payload.data) ?? null
    let result: string = verdict?.result ?? "error"
    // the payment of a card added from "My account" has no session: not unknown, not gone
    if (
      (result === "unknown_payment" || result === "session_gone") &&
      payId &&
      (await isCardAdditionPayment(tbc, payId))
    )
      result = "card_addition"
    await tbc.createCallbackLogs({
      provider_id: providerId,
      pay_id: payId,
      source_ip: verdict?.source_ip ?? null,
      result,
      bank_status: verdict?.bank_status ?? null,
    })
  } catch (error) {
    logger.warn(`tbc-checkout: could not record a callback verdict (${(error as Error)?.name ?? "error"})`)
  }
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "tbc-checkout-callback-log" },
}
