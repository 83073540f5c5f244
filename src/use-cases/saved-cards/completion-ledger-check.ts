/**
 * The completion check in completeCartWorkflow's `validate` hook that needs the money ledger: a
 * saved-card cart whose charge is unresolved is refused BEFORE Medusa creates the order —
 * "we are checking your payment" while an execution was sent and never answered (the ledger
 * decides alone), "still processing" while the session's own execution is one the bank is still
 * deciding (one read of that payment at the bank, only in that state).
 *
 * Why here and not only in the provider's authorizePayment, which refuses the same way (one rule:
 * savedCardExecutionVerdict in src/lib/ledger/guards.ts): Medusa authorizes after it has created
 * the order, and a refusal there rolls the order back but not its number (display_id comes from a
 * database sequence), so every "Place order" while a charge was being checked cost the store an
 * order number. authorizePayment keeps its own checks: for the first attempt (whose execution is
 * sent there), and for whatever changed between this hook and it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { STILL_PROCESSING_MESSAGE, sessionOutcome } from "../../lib/checkout-status"
import { isUnresolvedCharge, savedCardExecutionVerdict } from "../../lib/ledger/guards"
import { SESSION_STATUS } from "../../lib/medusa-statuses"
import { shopperTextCode } from "../../lib/shopper-texts"
import { ledgerOf, type LedgerEntry, type LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import { bankClientFor } from "../bank-clients"
import { findTbcProvider } from "../tbc-providers"

/**
 * Throws PAYMENT_AUTHORIZATION_ERROR "still processing" (what authorizePayment would answer) when
 * the bank still decides the session's own execution; returns when it decided, and when the bank
 * cannot be asked now (authorizePayment reads it again and answers for itself).
 */
async function refuseWhileBankDeciding(container: MedusaContainer, charge: LedgerEntry): Promise<void> {
  const registration = findTbcProvider(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), charge.provider_id)
  if (!registration || !charge.pay_id) return
  let status: string
  try {
    status = String((await bankClientFor(registration, container).checkout.getPayment(charge.pay_id)).status)
  } catch {
    return
  }
  if (sessionOutcome(status).status === SESSION_STATUS.PENDING_AUTHORIZATION) {
    throw new MedusaError(
      MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR,
      STILL_PROCESSING_MESSAGE,
      shopperTextCode(STILL_PROCESSING_MESSAGE)
    )
  }
}

/**
 * Throws NOT_ALLOWED with the "we are checking" sentence (and its code) when one of these
 * saved-card sessions of the cart may not execute because a charge of the cart is unresolved,
 * and "still processing" while the bank decides the session's own execution (read at the bank:
 * it may have decided since the ledger last heard).
 */
export async function refuseWhileSavedCardChargeUnresolved(
  container: MedusaContainer,
  cartId: string,
  sessionIds: readonly string[],
  ledger: Pick<LedgerStore, "chargesOfCart" | "chargesOfSession"> = ledgerOf(container)
): Promise<void> {
  if (sessionIds.length === 0) return
  const ofCart = await ledger.chargesOfCart(cartId)
  for (const sessionId of sessionIds) {
    const ofSession = await ledger.chargesOfSession(sessionId)
    const verdict = savedCardExecutionVerdict(sessionId, ofSession, ofCart)
    if (verdict.kind === "checking") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, verdict.message, shopperTextCode(verdict.message))
    }
    if (verdict.kind === "read_back") {
      const own = ofSession.find((e) => e.pay_id === verdict.payId)
      if (own && isUnresolvedCharge(own)) await refuseWhileBankDeciding(container, own)
    }
  }
}
