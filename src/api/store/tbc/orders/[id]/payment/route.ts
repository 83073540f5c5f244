/**
 * GET /store/tbc/orders/:id/payment[?cart_id=cart_…] — for the shopper's order page: how the order
 * was paid through TBC, the card's mask and the method only (never the bank's reference numbers).
 *
 *   { order_id, payment: null | { card_mask, card_last4, payment_method, payment_method_label,
 *       installment_status_id } }
 *
 * Readable by the order's own customer (logged in) or with the order's cart id (the id the
 * storefront kept for the checkout, e.g. a guest's confirmation page). Anyone else gets 404, the
 * same answer as for an order that does not exist. See src/use-cases/payment-facts/order-payment-facts.ts.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { shopperOrderPayment } from "../../../../../../use-cases/payment-facts/order-payment-facts"
import { customerIdOf } from "../../../../../tbc-middlewares/saved-cards"
import { orderParamsSchema } from "../../../../../validators/route-schemas"
import type { OrderPaymentQuery } from "../../../../../validators/store-tbc-schemas"
import { parseParams } from "../../../../../validators/validate-request"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { id } = parseParams(orderParamsSchema, req.params)
  const query = (req.validatedQuery ?? {}) as OrderPaymentQuery
  const payment = await shopperOrderPayment(req.scope, id, { customerId: customerIdOf(req), cartId: query.cart_id })
  if (payment === undefined) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${id} was not found`)
  res.setHeader("cache-control", "private, no-store")
  res.json({ order_id: id, payment })
}
