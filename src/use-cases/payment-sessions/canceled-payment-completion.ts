/**
 * The completion hook's read for the rule in src/lib/canceled-payment-completion.ts: the cart's
 * payment sessions with the payment Medusa would reuse, through Query (the hook's own cart snapshot
 * carries the sessions but not their payments).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { canceledPaymentCompletionVerdict, type CompletionSessionView } from "../../lib/canceled-payment-completion"
import { shopperTextCode } from "../../lib/shopper-texts"

/** Throws the shopper's "pay again" when the completion would place the order on a canceled payment. */
export async function refuseCompletionOnCanceledPayment(container: MedusaContainer, cartId: string): Promise<void> {
  if (!cartId) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: [
      "id",
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.authorized_at",
      "payment_collection.payment_sessions.payment.id",
      "payment_collection.payment_sessions.payment.canceled_at",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as { payment_collection?: { payment_sessions?: CompletionSessionView[] } | null } | undefined
  const verdict = canceledPaymentCompletionVerdict(cart?.payment_collection?.payment_sessions ?? [])
  if (verdict.allowed) return
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(
      `cart ${cartId}: not completed on session ${verdict.sessionId}, whose payment Medusa canceled; the shopper pays again`
    )
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, verdict.message, shopperTextCode(verdict.message))
}
