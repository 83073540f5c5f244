/**
 * GET /store/customers/me/tbc-cards — the logged-in customer's usable (active, not expired) saved TBC cards:
 * `{ cards: [{ id, provider_id, card_mask, expiry_date, save_until, status, created_at }] }`.
 * Only the caller's own rows are read (customer_id = the authenticated actor); the bank token
 * (rec_id) and the saving payment (pay_id) never leave the server. Pay with one by creating a
 * tbc-checkout payment session with `data: { saved_card_id: <id> }`.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import { isCardUsable, listCustomerCards, publicSavedCard } from "../../../../../app/saved-cards/saved-card-table"
import type { SavedCardsQuery } from "../../../../validators/route-schemas"
import { customerIdOf } from "../../../../tbc-middlewares/saved-cards"

export async function GET(req: MedusaRequest<unknown, SavedCardsQuery>, res: MedusaResponse) {
  const customerId = customerIdOf(req)
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Log in to see your saved cards")
  }
  const query = req.validatedQuery // checked by route-validators.ts
  const rows = await listCustomerCards(req.scope.resolve<TbcModuleService>(TBC_MODULE), customerId, ["active"])
  const cards = rows
    .filter((row) => !query.provider_id || row.provider_id === query.provider_id)
    .filter((row) => isCardUsable(row))
    .map(publicSavedCard)
  res.json({ cards })
}
