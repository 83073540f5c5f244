/**
 * The money ledger's half of the completion check in completeCartWorkflow's `validate` hook: a
 * saved-card cart whose charge is unresolved (an execution sent and never answered, a payment the
 * bank is still deciding) is refused with "we are checking your payment" BEFORE Medusa creates
 * the order.
 *
 * Why here and not only in the provider's authorizePayment, which refuses the same way (one rule:
 * savedCardExecutionVerdict in src/lib/ledger/guards.ts): Medusa authorizes after it has created
 * the order, and a refusal there rolls the order back but not its number (display_id comes from a
 * database sequence). Every "Place order" while a charge is being checked cost the store an order
 * number. The ledger alone decides this, so the refusal moves ahead of the order; authorizePayment
 * keeps its own check for the first attempt and for callers racing this one.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { savedCardExecutionVerdict } from "../../lib/ledger/guards"
import { shopperTextCode } from "../../lib/shopper-texts"
import { ledgerOf, type LedgerEntry } from "../../modules/tbc/ledger/ledger-store"

/**
 * Throws NOT_ALLOWED with the "we are checking" sentence (and its code) when one of these
 * saved-card sessions of the cart may not execute because a charge of the cart is unresolved.
 * A session whose own execution has a payId is left to authorizePayment, which reads it back at
 * the bank (its outcome may have been decided since the ledger last heard).
 */
export async function refuseWhileSavedCardChargeUnresolved(
  container: MedusaContainer,
  cartId: string,
  sessionIds: readonly string[]
): Promise<void> {
  if (sessionIds.length === 0) return
  const ledger = ledgerOf(container)
  const ofCart = await ledger.chargesOfCart(cartId)
  for (const sessionId of sessionIds) {
    const own = await ledger.chargesOfSession(sessionId)
    const charges: LedgerEntry[] = [...own, ...ofCart.filter((e) => !own.some((o) => o.id === e.id))]
    const verdict = savedCardExecutionVerdict(sessionId, charges)
    if (verdict.kind === "checking") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, verdict.message, shopperTextCode(verdict.message))
    }
  }
}
