/**
 * POST /admin/order-edits/:id/confirm (Medusa's route; `:id` is the order): refused while the
 * order's TBC card payment is still held at the bank.
 *
 * Why: Medusa's confirmation (confirmOrderEditRequestWorkflow → createOrUpdateOrderPaymentCollectionWorkflow,
 * 2.21) cancels an authorized payment and opens a new collection for the whole new total: the
 * hold would go back to the card and the shopper would be asked to pay again (Medusa issue
 * #14984). Neither workflow has a hook. The TBC Bank box on the order page confirms the same edit
 * through the plugin's capture (POST /admin/tbc/orders/:id/order-change-capture): the bank
 * completes the new total from the hold first, then Medusa confirms, and leaves the captured
 * payment alone. Once the payment is captured (or for any other payment) Medusa's route runs as
 * it always does.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { heldCheckoutPaymentOf } from "../../use-cases/payment-facts/held-payment"

export async function refuseConfirmOfHeldOrder(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const orderId = String(req.params.id ?? "")
    if (orderId && (await heldCheckoutPaymentOf(req.scope, orderId))) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "This order's TBC card payment is still held at the bank. Confirming the edit here would cancel " +
          "the hold and ask the customer to pay again. Confirm it in the TBC Bank box on the order page " +
          "(Capture and confirm the edit): the bank takes the new total from the hold and returns the rest."
      )
    }
    return next()
  } catch (error) {
    return next(error)
  }
}

export const orderEditMiddlewares: MiddlewareRoute[] = [
  { method: ["POST"], matcher: "/admin/order-edits/:id/confirm", middlewares: [refuseConfirmOfHeldOrder] },
]
