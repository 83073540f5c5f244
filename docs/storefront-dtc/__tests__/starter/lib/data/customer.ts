import { sdk } from "@lib/config"
import { HttpTypes } from "@medusajs/types"
import { getAuthHeaders } from "./cookies"

/** As the starter's: the logged-in customer, or null. */
export const retrieveCustomer = async (): Promise<HttpTypes.StoreCustomer | null> => {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.store.customer
    .retrieve({}, headers)
    .then(({ customer }) => customer)
    .catch(() => null)
}
