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

/** The checkout's per-method providers (`pp_tbc-apple-pay_tbc`, …): each method its own choice. */
const METHOD_PROVIDERS = {
  "tbc-card": { label: "Card", hint: "card on TBC's page" },
  "tbc-apple-pay": { label: "Apple Pay", hint: "Apple Pay on TBC's page; paid at once" },
  "tbc-google-pay": { label: "Google Pay", hint: "Google Pay on TBC's page; paid at once" },
  "tbc-qr": { label: "QR code", hint: "scan a QR code on TBC's page" },
  "tbc-bnpl": { label: "Part-by-Part", hint: "pay in parts on TBC's page" },
  "tbc-internet-bank": { label: "Internet bank", hint: "log in to your internet bank on TBC's page" },
  "tbc-installment-plan": { label: "Installments on TBC's page", hint: "an installment loan on TBC's page" },
}

/** "tbc-apple-pay" for "pp_tbc-apple-pay_tbc"; null for any other provider. */
export function methodProviderOf(providerId) {
  const match = /^pp_(tbc-[a-z-]+?)_[A-Za-z0-9_-]+$/.exec(providerId)
  return match && METHOD_PROVIDERS[match[1]] ? match[1] : null
}

/** The hint's tail when authorizing this choice only holds the money (the Store API's `holds_money`). */
const HELD = "; the amount is held until the shop confirms your order"

const sameMethods = (a = [], b = []) => a.length === b.length && a.every((method) => b.includes(method))

/**
 * The payment choices to offer: TBC card, the per-method TBC choices the store offers for this
 * cart, TBC installments, then the customer's saved cards (paid through the checkout provider with
 * no redirect), then any other provider of the region. `tbcOptions`: what GET
 * /store/tbc/payment-options?cart_id answers available for the cart (the others are hidden); its
 * `holds_money` says which choice only holds the money (preauthorization as the admin last set
 * it) and `methods` what each bank page offers. One choice per page: a method's own provider that
 * would open the same page as the all-methods choice (card alone) is left out.
 */
export function paymentChoices(providerIds, savedCards, tbcOptions = null) {
  const choices = []
  const byId = new Map((tbcOptions ?? []).map((option) => [option.provider_id, option]))
  const offered = (id) => !tbcOptions || byId.has(id)
  const holds = (id) => Boolean(byId.get(id)?.holds_money)
  const held = (id) => (holds(id) ? HELD : "")
  const page = byId.get(CHECKOUT_PROVIDER)
  const allMethods = providerIds.includes(CHECKOUT_PROVIDER) && offered(CHECKOUT_PROVIDER)
  if (allMethods) {
    const hint = checkoutHint(page?.methods ?? [5]) + held(CHECKOUT_PROVIDER)
    const known = KNOWN_PROVIDERS[CHECKOUT_PROVIDER]
    choices.push({ providerId: CHECKOUT_PROVIDER, data: {}, ...known, hint, holdsMoney: holds(CHECKOUT_PROVIDER) })
  }
  for (const id of providerIds.filter((candidate) => methodProviderOf(candidate) && offered(candidate))) {
    const identifier = methodProviderOf(id)
    // one card choice: "TBC card" (the all-methods page) already takes cards
    if (allMethods && identifier === "tbc-card" && (page?.methods ?? [5]).includes(5)) continue
    if (allMethods && page && sameMethods(page.methods, byId.get(id)?.methods)) continue
    const known = METHOD_PROVIDERS[identifier]
    const hint = known.hint + held(id)
    choices.push({ providerId: id, data: {}, ...known, hint, holdsMoney: holds(id), testId: `pay-method-${identifier}` })
  }
  if (providerIds.includes(INSTALLMENTS_PROVIDER) && offered(INSTALLMENTS_PROVIDER)) {
    choices.push({ providerId: INSTALLMENTS_PROVIDER, data: {}, ...KNOWN_PROVIDERS[INSTALLMENTS_PROVIDER] })
  }
  if (providerIds.includes(CHECKOUT_PROVIDER)) {
    for (const card of savedCards) {
      choices.push({
        providerId: CHECKOUT_PROVIDER,
        label: cardLabel(card),
        hint: `pays at once, no bank page${held(CHECKOUT_PROVIDER)}`,
        holdsMoney: holds(CHECKOUT_PROVIDER),
        testId: "pay-saved-card",
        savedCard: card,
        data: { saved_card_id: card.id },
      })
    }
  }
  for (const id of providerIds.filter((candidate) => !KNOWN_PROVIDERS[candidate] && !methodProviderOf(candidate))) {
    choices.push({ providerId: id, label: id, data: {}, testId: `pay-${id}` })
  }
  return choices
}
