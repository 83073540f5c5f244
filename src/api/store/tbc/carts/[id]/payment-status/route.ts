/**
 * GET /store/tbc/carts/:id/payment-status — read-only: whether the bank has decided the cart's TBC
 * payment, for the shopper's return page (the storefront kit polls this instead of completing the
 * cart, so waiting never costs an order number; it completes the cart once "decided").
 *
 *   { payment_status: { cart_id, status: "decided" | "pending" | "failed",
 *       reason: null | "payment_pending" | "installment_pending" | "declined" | "expired" | "canceled"
 *             | "installment_declined" | "installment_canceled" | "cart_changed",
 *       provider_id, order_id, result_code,
 *       installment_status_id: null | 0…13 (the bank's status of the cart's installment application) } }
 *
 * Public by cart id (with the publishable key), like Medusa's own store cart route; 404 for an
 * unknown cart. See src/use-cases/payment-status/cart-payment-status.ts.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { cartPaymentStatus } from "../../../../../../use-cases/payment-status/cart-payment-status"
import { cartParamsSchema } from "../../../../../validators/store-tbc-schemas"
import { parseParams } from "../../../../../validators/validate-request"

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const { id } = parseParams(cartParamsSchema, req.params)
  // never cached by a browser or a CDN: the answer changes when the bank decides
  res.setHeader("cache-control", "no-store")
  res.json({ payment_status: await cartPaymentStatus(req.scope, id) })
}
