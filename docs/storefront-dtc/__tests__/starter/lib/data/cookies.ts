import { guideConfig } from "../../guide-config"

/** The starter's cookie helpers (next/headers there): the login the test gave the page. */
export const getAuthHeaders = async (): Promise<{ authorization: string } | Record<string, never>> => {
  const token = guideConfig().customerToken
  return token ? { authorization: `Bearer ${token}` } : {}
}

/** The starter clears its `_medusa_cart_id` cookie; the test page keeps its cart in the URL. */
export const removeCartId = async (): Promise<void> => undefined
