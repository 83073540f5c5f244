/**
 * POST /store/tbc/payment-links/:id/pay { token, language? } — a fresh TBC web payment of exactly
 * what the order owes now (src/workflows/payment-links/pay-link.ts): 200 `{ redirect_url }`, the
 * bank's page. 404 as for GET (a wrong token); 409 when the link is not payable (paid, closed,
 * expired, or the order now owes another amount: the link is then closed with order_changed).
 * The shopper's IP address goes to the bank with the payment, as at checkout: through the run's
 * async context only, never stored (src/providers/common/shopper-address.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { answerConflict } from "../../../../../admin/tbc/helpers/conflict-answer"
import type { PayPaymentLinkBody } from "../../../../../../lib/payment-links"
import { withShopperAddress } from "../../../../../../providers/common/shopper-address"
import { linkById } from "../../../../../../use-cases/payment-links/link-facts"
import { tbcPayPaymentLinkWorkflow } from "../../../../../../workflows/payment-links/pay-link"
import { shopperAddressOf } from "../../../../../tbc-middlewares/payment-sessions"
import { linkParamsSchema } from "../../../../../tbc-middlewares/payment-links"
import { parseParams } from "../../../../../validators/validate-request"

export async function POST(req: MedusaRequest<PayPaymentLinkBody>, res: MedusaResponse) {
  const { id } = parseParams(linkParamsSchema, req.params)
  // the link's provider says which proxies to trust for the address (an unknown link: none, a 404)
  const link = await linkById(req.scope, id)
  const address = link ? shopperAddressOf(req, link.provider_id) : undefined
  const { result, errors } = await withShopperAddress(address, () =>
    tbcPayPaymentLinkWorkflow(req.scope).run({
      input: { link_id: id, token: req.validatedBody.token, language: req.validatedBody.language },
      throwOnError: false,
    })
  )
  const error = errors?.[0]?.error
  // the shopper reads why (already paid, expired, the order changed)
  if (answerConflict(res, error, "tbc_payment_link_not_payable")) return
  if (error) throw error
  res.setHeader("cache-control", "private, no-store")
  res.json({ redirect_url: result.redirect_url })
}
