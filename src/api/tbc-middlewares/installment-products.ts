/**
 * Installment products middleware on Medusa's POST /store/payment-collections/:id/payment-sessions
 * (the storefront's session-creation route, `@medusajs/medusa/dist/api/store/payment-collections`):
 * for a TBC provider it drops any `installmentProducts` / `products` the storefront put in
 * `data`, computes them from the cart on the server, and writes them to
 * `data.installmentProducts`. Medusa passes `data` to the provider's initiatePayment, where the
 * checkout (method 8) and the installments provider (the application's `products`) read it.
 *
 * Why a middleware: the provider cannot see the cart (module isolation) and the route hands
 * `req.body.data` to createPaymentSessionsWorkflow unchanged. Medusa's route reads `req.body`
 * (not `validatedBody`) and its body validator (`data: z.record`, strict only at the top level)
 * accepts the extra key whichever runs first; both are updated so the order does not matter.
 *
 * A cart the products cannot be computed for (no lines) gets no products — the providers then
 * leave out method 8 or refuse the application — instead of failing every TBC session of it.
 */
import type {
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
  MiddlewareRoute,
} from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { computeCartInstallmentProducts } from "../../app/cart-installment-products"
import { findTbcProvider } from "../../app/tbc-providers"
import { TbcValidationError } from "../../lib/tbc/errors"
import { isRecord } from "../../lib/tbc/validation"

/** Keys a storefront could use to smuggle its own product list; always removed for TBC providers. */
export const CLIENT_PRODUCT_KEYS = ["installmentProducts", "InstallmentProducts", "products", "Products"] as const

type SessionBody = { provider_id?: unknown; data?: unknown }

export async function injectInstallmentProducts(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const body = req.body as SessionBody | undefined
    if (!body || typeof body.provider_id !== "string" || (body.data !== undefined && !isRecord(body.data))) {
      return next() // not ours, or malformed: Medusa's validator answers
    }
    const configModule = req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
    if (!findTbcProvider(configModule, body.provider_id)) {
      return next()
    }
    const data: Record<string, unknown> = { ...(body.data ?? {}) }
    for (const key of CLIENT_PRODUCT_KEYS) delete data[key]
    const computed = await computeOrSkip(req)
    if (computed) data.installmentProducts = computed
    body.data = data
    const validated = (req as MedusaRequest & { validatedBody?: SessionBody }).validatedBody
    if (validated && typeof validated === "object") validated.data = data
    return next()
  } catch (error) {
    return next(error)
  }
}

/** The products, or undefined when the collection has no cart or its cart cannot be mapped. */
async function computeOrSkip(req: MedusaRequest) {
  try {
    return (await computeCartInstallmentProducts(req.scope, req.params.id))?.installmentProducts
  } catch (error) {
    if (!(error instanceof TbcValidationError)) throw error
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`[tbc] no installment products for payment collection ${req.params.id}: ${error.message}`)
    return undefined
  }
}

export const installmentProductsMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/store/payment-collections/:id/payment-sessions",
    middlewares: [injectInstallmentProducts],
  },
]
