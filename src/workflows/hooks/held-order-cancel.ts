/**
 * cancelOrderWorkflow's `orderCanceled` hook: an order is not cancelled while the bank still holds
 * its TBC payment.
 *
 * Why a hook: Medusa's cancel-payment step (core-flows 2.18.0 and 2.21.2 alike) catches a
 * provider's refusal, logs it and cancels the order anyway. When our cancel sent nothing (the
 * ledger could not record it: fail closed) or the bank did not release the hold, the order would
 * end cancelled while the shopper's money stays held at the bank, listed nowhere until the
 * expiring-preauthorization job, up to the bank's 30 days. A cancel that worked leaves Medusa's
 * payment canceled; one still neither captured nor canceled after the step means the release
 * failed, and throwing here makes Medusa compensate the workflow: the order is as before, and the
 * admin (or the daily job, which retries the next day) is told to try again. Only Medusa's own
 * records are read (Query), so the check works while the ledger's table is unreadable.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { heldCheckoutPaymentOf } from "../../use-cases/payment-facts/held-payment"
import { fieldOf, stringOf, type HookContext } from "./saved-card-cart"

/** cancelOrderWorkflow, after Medusa cancelled the order and tried to cancel its payments: `{ order }`. */
export async function refuseCancelWhileHeld(hookInput: { order?: unknown } | undefined, { container }: HookContext) {
  const orderId = stringOf(fieldOf(hookInput?.order, "id"))
  if (!orderId) return
  const held = await heldCheckoutPaymentOf(container, orderId)
  if (!held) return
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The order was not canceled: TBC still holds its payment ${held.payment_id}, because releasing it failed (the reason is in the server log). Nothing was taken; try the cancel again.`
  )
}
