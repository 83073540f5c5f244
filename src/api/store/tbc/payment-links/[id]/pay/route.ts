/**
 * POST /store/tbc/payment-links/:id/pay { token, language? } — a fresh TBC web payment of exactly
 * what the order owes now (src/workflows/payment-links/pay-link.ts): 200 `{ redirect_url }`, the
 * bank's page. 404 as for GET (a wrong token); 409 when the link is not payable (paid, closed,
 * expired, or the order now owes another amount: the link is then closed with order_changed).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerConflict } from "../../../../../admin/tbc/helpers/conflict-answer"
import type { PayPaymentLinkBody } from "../../../../../../lib/payment-links"
import { tbcPayPaymentLinkWorkflow } from "../../../../../../workflows/payment-links/pay-link"
import { linkParamsSchema } from "../../../../../tbc-middlewares/payment-links"
import { parseParams } from "../../../../../validators/validate-request"

export async function POST(req: MedusaRequest<PayPaymentLinkBody>, res: MedusaResponse) {
  const { id } = parseParams(linkParamsSchema, req.params)
  const { result, errors } = await tbcPayPaymentLinkWorkflow(req.scope).run({
    input: { link_id: id, token: req.validatedBody.token, language: req.validatedBody.language },
    throwOnError: false,
  })
  const error = errors?.[0]?.error
  // the shopper reads why (already paid, expired, the order changed)
  if (answerConflict(res, error, "tbc_payment_link_not_payable")) return
  if (error) throw error
  res.setHeader("cache-control", "private, no-store")
  res.json({ redirect_url: result.redirect_url })
}
