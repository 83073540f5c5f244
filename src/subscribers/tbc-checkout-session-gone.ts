/**
 * A bank callback the provider refused as `session_gone`: the money ledger says the payment's
 * Medusa session is gone (our deletePayment's mark), so the callback was not handed to Medusa's
 * processPaymentWorkflow. The mark is our word, written before Medusa deletes the row; Medusa's
 * payment_session is the truth, and the provider cannot read it (it runs inside the payment
 * module's container). So here, with Query:
 * - Medusa has no such session: the orphan policy acts at once (the sweep's own one-entry
 *   settle, src/use-cases/reconcile/orphan-sweep.ts), as the shopper paid a page whose cart changed;
 * - Medusa kept the session past the grace (its delete failed, or the process died before it): the
 *   mark is taken back (`session_kept`) and the charge is driven as the lost-callback job drives it,
 *   so the cart becomes an order with this money (src/use-cases/reconcile/drive-charge.ts);
 * - Medusa still shows it and the mark is fresh (its delete may be committing): nothing now, the
 *   sweep decides after the grace.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { ProviderWebhookPayload } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, PaymentWebhookEvents } from "@medusajs/framework/utils"
import { isCheckoutProviderId } from "../lib/checkout-choices"
import { readPendingReconcileMinutes } from "../lib/preauth-options"
import { ledgerOf, recordError } from "../modules/tbc/ledger/ledger-store"
import { callbackVerdictOf } from "../use-cases/callback-log/verdict"
import { checkoutRegistrations } from "../use-cases/reconcile/run-context"
import { driveLedgerChargeWorkflow, settleOrphanEntryWorkflow } from "../workflows/reconcile"

export default async function tbcCheckoutSessionGone({ event, container }: SubscriberArgs<ProviderWebhookPayload>) {
  const input = event.data
  if (typeof input?.provider !== "string" || !isCheckoutProviderId(input.provider)) return
  const verdict = await callbackVerdictOf(container, input)
  if (verdict?.result !== "session_gone" || !verdict.pay_id) return
  const payId = verdict.pay_id
  try {
    const entry = await ledgerOf(container).byPayId(payId)
    const registration =
      entry && (await checkoutRegistrations(container)).find((r) => r.providerId === entry.provider_id)
    if (!entry || !registration) return
    const { result } = await settleOrphanEntryWorkflow(container).run({
      input: { entryId: entry.id, providerId: registration.providerId },
    })
    if (result?.outcome !== "session_kept") return
    await driveLedgerChargeWorkflow(container).run({
      input: {
        entryId: entry.id,
        providerId: registration.providerId,
        now: new Date().toISOString(),
        olderThanMinutes: readPendingReconcileMinutes(registration.options),
      },
    })
  } catch (error) {
    // the orphan sweep and the lost-callback job settle it on their next run
    container.resolve(ContainerRegistrationKeys.LOGGER).warn(`[tbc orphans] callback ${payId}: ${recordError(error)}`)
  }
}

export const config: SubscriberConfig = {
  event: PaymentWebhookEvents.WebhookReceived,
  context: { subscriberId: "tbc-checkout-session-gone" },
}
