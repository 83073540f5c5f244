/**
 * POST /admin/tbc/payment-links/:id/close: the merchant closes a link (idempotent: a closed,
 * expired or paid link is answered as it is). 200 `{ payment_link }`; 404 an unknown link.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { closePaymentLink } from "../../../../../../workflows/payment-links/close-link"
import { adminLinkViewOf } from "../../../../../../workflows/payment-links/views"
import { linkById } from "../../../../../../use-cases/payment-links/link-facts"
import { linkParamsSchema } from "../../../../../tbc-middlewares/payment-links"
import { parseParams } from "../../../../../validators/validate-request"

export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const { id } = parseParams(linkParamsSchema, req.params)
  const link = await linkById(req.scope, id)
  if (!link) throw new MedusaError(MedusaError.Types.NOT_FOUND, `id: payment link ${id} was not found`)
  const closed = await closePaymentLink(req.scope, link, "merchant")
  res.json({ payment_link: await adminLinkViewOf(req.scope, closed) })
}
