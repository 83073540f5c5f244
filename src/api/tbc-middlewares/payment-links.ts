/**
 * The payment-link routes' checks (contract: src/lib/payment-links.ts): the admin's body and
 * query, the shopper's token and body. The shopper's GET carries the token in its query, so the
 * request's URL is rewritten without it before anything logs it (Medusa's http request log reads
 * `originalUrl` when the answer is sent): the token is never in a log.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { z } from "zod/v4"
import {
  createPaymentLinkBodySchema,
  listPaymentLinksQuerySchema,
  payPaymentLinkBodySchema,
  paymentLinkIdSchema,
  storePaymentLinkQuerySchema,
} from "../../lib/payment-links"
import { validateBody, validateQuery } from "../validators/validate-request"

export const linkParamsSchema = z.object({ id: paymentLinkIdSchema })

const TOKEN_IN_QUERY = /([?&]token=)[^&#]*/g

/** The token out of the URL as logs and error reports see it; the route reads req.validatedQuery. */
export function redactLinkToken(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  req.originalUrl = req.originalUrl?.replace(TOKEN_IN_QUERY, "$1[redacted]")
  next()
}

export const paymentLinkMiddlewares: MiddlewareRoute[] = [
  { method: ["POST"], matcher: "/admin/tbc/payment-links", middlewares: [validateBody(createPaymentLinkBodySchema)] },
  { method: ["GET"], matcher: "/admin/tbc/payment-links", middlewares: [validateQuery(listPaymentLinksQuerySchema)] },
  {
    method: ["GET"],
    matcher: "/store/tbc/payment-links/:id",
    middlewares: [validateQuery(storePaymentLinkQuerySchema), redactLinkToken],
  },
  {
    method: ["POST"],
    matcher: "/store/tbc/payment-links/:id/pay",
    middlewares: [validateBody(payPaymentLinkBodySchema)],
  },
]
