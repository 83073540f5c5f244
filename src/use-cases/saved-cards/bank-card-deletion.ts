/**
 * Deleting one saved card at the bank (POST /v1/tpay/payments/{recId}/delete), shared by the
 * store's DELETE (workflows/saved-cards/delete-saved-card.ts) and the customer-deletion /
 * retention path (customer-cards-deletion.ts). The token is opened here, right before the call,
 * and goes nowhere else.
 */
import { openCardToken } from "../../lib/card-token-at-rest"
import { isBankNotFound } from "../../providers/common/errors"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import type { MedusaContainer } from "@medusajs/framework/types"
import { bankClientFor } from "../bank-clients"
import type { TbcProviderRegistration } from "../tbc-providers"

/** "deleted" now, or "already_gone": the bank no longer knew the card (404), which counts as deleted. */
export type BankCardDeletion = "deleted" | "already_gone"

/** Deletes the card whose token is stored sealed as `sealedToken`; any other bank failure is thrown. */
export async function deleteCardAtBank(
  registration: TbcProviderRegistration,
  sealedToken: string,
  container?: MedusaContainer
): Promise<BankCardDeletion> {
  const recId = openCardToken(sealedToken, cardTokenSecretOf(parseCheckoutOptions(registration.options)))
  try {
    // the registration's shared client (src/use-cases/bank-clients.ts): its token is reused
    await bankClientFor(registration, container).checkout.deleteSavedCard(recId)
    return "deleted"
  } catch (error) {
    if (isBankNotFound(error)) return "already_gone"
    throw error
  }
}
