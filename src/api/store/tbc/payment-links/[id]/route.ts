/**
 * GET /store/tbc/payment-links/:id?token=… — the shopper's "pay what you owe" page (no login: the
 * token is the capability): `{ payment_link: { id, status, amount, currency_code, expires_at,
 * order: { display_id, items, total } } }` (contract: src/lib/payment-links.ts). A wrong token
 * gets the same 404 as an unknown id, and nothing is written for it.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { tokenMatches } from "../../../../../lib/payment-link-rules"
import type { StorePaymentLinkQuery } from "../../../../../lib/payment-links"
import { linkById } from "../../../../../use-cases/payment-links/link-facts"
import { LINK_NOT_FOUND } from "../../../../../workflows/payment-links/pay-link"
import { storeLinkViewOf } from "../../../../../workflows/payment-links/views"
import { linkParamsSchema } from "../../../../tbc-middlewares/payment-links"
import { parseParams } from "../../../../validators/validate-request"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { id } = parseParams(linkParamsSchema, req.params)
  const { token } = req.validatedQuery as StorePaymentLinkQuery
  const link = await linkById(req.scope, id)
  if (!link || !tokenMatches(link.token_hash, token)) throw new MedusaError(MedusaError.Types.NOT_FOUND, LINK_NOT_FOUND)
  res.setHeader("cache-control", "private, no-store")
  res.json({ payment_link: await storeLinkViewOf(req.scope, link) })
}
