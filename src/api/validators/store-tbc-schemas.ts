/** Input rules of the plugin's shopper routes under /store/tbc (see route-schemas.ts for the others). */
import { z } from "zod/v4"
import { typeRule } from "../../lib/zod-problems"

/** A Medusa cart id. */
const cartId = z
  .string(typeRule("must be a string"))
  .trim()
  .min(1, { message: "must not be empty" })
  .max(100, { message: "must be at most 100 characters" })
  .regex(/^cart_[A-Za-z0-9]+$/, { message: "must be a cart id (cart_…)" })

/** `:id` of /store/tbc/carts/:id/payment-status: a Medusa cart id. */
export const cartParamsSchema = z.object({ id: cartId })

/** GET /store/tbc/payment-options: optionally the cart the options are for (its amount and currency). */
export const paymentOptionsQuerySchema = z.object({ cart_id: cartId.optional() }).strict()
export type PaymentOptionsQuery = z.output<typeof paymentOptionsQuerySchema>
export type CartParams = z.output<typeof cartParamsSchema>

/** Query of GET /store/tbc/orders/:id/payment: the order's cart id, for a shopper who is not logged in. */
export const orderPaymentQuerySchema = z.strictObject(
  { cart_id: cartParamsSchema.shape.id.optional() },
  { error: (issue) => (issue.code === "unrecognized_keys" ? "only cart_id is allowed" : undefined) }
)
export type OrderPaymentQuery = z.output<typeof orderPaymentQuerySchema>
