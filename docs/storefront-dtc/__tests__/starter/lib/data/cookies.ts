/** The starter's cookie helpers (next/headers there): a guest with no cache tags here. */
export const getAuthHeaders = async (): Promise<{ authorization: string } | Record<string, never>> => ({})

export const getCacheTag = async (tag: string): Promise<string> => (tag ? "" : "")

export const removeCartId = async (): Promise<void> => undefined
