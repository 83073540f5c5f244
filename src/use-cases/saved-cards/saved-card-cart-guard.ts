/**
 * "Saved cards charge only for their owner", as the two actions Medusa's cart workflows and the
 * completion route call (rules: src/lib/saved-card-owner.ts; reads: ./saved-card-owner.ts):
 *
 * - `refuseSavedCardCompletion`: a cart paid by a tbc-checkout saved-card session is completed
 *   only for the customer who chose the card (none: 401, another: 403) and only while the cart
 *   still matches what she saw (400). The workflow hook asks it for the cart's own customer (so a
 *   completion from any caller — a store's route, a webhook, a job — is checked); the completion
 *   route's middleware asks it for the logged-in caller, which only the route knows.
 * - `dropSavedCardSessionsIfChanged`: a change of who orders or where the goods go (e-mail,
 *   addresses, region, customer) first deletes the cart's saved-card sessions; choosing the card
 *   again needs the owner's login and fingerprints the new cart.
 *
 * Why the sessions are deleted BEFORE Medusa's update and not after it: the dangerous state is
 * "cart changed, saved-card session alive". Deleting first (in the update workflow's `validate`
 * hook, inside Medusa's lock on the cart) makes it unreachable whatever happens next: if the
 * deletion fails, the update is refused and the cart is not changed; if the update fails after the
 * deletion, the cart is unchanged and has no saved-card session, which is safe (the owner picks her
 * card again, as after any cart change that moves the total). A completion racing the change waits
 * for the same lock, then sees the cart before or after it, and the fingerprint check covers both.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { deletePaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import {
  cartOwnerFingerprint,
  ownerPartsChanged,
  savedCardCompletionVerdict,
  SAVED_CARD_OWNER_MESSAGES,
  type CartOwnerUpdate,
  type CartOwnerView,
  type OwnerAddress,
} from "../../lib/saved-card-owner"
import { shopperTextCode } from "../../lib/shopper-texts"
import { isRecord } from "../../lib/tbc/validation"
import { customerExists, readCartOwnerState } from "./saved-card-owner"

const ERROR_TYPE = {
  login: MedusaError.Types.UNAUTHORIZED,
  not_owner: MedusaError.Types.FORBIDDEN,
  cart_changed: MedusaError.Types.NOT_ALLOWED,
} as const

const messageOf = (error: unknown) => String((error as { message?: unknown })?.message ?? error)

/**
 * Throws the shopper's refusal when the payer may not complete the cart with its saved-card
 * sessions; returns for a cart without one, and for an unknown cart (Medusa's to answer). `payer`
 * names the customer who pays, from the cart: the logged-in caller on the route, the cart's own
 * customer in the workflow. Returns the ids of the saved-card sessions it let through (the
 * workflow's check asks the ledger about them next).
 */
export async function refuseSavedCardCompletion(
  container: MedusaContainer,
  cartId: string,
  payer: (cart: CartOwnerView) => string | undefined
): Promise<string[]> {
  const state = await readCartOwnerState(container, cartId)
  if (!state || state.savedCardSessions.length === 0) return []
  const customerId = payer(state.view)
  const verdict = savedCardCompletionVerdict({
    sessions: state.savedCardSessions,
    customerId,
    cartFingerprint: cartOwnerFingerprint(state.view),
  })
  if (!verdict.allowed)
    throw new MedusaError(ERROR_TYPE[verdict.reason], verdict.message, shopperTextCode(verdict.message))
  // a login (or a cart) that outlived its customer (deleted since: their cards are being removed
  // at the bank) must not pay with the sealed card either
  if (!(await customerExists(container, customerId))) {
    throw new MedusaError(
      ERROR_TYPE.not_owner,
      SAVED_CARD_OWNER_MESSAGES.not_owner,
      shopperTextCode(SAVED_CARD_OWNER_MESSAGES.not_owner)
    )
  }
  return state.savedCardSessions.map((session) => session.id)
}

/**
 * The owner-relevant part of a cart update: a Store API body, or the update Medusa's update
 * workflow is about to write (there an address may be null: the region's change removed it, which
 * counts as a change of a set address).
 */
export function cartOwnerUpdateOf(value: unknown): CartOwnerUpdate {
  if (!isRecord(value)) return {}
  const address = (field: unknown): OwnerAddress | undefined =>
    field === null ? {} : isRecord(field) ? (field as OwnerAddress) : undefined
  return {
    customer_id: typeof value.customer_id === "string" ? value.customer_id : undefined,
    email: typeof value.email === "string" || value.email === null ? value.email : undefined,
    region_id: typeof value.region_id === "string" ? value.region_id : undefined,
    shipping_address: address(value.shipping_address),
    billing_address: address(value.billing_address),
  }
}

/**
 * Deletes the cart's saved-card sessions when `update` changes its owner-relevant parts, through
 * Medusa's own deletion (its step calls the provider's deletePayment). Throws when a session could
 * not be deleted: the caller's update must then not run.
 */
export async function dropSavedCardSessionsIfChanged(
  container: MedusaContainer,
  cartId: string,
  update: CartOwnerUpdate
): Promise<void> {
  const state = await readCartOwnerState(container, cartId)
  if (!state || state.savedCardSessions.length === 0) return
  if (ownerPartsChanged(state.view, update).length === 0) return
  try {
    await deletePaymentSessionsWorkflow(container).run({
      input: { ids: state.savedCardSessions.map((session) => session.id) },
    })
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`cart ${cartId}: its saved-card session could not be deleted, the change is refused: ${messageOf(error)}`)
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "The cart was not changed: the saved card chosen for it could not be removed. Please try again."
    )
  }
}
