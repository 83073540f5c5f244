/**
 * Medusa's confirmations of an order change (an edit, a return, a claim, an exchange) are refused
 * while the order's TBC card payment is still held at the bank: each would cancel the hold and
 * open a new collection for the new total (src/lib/held-order-changes.ts says where, read in
 * 2.21.2; none of those workflows has a hook, so the route is the only place to refuse it before
 * the bank is called). The TBC Bank box on the order page captures from the order instead
 * (POST /admin/tbc/orders/:id/order-change-capture: the bank completes the new total from the
 * hold, then Medusa confirms the edit). Once the payment is captured (or for any other payment)
 * Medusa's routes run as they always do. An id Medusa does not know is left to Medusa (its 404).
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import {
  HELD_ORDER_CHANGE_ROUTES,
  heldOrderChangeRefusal,
  type HeldOrderChangeRoute,
} from "../../lib/held-order-changes"
import { heldCheckoutPaymentOf } from "../../use-cases/payment-facts/held-payment"

/** The order a route's `:id` belongs to (null: Medusa does not know the id). */
async function orderIdOf(scope: MedusaContainer, route: HeldOrderChangeRoute, id: string): Promise<string | null> {
  if (route.idOf === "order") return id
  const query = scope.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: route.idOf, fields: ["id", "order_id"], filters: { id } })
  const orderId = (data[0] as { order_id?: unknown } | undefined)?.order_id
  return typeof orderId === "string" && orderId ? orderId : null
}

export function refuseConfirmWhileHeld(route: HeldOrderChangeRoute) {
  return async (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) => {
    try {
      const id = String(req.params.id ?? "")
      const orderId = id ? await orderIdOf(req.scope, route, id) : null
      if (orderId && (await heldCheckoutPaymentOf(req.scope, orderId))) {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, heldOrderChangeRefusal(route.kind))
      }
      return next()
    } catch (error) {
      return next(error)
    }
  }
}

export const heldOrderChangeMiddlewares: MiddlewareRoute[] = HELD_ORDER_CHANGE_ROUTES.map((route) => ({
  method: ["POST"],
  matcher: route.matcher,
  middlewares: [refuseConfirmWhileHeld(route)],
}))
