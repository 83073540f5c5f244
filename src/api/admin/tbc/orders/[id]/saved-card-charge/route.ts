/**
 * The store's charge of an order's balance to the customer's saved TBC card (merchant-initiated):
 * - GET: what the order widget needs to offer it: the outstanding amount and currency, the
 *   customer's active cards with their consent to charges by the store, and any earlier charge
 *   of the order still unresolved;
 * - POST { saved_card_id, amount? }: runs the charge workflow
 *   (src/workflows/saved-cards/charge-balance.ts). 200 `{ outcome, … , balance }`: `charged` (the
 *   order's payment, captured; the outstanding amount dropped), `uncertain` or `processing` (sent,
 *   no readable answer yet: listed in Settings → TBC Bank and never sent again); 400 naming the
 *   field and rule (no consent, more than owed, …), 404 an unknown order or card, 409 while a
 *   charge of the order is under way or unresolved. Admin authentication is Medusa's; the body
 *   is checked by route-validators.ts.
 */
import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerConflict } from "../../../helpers/conflict-answer"
import { tbcChargeOrderBalanceWorkflow } from "../../../../../../workflows/saved-cards/charge-balance"
import { balanceChargeView } from "../../../../../../use-cases/saved-cards/order-balance"
import { orderParamsSchema, type SavedCardChargeBody } from "../../../../../validators/route-schemas"
import { parseParams } from "../../../../../validators/validate-request"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { id } = parseParams(orderParamsSchema, req.params)
  res.json(await balanceChargeView(req.scope, id))
}

export async function POST(req: AuthenticatedMedusaRequest<SavedCardChargeBody>, res: MedusaResponse) {
  const { id } = parseParams(orderParamsSchema, req.params)
  const { result, errors } = await tbcChargeOrderBalanceWorkflow(req.scope).run({
    input: {
      order_id: id,
      saved_card_id: req.validatedBody.saved_card_id,
      amount: req.validatedBody.amount,
      charged_by: req.auth_context?.actor_id,
    },
    throwOnError: false,
  })
  const error = errors?.[0]?.error
  // the admin must read why (a charge under way, one unresolved)
  if (answerConflict(res, error, "tbc_balance_charge_refused")) return
  if (error) throw error
  res.status(200).json({ ...result, balance: await balanceChargeView(req.scope, id) })
}
