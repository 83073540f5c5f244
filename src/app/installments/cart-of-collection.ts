import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** The cart a payment collection belongs to (Medusa's cart ↔ payment collection link), if any. */
export async function cartIdOfCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  return (links[0] as { cart_id?: string } | undefined)?.cart_id
}
