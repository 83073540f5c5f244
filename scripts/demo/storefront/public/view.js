// DOM helpers and the pure parts of the page (money formatting, which payment choices to offer).
import { CHECKOUT_PROVIDER, INSTALLMENTS_PROVIDER } from "./checkout.js"

export const $ = (selector) => {
  const found = document.querySelector(selector)
  if (!found) throw new Error(`page element ${selector} is missing`)
  return found
}

export function show(selector, visible) {
  $(selector).hidden = !visible
}

/** el("a", { href, onclick }, "text", child…): attributes whose value is null are left out. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined) continue
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value)
    else node.setAttribute(name, value)
  }
  node.append(...children.filter((child) => child !== null && child !== undefined))
  return node
}

const GEL = new Intl.NumberFormat("en-US", { style: "currency", currency: "GEL", currencyDisplay: "code" })

/** Medusa store amounts are major units (49.99 = 49 lari 99 tetri). */
export function formatGel(amount) {
  if (amount === null || amount === undefined || amount === "") return "—"
  const value = typeof amount === "object" ? Number(amount.value ?? amount.numeric) : Number(amount)
  return Number.isFinite(value) ? GEL.format(value) : "—"
}

const KNOWN_PROVIDERS = {
  [CHECKOUT_PROVIDER]: { label: "TBC card", testId: "pay-tbc-card" },
  [INSTALLMENTS_PROVIDER]: { label: "TBC installments", hint: "apply for an installment loan at TBC", testId: "pay-tbc-installments" },
}

/** What the bank's page offers for each of the checkout provider's `methods`. */
const METHOD_NAMES = { 4: "QR code", 5: "card", 6: "loyalty points", 7: "internet bank", 8: "installments", 9: "Apple Pay", 14: "Google Pay" }

/** "card on TBC's page", "card, QR code or internet bank on TBC's page", …: exactly the methods enabled. */
export function checkoutHint(methods = [5]) {
  const names = [...new Set(methods.map((method) => METHOD_NAMES[method]).filter(Boolean))]
  if (names.length === 0) return "on TBC's page"
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`
  return `${list} on TBC's page`
}

/** The bank's MMYY card expiry as MM/YY; anything else as given. */
function formatExpiry(expiry) {
  const mmyy = /^(\d{2})(\d{2})$/.exec(String(expiry))
  return mmyy ? `${mmyy[1]}/${mmyy[2]}` : String(expiry)
}

function cardLabel(card) {
  const mask = card.card_mask || card.cardMask || card.mask || "card"
  const expiry = card.expiry_date || card.expiry || card.card_expiry || card.expiryDate
  return `Saved card ${mask}${expiry ? ` (expires ${formatExpiry(expiry)})` : ""}`
}

/**
 * The payment choices to offer: TBC card, TBC installments, then the customer's saved cards (paid
 * through the checkout provider with no redirect), then any other provider of the region.
 */
export function paymentChoices(providerIds, savedCards, { checkoutMethods, preAuth } = {}) {
  const choices = []
  const held = preAuth ? "; the amount is held until the shop confirms your order" : ""
  for (const id of [CHECKOUT_PROVIDER, INSTALLMENTS_PROVIDER]) {
    if (!providerIds.includes(id)) continue
    const hint = id === CHECKOUT_PROVIDER ? checkoutHint(checkoutMethods) + held : KNOWN_PROVIDERS[id].hint
    choices.push({ providerId: id, data: {}, ...KNOWN_PROVIDERS[id], hint })
  }
  if (providerIds.includes(CHECKOUT_PROVIDER)) {
    for (const card of savedCards) {
      choices.push({
        providerId: CHECKOUT_PROVIDER,
        label: cardLabel(card),
        hint: `pays at once, no bank page${held}`,
        testId: "pay-saved-card",
        savedCard: card,
        data: { saved_card_id: card.id },
      })
    }
  }
  for (const id of providerIds.filter((candidate) => !KNOWN_PROVIDERS[candidate])) {
    choices.push({ providerId: id, label: id, data: {}, testId: `pay-${id}` })
  }
  return choices
}
