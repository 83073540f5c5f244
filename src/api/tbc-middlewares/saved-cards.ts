/**
 * Saved-card middlewares:
 * - POST /store/payment-collections/:id/payment-sessions (Medusa's route, verified in
 *   @medusajs/medusa/dist/api/store/payment-collections): for a tbc-checkout provider, checks
 *   `data.saved_card_id` belongs to the authenticated customer and swaps in the sealed token
 *   (see src/app/saved-cards/prepare-session.ts). The route reads `req.body`, so the
 *   prepared data is written there.
 * - /store/customers/me/tbc-cards*: customer authentication is required (Medusa already guards
 *   /store/customers/me*; stated again here so these routes never depend on that glob).
 */
import {
  authenticate,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
  type MiddlewareRoute,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider } from "../../app/tbc-providers"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { prepareSavedCardSessionData } from "../../app/saved-cards/prepare-session"
import { findCustomerCard } from "../../app/saved-cards/saved-card-table"

type AuthedRequest = MedusaRequest & { auth_context?: { actor_id?: string; actor_type?: string } }

/** The logged-in customer's id, or undefined for guests. */
export function customerIdOf(req: AuthedRequest): string | undefined {
  const auth = req.auth_context
  return auth?.actor_type === "customer" && auth.actor_id ? auth.actor_id : undefined
}

export async function prepareSavedCardSession(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = (req.body ?? {}) as { provider_id?: unknown; data?: unknown }
    if (typeof body.provider_id !== "string" || typeof body.data !== "object" || body.data === null) {
      return next()
    }
    const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
    const registration = findTbcProvider(configModule, body.provider_id)
    if (registration?.kind !== "tbc-checkout") {
      return next()
    }
    const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
    const providerId = body.provider_id
    const prepared = await prepareSavedCardSessionData({
      data: body.data as Record<string, unknown>,
      customerId: customerIdOf(req as AuthedRequest),
      providerId,
      get clientSecret() {
        return parseCheckoutOptions(registration.options).clientSecret
      },
      get cardTokenSecret() {
        return cardTokenSecretOf(parseCheckoutOptions(registration.options))
      },
      findActiveCard: (customerId, id) => findCustomerCard(tbc, customerId, id, ["active"]),
    })
    ;(req.body as Record<string, unknown>).data = prepared
    return next()
  } catch (error) {
    return next(error)
  }
}

const customerOnly = authenticate("customer", ["session", "bearer"])

export const savedCardsMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/store/payment-collections/:id/payment-sessions",
    middlewares: [prepareSavedCardSession],
  },
  { method: ["GET"], matcher: "/store/customers/me/tbc-cards", middlewares: [customerOnly] },
  { method: ["DELETE"], matcher: "/store/customers/me/tbc-cards/:id", middlewares: [customerOnly] },
]
