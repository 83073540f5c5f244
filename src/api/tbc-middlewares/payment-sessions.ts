/**
 * POST /store/payment-collections/:id/payment-sessions (Medusa's route, see
 * @medusajs/medusa/dist/api/store/payment-collections): the plugin's one middleware on it runs
 * createTbcPaymentSessionWorkflow (src/workflows/payment-sessions) and answers the request
 * itself, with the same response as Medusa's handler, which then does not run.
 *
 * Why a middleware that answers: Medusa's route hands the storefront's `data` straight to
 * createPaymentSessionsWorkflow, which has no hooks (2.21); the paid-collection guard, the
 * server's installment products, the saved-card check and the installment application row all
 * have to happen around it, and the row must exist before the shopper gets the bank's link. One
 * workflow does all of it, so a failure in any part undoes the rest.
 *
 * The shopper's IP address (the socket's, X-Forwarded-For only from the provider's `trustProxy`
 * proxies, as for callbacks) goes to the bank with the payment it creates, for its fraud checks,
 * through the run's async context only: never stored (src/providers/common/shopper-address.ts).
 *
 * Medusa's body and query validators for this route run before plugin middlewares (core routes are
 * registered first), so `validatedBody` is Medusa's strict { provider_id, data? } and
 * `queryConfig.fields` the response's fields. Without them (another Medusa version), the request
 * is left to Medusa's route.
 */
import {
  refetchEntity,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
  type MiddlewareRoute,
} from "@medusajs/framework/http"
import { createTbcPaymentSessionWorkflow } from "../../workflows/payment-sessions/create-tbc-payment-session"
import { isRecord } from "../../lib/tbc/validation"
import { customerIdOf } from "./saved-cards"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider } from "../../use-cases/tbc-providers"
import { parsedCheckoutOptions } from "./callbacks"
import { callbackSourceAddress } from "../../providers/tbc-checkout/callbacks/callback-auth"
import { withShopperAddress } from "../../providers/common/shopper-address"

type SessionRequest = MedusaRequest & {
  validatedBody?: { provider_id?: unknown; data?: unknown }
  auth_context?: { actor_id?: string; actor_type?: string }
}

export async function createPaymentSessionThroughWorkflow(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const request = req as SessionRequest
  const body = request.validatedBody
  const fields = request.queryConfig?.fields
  if (!body || typeof body.provider_id !== "string" || (body.data !== undefined && !isRecord(body.data)) || !fields) {
    return next()
  }
  try {
    const collectionId = String(req.params.id ?? "")
    const providerId = body.provider_id
    const run = () =>
      createTbcPaymentSessionWorkflow(req.scope).run({
        input: {
          payment_collection_id: collectionId,
          provider_id: providerId,
          data: body.data as Record<string, unknown> | undefined,
          actor_id: request.auth_context?.actor_id,
          customer_id: customerIdOf(request),
        },
      })
    await withShopperAddress(shopperAddressOf(req, providerId), run)
    const paymentCollection = await refetchEntity({
      entity: "payment_collection",
      idOrFilter: collectionId,
      scope: req.scope,
      fields,
    })
    res.status(200).json({ payment_collection: paymentCollection })
  } catch (error) {
    return next(error)
  }
}

/** The shopper's address as a tbc-checkout registration trusts it; undefined for other providers. */
export function shopperAddressOf(req: MedusaRequest, providerId: string): string | undefined {
  const registration = findTbcProvider(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), providerId)
  if (!registration || registration.kind !== "tbc-checkout") return undefined
  const options = parsedCheckoutOptions(registration.options)
  return options
    ? callbackSourceAddress(req.socket?.remoteAddress, req.headers?.["x-forwarded-for"], options.trustProxy)
    : undefined
}

export const paymentSessionMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/store/payment-collections/:id/payment-sessions",
    middlewares: [createPaymentSessionThroughWorkflow],
  },
]
