/**
 * The demo's two merchant scenes, set up by scripts/demo.js once Medusa and the sandbox bank run,
 * through the same Store API, sandbox page and Admin API a shopper and a merchant use (the
 * plugin's real flows, no database writes). Idempotent: each scene's order carries a metadata tag
 * (copied from its cart) and is made only when the demo customer has no order with that tag.
 *   - the saved card: the demo customer's checkout that saves her card with her consent to
 *     charges by the store, captured in the admin (with preauthorization the bank activates the
 *     card only then). The seed's phone order (scripts/demo/seed-demo.ts) owes its total, so its
 *     widget offers "Charge the saved card".
 *   - the held order (preauthorization on only): her card checkout of 2 × churchkhela and 1 ×
 *     salt, paid on the bank's page and left held, for "Capture for what is delivered" with one
 *     box not delivered.
 */
const CARD_ORDER_TAG = "tbc_demo_card_order"
const HELD_ORDER_TAG = "tbc_demo_held_order"
/** The consent the storefront kit's save-card box sends (its words' version, src/lib/merchant-charges.ts). */
const CONSENT = { accepted: true, words_version: "2026-12", locale: "en" }
const ADDRESS = {
  first_name: "Nino",
  last_name: "Beridze",
  address_1: "Rustaveli Ave 12",
  city: "Tbilisi",
  country_code: "ge",
  postal_code: "0108",
}

async function call(base, method, path, { token, key, body } = {}) {
  const headers = { "content-type": "application/json" }
  if (token) headers.authorization = `Bearer ${token}`
  if (key) headers["x-publishable-api-key"] = key
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`)
  return text ? JSON.parse(text) : undefined
}

async function waitUntil(read, description, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`${description}: not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * Sets up the scenes missing from the store. Returns what the banner prints:
 * `{ heldOrder?: display id, cardMask?: the saved card's mask }`.
 */
async function ensureDemoScenes({ backendUrl, sandboxUrl, state, preAuth }) {
  const key = state.publishableKey
  const { token: customer } = await call(backendUrl, "POST", "/auth/customer/emailpass", {
    body: state.customer,
  })
  const { token: admin } = await call(backendUrl, "POST", "/auth/user/emailpass", { body: state.admin })
  const store = (method, path, body) => call(backendUrl, method, path, { token: customer, key, body })
  const adminApi = (method, path, body) => call(backendUrl, method, path, { token: admin, body })
  const providerId = state.paymentProviderIds.find((id) => id.startsWith("pp_tbc-checkout_"))
  if (!providerId) throw new Error("the region has no TBC checkout provider")

  const { orders } = await store("GET", "/store/orders?fields=id,display_id,metadata&limit=1000")
  const tagged = (tag) => orders.find((order) => order.metadata && order.metadata[tag] === true)

  /** The demo customer's card checkout of `items` ({ handle, quantity }), paid on the bank's page: the order's id. */
  async function checkout(items, tag, sessionData) {
    const handles = items.map((item) => item.handle)
    const { products } = await store(
      "GET",
      `/store/products?${handles.map((h) => `handle[]=${encodeURIComponent(h)}`).join("&")}&fields=handle,*variants`
    )
    const variantOf = (handle) => {
      const product = products.find((candidate) => candidate.handle === handle)
      if (!product || !product.variants[0]) throw new Error(`the demo product ${handle} is missing`)
      return product.variants[0].id
    }
    const { cart } = await store("POST", "/store/carts", {
      region_id: state.regionId,
      items: items.map((item) => ({ variant_id: variantOf(item.handle), quantity: item.quantity })),
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
      metadata: { [tag]: true },
    })
    const { shipping_options: options } = await store("GET", `/store/shipping-options?cart_id=${cart.id}`)
    if (!options[0]) throw new Error("the demo store offers no shipping option")
    await store("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: options[0].id })
    const { payment_collection: collection } = await store("POST", "/store/payment-collections", {
      cart_id: cart.id,
    })
    const started = await store("POST", `/store/payment-collections/${collection.id}/payment-sessions`, {
      provider_id: providerId,
      data: sessionData,
    })
    const payId = started.payment_collection.payment_sessions[0].data.payId
    await call(sandboxUrl, "POST", `/_sandbox/payments/${encodeURIComponent(payId)}/pay`, {
      body: { method: 5, outcome: "success" },
    })
    const completion = await store("POST", `/store/carts/${cart.id}/complete`)
    if (completion.type !== "order") throw new Error(`the demo cart became no order: ${JSON.stringify(completion)}`)
    return completion.order.id
  }

  // the saved card: saved with consent, its payment captured (which activates it under preauthorization)
  const cardOrderId =
    (tagged(CARD_ORDER_TAG) || {}).id ||
    (await checkout([{ handle: "demo-svanetian-salt", quantity: 1 }], CARD_ORDER_TAG, {
      save_card: true,
      merchant_charges_consent: CONSENT,
    }))
  const { order } = await adminApi(
    "GET",
    `/admin/orders/${cardOrderId}?fields=id,*payment_collections,*payment_collections.payments`
  )
  for (const payment of order.payment_collections.flatMap((pc) => pc.payments || [])) {
    if (!payment.captured_at && !payment.canceled_at)
      await adminApi("POST", `/admin/payments/${payment.id}/capture`, {})
  }
  const card = await waitUntil(async () => {
    const { cards } = await store("GET", "/store/customers/me/tbc-cards")
    return cards.find((candidate) => candidate.status === "active")
  }, "the demo customer's saved card to be active")

  // the held order: only preauthorization holds the money
  let heldOrder
  if (preAuth) {
    const held = tagged(HELD_ORDER_TAG)
    if (held) heldOrder = held.display_id
    else {
      const heldId = await checkout(
        [
          { handle: "demo-churchkhela-box", quantity: 2 },
          { handle: "demo-svanetian-salt", quantity: 1 },
        ],
        HELD_ORDER_TAG,
        {}
      )
      heldOrder = (await adminApi("GET", `/admin/orders/${heldId}?fields=id,display_id`)).order.display_id
    }
  }
  return { heldOrder, cardMask: card.card_mask }
}

module.exports = { ensureDemoScenes, CARD_ORDER_TAG, HELD_ORDER_TAG }
