/**
 * A bank callback of a payment the bank returned money of (Returned, PartialReturned) → whatever
 * the bank returned by itself (a refund or cancel made in TBC's merchant dashboard), which the
 * provider's read of this callback recorded in the ledger, is shown in Medusa: its refund, or its
 * payment cancelled for a released hold (src/workflows/bank-truth/). Repeated or crossing
 * callbacks record it once (the ledger's entry is made once, and marked recorded once). The
 * lost-callback job does the same for a callback that never came.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { isCheckoutProviderId } from "../lib/checkout-choices"
import { awaitsMedusaRecord } from "../lib/ledger/bank-returns"
import { ledgerOf, recordError } from "../modules/tbc/ledger/ledger-store"
import { callbackVerdictOf } from "../use-cases/callback-log/verdict"
import { recordBankTruth } from "../workflows/bank-truth"

const RETURNS = new Set(["Returned", "PartialReturned"])

export default async function tbcBankReturns({ event, container }: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (typeof input?.provider !== "string" || !isCheckoutProviderId(input.provider)) return
  const verdict = await callbackVerdictOf(container, input)
  if (!verdict?.pay_id || !RETURNS.has(verdict.bank_status ?? "")) return
  try {
    const ledger = ledgerOf(container)
    const charge = await ledger.byPayId(verdict.pay_id)
    const waiting = charge ? (await ledger.operationsOf(charge.id)).filter(awaitsMedusaRecord) : []
    for (const entry of waiting) await recordBankTruth(container, entry.id)
  } catch (error) {
    // the lost-callback job records what is left
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[tbc records] ${verdict.pay_id}: ${recordError(error)}`)
  }
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "tbc-bank-returns" },
}
