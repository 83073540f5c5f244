/**
 * GET /store/customers/me/tbc-cards — the logged-in customer's usable (active, not expired) saved TBC cards:
 * `{ cards: [{ id, provider_id, card_mask, expiry_date, save_until, status, created_at }] }`.
 * Only the caller's own rows are read (customer_id = the authenticated actor); the bank token
 * (rec_id) and the saving payment (pay_id) never leave the server. Pay with one by creating a
 * tbc-checkout payment session with `data: { saved_card_id: <id> }`. (The same cards in the answer
 * of Medusa's saved-payment-methods recipe: GET /store/tbc/payment-methods/:account_holder_id.)
 *
 * POST /store/customers/me/tbc-cards — adds a card from "My account" (Medusa 2.21 has no store
 * route for its savePaymentMethod): `{ provider_id?, return_url?, save_card_to_date? }` →
 * `{ payment_method: { id, provider_id, data }, redirect_url, account_holder_id }`. Send the
 * shopper to redirect_url (the bank's page, zero amount); the card is listed once the bank
 * reports it saved (here and at GET /store/tbc/payment-methods/<account_holder_id>).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { LOGIN_TO_ADD_CARD_MESSAGE, LOGIN_TO_SEE_CARDS_MESSAGE } from "../../../../../lib/shopper-texts"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import { isCardUsable, listCustomerCards, publicSavedCard } from "../../../../../use-cases/saved-cards/saved-card-table"
import { listTbcRegistrations } from "../../../../../use-cases/tbc-providers"
import { sameCheckoutRegistration } from "../../../../../lib/checkout-choices"
import { addTbcCardWorkflow } from "../../../../../workflows/saved-cards/add-card"
import { withShopperAddress } from "../../../../../providers/common/shopper-address"
import { shopperAddressOf } from "../../../../tbc-middlewares/payment-sessions"
import type { AddCardBody, SavedCardsQuery } from "../../../../validators/route-schemas"
import { customerIdOf } from "../../../../tbc-middlewares/saved-cards"

export async function GET(req: MedusaRequest<unknown, SavedCardsQuery>, res: MedusaResponse) {
  const customerId = customerIdOf(req)
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, LOGIN_TO_SEE_CARDS_MESSAGE, "login_required")
  }
  const query = req.validatedQuery // checked by route-validators.ts
  const rows = await listCustomerCards(req.scope.resolve<TbcModuleService>(TBC_MODULE), customerId, ["active"])
  const cards = rows
    // a card of the registration pays through its all-methods and its card provider alike
    .filter((row) => !query.provider_id || sameCheckoutRegistration(row.provider_id, query.provider_id))
    .filter((row) => isCardUsable(row))
    .map(publicSavedCard)
  res.json({ cards })
}

/**
 * The tbc-checkout provider to add the card with: the one asked for, or the store's only one
 * (the all-methods provider of a registration; its per-method providers share its cards' bank).
 */
function checkoutProviderFor(req: MedusaRequest, requested: string | undefined): string {
  const registered = listTbcRegistrations(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE))
    .filter((registration) => registration.kind === "tbc-checkout")
    .map((registration) => registration.providerId)
  if (requested !== undefined) {
    if (!registered.includes(requested)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "provider_id: is not a tbc-checkout provider of this store")
    }
    return requested
  }
  if (registered.length === 1) return registered[0]
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    registered.length === 0
      ? "No tbc-checkout provider is registered in this store"
      : `provider_id: is required: this store has several tbc-checkout providers (${registered.join(", ")})`
  )
}

export async function POST(req: MedusaRequest<AddCardBody>, res: MedusaResponse) {
  const customerId = customerIdOf(req)
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, LOGIN_TO_ADD_CARD_MESSAGE, "login_required")
  }
  const body = req.validatedBody // checked by route-validators.ts
  const providerId = checkoutProviderFor(req, body.provider_id)
  const data = {
    ...(body.return_url !== undefined ? { return_url: body.return_url } : {}),
    ...(body.save_card_to_date !== undefined ? { save_card_to_date: body.save_card_to_date } : {}),
  }
  // the customer's IP goes to the bank with the card payment, for its fraud checks (never stored)
  const { result } = await withShopperAddress(shopperAddressOf(req, providerId), () =>
    addTbcCardWorkflow(req.scope).run({ input: { customer_id: customerId, provider_id: providerId, data } })
  )
  res.json({
    payment_method: { id: result.id, provider_id: providerId, data: result.data },
    redirect_url: result.data?.redirect_url,
    account_holder_id: result.account_holder_id,
  })
}
