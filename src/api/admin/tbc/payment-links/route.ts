/**
 * TBC payment links of an order (contract: src/lib/payment-links.ts):
 * - POST { order_id, notify_customer?, expires_in_hours? }: opens a link for what the order (or
 *   draft order) owes now (src/workflows/payment-links/create-link.ts). 201 `{ payment_link }`,
 *   its `url` carrying the token (shown only here); 400 naming the field and rule; 404 an unknown
 *   order; 409 while a payment of an earlier link is under way at the bank.
 * - GET ?order_id=: the order's links, newest first (`url: null`: the token is kept as a hash).
 * Admin authentication is Medusa's; body and query are checked by ../../../tbc-middlewares/payment-links.ts.
 */
import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { tbcCreatePaymentLinkWorkflow } from "../../../../workflows/payment-links/create-link"
import { adminLinkViews } from "../../../../workflows/payment-links/views"
import type { CreatePaymentLinkBody, ListPaymentLinksQuery } from "../../../../lib/payment-links"
import { answerConflict } from "../helpers/conflict-answer"

export async function POST(req: AuthenticatedMedusaRequest<CreatePaymentLinkBody>, res: MedusaResponse) {
  const { result, errors } = await tbcCreatePaymentLinkWorkflow(req.scope).run({
    input: { ...req.validatedBody, created_by: req.auth_context?.actor_id },
    throwOnError: false,
  })
  const error = errors?.[0]?.error
  if (answerConflict(res, error, "tbc_payment_link_refused")) return
  if (error) throw error
  res.status(201).json({ payment_link: result })
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { order_id } = req.validatedQuery as ListPaymentLinksQuery
  res.json({ payment_links: await adminLinkViews(req.scope, order_id) })
}
