import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { cartOfCollection } from "../payment-sessions/paid-collection"

/** The cart a payment collection belongs to (Medusa's cart ↔ payment collection link, read through Query), if any. */
export async function cartIdOfCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<string | undefined> {
  return cartOfCollection(container.resolve(ContainerRegistrationKeys.QUERY), paymentCollectionId)
}
