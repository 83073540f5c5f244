/**
 * POST /store/carts/:id/complete (Medusa's route): a cart paid by a tbc-checkout saved-card
 * session is completed only by the logged-in customer who chose the card (401 without login, 403
 * for another customer, 400 when the cart no longer matches her choice). Rules:
 * src/lib/saved-card-owner.ts; the check: src/use-cases/saved-cards/saved-card-cart-guard.ts.
 *
 * Why this one core route is still wrapped: the check needs to know WHO asks, and only the route
 * knows (`req.auth_context`; Medusa authenticates every /store route, guests allowed, before any
 * route middleware). completeCartWorkflow gets the cart id alone, so its hook
 * (src/workflows/hooks/saved-card-cart.ts) can check the cart against its own customer but not
 * against the caller. Refusing here also comes before Medusa creates the order, so a refusal costs
 * no order number. Cart changes need no middleware: the update and transfer workflows' hooks
 * delete the saved-card session themselves.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse, MiddlewareRoute } from "@medusajs/framework/http"
import { refuseSavedCardCompletion } from "../../use-cases/saved-cards/saved-card-cart-guard"
import { customerIdOf } from "./saved-cards"

/** POST /store/carts/:id/complete: only the owner completes a saved-card cart that still matches. */
export async function requireSavedCardOwner(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const caller = customerIdOf(req)
    await refuseSavedCardCompletion(req.scope, String(req.params.id ?? ""), () => caller)
    return next()
  } catch (error) {
    return next(error)
  }
}

export const savedCardOwnerMiddlewares: MiddlewareRoute[] = [
  { method: ["POST"], matcher: "/store/carts/:id/complete", middlewares: [requireSavedCardOwner] },
]
