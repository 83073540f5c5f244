// The demo shop page's cart: the products to add, the cart remembered in localStorage, and its box on the page.
import { storeApi } from "./store-api.js"
import { $, el, formatGel, show } from "./view.js"
import { guarded, showMessage } from "./notices.js"

const CART_KEY = "tbc-demo-cart"
export const state = { cartId: localStorage.getItem(CART_KEY), cart: null, customer: null, choices: [] }

export function forgetCart() {
  state.cartId = null
  state.cart = null
  localStorage.removeItem(CART_KEY)
}

export async function refreshCart() {
  if (!state.cartId) {
    state.cart = null
  } else {
    try {
      state.cart = (await storeApi.getCart(state.cartId)).cart
      if (state.cart.completed_at) forgetCart()
    } catch {
      forgetCart() // a cart of another database (demo re-seeded) or deleted
    }
  }
  renderCart()
}

export function renderProducts(products) {
  const list = $("#products")
  list.replaceChildren()
  if (products.length === 0) list.append(el("p", { class: "muted" }, "No products in this region."))
  for (const product of products) {
    const price = (variant) => Number(variant.calculated_price?.calculated_amount ?? Infinity)
    const variants = [...product.variants].sort((a, b) => price(a) - price(b)).map((variant) =>
      el("li", { class: "variant" },
        el("span", {}, variant.title),
        el("strong", { class: "price" }, formatGel(variant.calculated_price?.calculated_amount)),
        el("button", { type: "button", "data-testid": "add-to-cart", "data-variant-id": variant.id,
          onclick: () => guarded(() => addToCart(variant.id)) }, "Add to cart")))
    list.append(el("article", { class: "product", "data-testid": "product" },
      product.thumbnail ? el("img", { src: product.thumbnail, alt: "" }) : null,
      el("h3", {}, product.title),
      product.description ? el("p", { class: "muted" }, product.description) : null,
      el("ul", {}, ...variants)))
  }
}

async function addToCart(variantId) {
  if (state.cartId) await storeApi.addLineItem(state.cartId, variantId, 1)
  else {
    // the shopper's language (?lang=ka|en|ru) is the cart's locale: the bank's page follows it
    const { cart } = await storeApi.createCart([{ variant_id: variantId, quantity: 1 }], pageLocale())
    state.cartId = cart.id
    localStorage.setItem(CART_KEY, cart.id)
  }
  await refreshCart()
  showMessage("Added to your cart.")
}

export function renderCart() {
  const cart = state.cart
  const box = $("#cart")
  box.replaceChildren()
  const hasItems = Boolean(cart && cart.items && cart.items.length > 0)
  show("#checkout-form", hasItems)
  if (!hasItems) {
    box.append(el("p", { class: "muted" }, "Your cart is empty."))
    return
  }
  const rows = cart.items.map((item) =>
    el("li", { "data-testid": "cart-item" },
      el("span", {}, `${item.product_title || item.title} · ${item.variant_title || ""} × ${item.quantity}`),
      el("strong", {}, formatGel(item.total ?? item.unit_price * item.quantity)),
      el("button", { type: "button", class: "link", onclick: () => guarded(async () => {
        await storeApi.deleteLineItem(cart.id, item.id)
        await refreshCart()
      }) }, "remove")))
  box.append(el("ul", { class: "lines" }, ...rows),
    el("p", { class: "totals" }, `Items ${formatGel(cart.item_total)} · delivery ${formatGel(cart.shipping_total)} · `,
      "total ", el("strong", { "data-testid": "cart-total" }, formatGel(cart.total))))
  $("#pay-total").textContent = formatGel(cart.total)
  show("#shipping-step", Boolean(cart.shipping_address || cart.shipping_methods?.length))
  show("#payment-step", Boolean(cart.shipping_methods?.length))
}

const LOCALE_KEY = "tbc-demo-locale"

/** The page's language: ?lang= (remembered across the trip to the bank), else none (the store's default). */
export function pageLocale() {
  const asked = new URLSearchParams(window.location.search).get("lang")
  if (asked && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(asked)) localStorage.setItem(LOCALE_KEY, asked)
  return localStorage.getItem(LOCALE_KEY) || undefined
}
