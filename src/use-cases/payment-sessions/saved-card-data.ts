/**
 * The saved-card part of a new session (a step of src/workflows/payment-sessions): for a
 * tbc-checkout provider, `data.saved_card_id` must name the logged-in customer's own active card,
 * whose token then goes to the provider sealed; keys only the server may set are refused. The
 * rules are in src/use-cases/saved-cards/prepare-session.ts; this finds the registration's secrets and
 * the card table for them. A saved-card session also remembers the fingerprint of its cart's
 * customer, e-mail and addresses, so completing a changed cart is refused (src/lib/saved-card-owner.ts).
 * Other providers' data is returned unchanged.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider } from "../tbc-providers"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { prepareSavedCardSessionData } from "../saved-cards/prepare-session"
import { findCustomerCard } from "../saved-cards/saved-card-table"
import { cartFingerprintOfCollection } from "../saved-cards/saved-card-owner"
import { isSavedCardSession, SAVED_CARD_DATA } from "../../providers/tbc-checkout/saved-cards/saved-card-payment"
import type { SessionData } from "./session-products"

export async function withSavedCard(
  container: MedusaContainer,
  input: { payment_collection_id: string; provider_id: string; data?: SessionData; customer_id?: string }
): Promise<SessionData | undefined> {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const registration = findTbcProvider(configModule, input.provider_id)
  if (registration?.kind !== "tbc-checkout" || input.data === undefined) return input.data
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const prepared = await prepareSavedCardSessionData({
    data: input.data,
    customerId: input.customer_id,
    providerId: input.provider_id,
    // getters: the options are parsed only when a saved card is actually used
    get clientSecret() {
      return parseCheckoutOptions(registration.options).clientSecret
    },
    get cardTokenSecret() {
      return cardTokenSecretOf(parseCheckoutOptions(registration.options))
    },
    findActiveCard: (customerId, id) => findCustomerCard(tbc, customerId, id, ["active"]),
  })
  if (!prepared || !isSavedCardSession(prepared)) return prepared
  const fingerprint = await cartFingerprintOfCollection(container, input.payment_collection_id)
  return fingerprint ? { ...prepared, [SAVED_CARD_DATA.cartFingerprint]: fingerprint } : prepared
}
