/**
 * The installment products of a new TBC session (a step of src/workflows/payment-sessions): any
 * `installmentProducts` / `products` the storefront put in `data` are dropped, and the list
 * computed on the server from the collection's cart goes to `data.installmentProducts`. The
 * provider's initiatePayment reads it there: the checkout for method 8, the installments
 * provider for the application's `products`.
 *
 * Why here and not in the provider: the provider cannot see the cart (Medusa isolates modules).
 *
 * A cart the products cannot be computed for (no lines) gets no products — the providers then
 * leave out method 8 or refuse the application — instead of failing every TBC session of it.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { computeCartInstallmentProducts } from "../cart-installment-products"
import { findTbcProvider } from "../tbc-providers"
import { TbcValidationError } from "../../lib/tbc/errors"

/** Keys a storefront could use to smuggle its own product list; always removed for TBC providers. */
export const CLIENT_PRODUCT_KEYS = ["installmentProducts", "InstallmentProducts", "products", "Products"] as const

export type SessionData = Record<string, unknown>

/**
 * `data` with the server's products for a TBC provider; other providers' data unchanged (and
 * nothing read for them).
 */
export async function withServerInstallmentProducts(
  container: MedusaContainer,
  input: { payment_collection_id: string; provider_id: string; data?: SessionData }
): Promise<SessionData | undefined> {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  if (!findTbcProvider(configModule, input.provider_id)) return input.data
  const data: SessionData = { ...(input.data ?? {}) }
  for (const key of CLIENT_PRODUCT_KEYS) delete data[key]
  const computed = await computeOrSkip(container, input.payment_collection_id)
  if (computed) data.installmentProducts = computed
  return data
}

/** The products, or undefined when the collection has no cart or its cart cannot be mapped. */
async function computeOrSkip(container: MedusaContainer, collectionId: string) {
  try {
    return (await computeCartInstallmentProducts(container, collectionId))?.installmentProducts
  } catch (error) {
    if (!(error instanceof TbcValidationError)) throw error
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .info(`[tbc] no installment products for payment collection ${collectionId}: ${error.message}`)
    return undefined
  }
}
