/**
 * DELETE /store/customers/me/tbc-cards/:id — deletes one of the caller's saved cards at the bank
 * and marks our row deleted, dropping the token and the mask at once, by the
 * tbc-delete-saved-card workflow (src/workflows/saved-cards/delete-saved-card.ts). Another
 * customer's card id answers exactly like an unknown one (404) and nothing is deleted.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { LOGIN_TO_DELETE_CARD_MESSAGE } from "../../../../../../lib/shopper-texts"
import { deleteSavedCardWorkflow } from "../../../../../../workflows/saved-cards/delete-saved-card"
import { savedCardParamsSchema } from "../../../../../validators/route-schemas"
import { parseParams } from "../../../../../validators/validate-request"
import { customerIdOf } from "../../../../../tbc-middlewares/saved-cards"

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const customerId = customerIdOf(req)
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, LOGIN_TO_DELETE_CARD_MESSAGE, "login_required")
  }
  const { id } = parseParams(savedCardParamsSchema, req.params)
  const { result } = await deleteSavedCardWorkflow(req.scope).run({
    input: { customer_id: customerId, saved_card_id: id },
  })
  res.json({ id: result.id, object: "tbc_card", deleted: true })
}
