// The Medusa Store API calls the demo page makes (fetch + the publishable key), nothing else.

const config = window.TBC_DEMO_CONFIG
const TOKEN_KEY = "tbc-demo-customer-token"

/** An error from the Store API carrying Medusa's own message (shown to the shopper as is). */
export class StoreApiError extends Error {
  constructor(status, message, body) {
    super(message)
    this.status = status
    this.body = body
  }
}

export const customerToken = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
}

async function call(method, path, body) {
  const headers = { "x-publishable-api-key": config.publishableKey }
  if (body !== undefined) headers["content-type"] = "application/json"
  const token = customerToken.get()
  if (token) headers.authorization = `Bearer ${token}`
  let response
  try {
    response = await fetch(new URL(path, config.backendUrl), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (error) {
    throw new StoreApiError(0, `The store server at ${config.backendUrl} cannot be reached (${error.message}).`)
  }
  const text = await response.text()
  let parsed
  try {
    parsed = text ? JSON.parse(text) : {}
  } catch {
    parsed = { message: text }
  }
  if (!response.ok) {
    throw new StoreApiError(response.status, parsed.message || `${method} ${path} failed (HTTP ${response.status})`, parsed)
  }
  return parsed
}

const CART_FIELDS =
  "id,email,currency_code,total,subtotal,shipping_total,tax_total,item_total,completed_at,customer_id," +
  "*items,*shipping_address,*shipping_methods,*payment_collection,*payment_collection.payment_sessions"

export const storeApi = {
  config,
  listProducts: () =>
    call("GET", `/store/products?region_id=${config.regionId}&fields=*variants.calculated_price&limit=50`),
  createCart: (items, locale) =>
    call("POST", "/store/carts", { region_id: config.regionId, items, ...(locale ? { locale } : {}) }),
  getCart: (cartId) => call("GET", `/store/carts/${cartId}?fields=${encodeURIComponent(CART_FIELDS)}`),
  addLineItem: (cartId, variantId, quantity) =>
    call("POST", `/store/carts/${cartId}/line-items`, { variant_id: variantId, quantity }),
  updateLineItem: (cartId, lineId, quantity) =>
    call("POST", `/store/carts/${cartId}/line-items/${lineId}`, { quantity }),
  deleteLineItem: (cartId, lineId) => call("DELETE", `/store/carts/${cartId}/line-items/${lineId}`),
  updateCart: (cartId, update) => call("POST", `/store/carts/${cartId}`, update),
  transferCartToCustomer: (cartId) => call("POST", `/store/carts/${cartId}/customer`, {}),
  listShippingOptions: (cartId) => call("GET", `/store/shipping-options?cart_id=${cartId}`),
  addShippingMethod: (cartId, optionId) =>
    call("POST", `/store/carts/${cartId}/shipping-methods`, { option_id: optionId }),
  listPaymentProviders: () => call("GET", `/store/payment-providers?region_id=${config.regionId}`),
  createPaymentCollection: (cartId) => call("POST", "/store/payment-collections", { cart_id: cartId }),
  createPaymentSession: (collectionId, providerId, data) =>
    call("POST", `/store/payment-collections/${collectionId}/payment-sessions`, {
      provider_id: providerId,
      ...(data && Object.keys(data).length > 0 ? { data } : {}),
    }),
  completeCart: (cartId) => call("POST", `/store/carts/${cartId}/complete`, {}),
  login: (email, password) => call("POST", "/auth/customer/emailpass", { email, password }),
  me: () => call("GET", "/store/customers/me"),
  /** The logged-in customer's saved TBC cards (route of this plugin); [] when it is not available. */
  listSavedCards: async () => {
    try {
      const body = await call("GET", "/store/customers/me/tbc-cards")
      return body.cards || body.tbc_cards || body.saved_cards || []
    } catch (error) {
      if (error instanceof StoreApiError && error.status === 404) return []
      throw error
    }
  },
}
