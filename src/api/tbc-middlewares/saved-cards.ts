/**
 * Saved-card middlewares: /store/customers/me/tbc-cards* require customer authentication (Medusa
 * already guards /store/customers/me*; stated again here so these routes never depend on that
 * glob), and so does /store/tbc/payment-methods/:account_holder_id (the answer of Medusa's
 * saved-payment-methods recipe route, under the plugin's own path). Paying with a saved card is a step of
 * session creation (src/workflows/payment-sessions).
 */
import { authenticate, type MedusaRequest, type MiddlewareRoute } from "@medusajs/framework/http"

type AuthedRequest = MedusaRequest & { auth_context?: { actor_id?: string; actor_type?: string } }

/** The logged-in customer's id, or undefined for guests. */
export function customerIdOf(req: AuthedRequest): string | undefined {
  const auth = req.auth_context
  return auth?.actor_type === "customer" && auth.actor_id ? auth.actor_id : undefined
}

const customerOnly = authenticate("customer", ["session", "bearer"])

export const savedCardsMiddlewares: MiddlewareRoute[] = [
  { method: ["GET", "POST"], matcher: "/store/customers/me/tbc-cards", middlewares: [customerOnly] },
  { method: ["GET"], matcher: "/store/tbc/payment-methods/:account_holder_id", middlewares: [customerOnly] },
  { method: ["DELETE"], matcher: "/store/customers/me/tbc-cards/:id", middlewares: [customerOnly] },
]
