/**
 * GET /store/tbc/orders/:id/payment: the customer is recognised when logged in (a guest may still
 * read with the order's cart id), and only `cart_id` is accepted as query.
 */
import { authenticate, type MiddlewareRoute } from "@medusajs/framework/http"
import { orderPaymentQuerySchema } from "../validators/store-tbc-schemas"
import { validateQuery } from "../validators/validate-request"

export const orderPaymentMiddlewares: MiddlewareRoute[] = [
  {
    method: ["GET"],
    matcher: "/store/tbc/orders/:id/payment",
    middlewares: [
      authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
      validateQuery(orderPaymentQuerySchema),
    ],
  },
]
