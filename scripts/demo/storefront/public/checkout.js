// Paying for the cart: open a payment session, send the shopper to the bank's hosted page (or pay
// a saved card at once), and on the way back complete the cart into an order.
import { storeApi, StoreApiError } from "./store-api.js"

export const CHECKOUT_PROVIDER = "pp_tbc-checkout_tbc"
export const INSTALLMENTS_PROVIDER = "pp_tbc-installments_tbc"
const PENDING_KEY = "tbc-demo-pending-payment"
/** Session statuses that may still turn into a payment: completing again shortly can succeed. */
const STILL_OPEN = new Set(["pending", "pending_authorization", "requires_more"])
const RETRY_FOR_MS = 10_000
const RETRY_EVERY_MS = 1_500

/** Remembers the cart across the trip to the bank (the bank returns to a fixed URL). */
export const pendingPayment = {
  get() {
    try {
      return JSON.parse(localStorage.getItem(PENDING_KEY) || "null")
    } catch {
      return null
    }
  },
  set: (value) => localStorage.setItem(PENDING_KEY, JSON.stringify(value)),
  clear: () => localStorage.removeItem(PENDING_KEY),
}

/** The bank page to send the shopper to, from the session data the provider returned. */
export function redirectUrlOf(data = {}) {
  const link = Array.isArray(data.links) ? data.links.find((candidate) => candidate.rel === "approval_url") : null
  return data.redirectUrl || data.redirect_url || data.approvalUrl || data.approval_url || link?.uri || null
}

/** A message from the provider in the session data that a shopper can read, if there is one. */
function providerMessageOf(session) {
  const data = session?.data || {}
  const message = data.userMessage || data.message || data.error_message || data.errorMessage
  if (message) return message
  // Installments keep the bank's status name: say it when the application ended badly.
  const ended = session?.status === "error" || session?.status === "canceled"
  return ended && data.statusDescription ? `the bank's answer was "${data.statusDescription}".` : null
}

async function ensurePaymentCollection(cartId) {
  const { cart } = await storeApi.getCart(cartId)
  if (cart.payment_collection?.id) return cart.payment_collection.id
  const { payment_collection } = await storeApi.createPaymentCollection(cartId)
  return payment_collection.id
}

/**
 * Starts paying with `choice` = { providerId, data, label }. Resolves with
 * { redirectUrl } when the shopper must go to the bank, or { order } when the payment needed no
 * redirect (a saved card) and the order is placed already.
 */
export async function startPayment(cartId, choice) {
  const collectionId = await ensurePaymentCollection(cartId)
  // The checkout provider sends the shopper back here (an origin the store allows), cart id included.
  const data = choice.providerId === CHECKOUT_PROVIDER && !choice.savedCard
    ? { ...choice.data, return_url: `${window.location.origin}/?cart=${encodeURIComponent(cartId)}` }
    : choice.data
  const { payment_collection } = await storeApi.createPaymentSession(collectionId, choice.providerId, data)
  const session = payment_collection.payment_sessions.find((candidate) => candidate.provider_id === choice.providerId)
  if (!session) throw new Error(`The store did not open a ${choice.label} payment.`)
  const redirectUrl = redirectUrlOf(session.data)
  pendingPayment.set({ cartId, providerId: choice.providerId, label: choice.label, startedAt: Date.now() })
  if (redirectUrl) return { redirectUrl }
  if (session.status === "error") throw new Error(providerMessageOf(session) || `${choice.label}: the bank refused the payment.`)
  return completeOrder(cartId)
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

function sessionOf(cart) {
  const sessions = cart?.payment_collection?.payment_sessions || []
  return sessions[sessions.length - 1]
}

/** Medusa's words when a provider answered "not yet" instead of a reason of its own. */
const GENERIC_FAILURE = /^payment authorization failed\.?$/i

/** One sentence for the shopper, ending in a full stop. */
function failureMessage(reason) {
  const sentence = reason.trim().replace(/[.!?]?$/, (end) => end || ".")
  return `Payment not completed: ${sentence} Your cart is still here, so you can pay again.`
}

/**
 * Completes the cart after the bank. When the store only says "not authorized (yet)" while the
 * session is still open, the bank may still be deciding: retry for a few seconds. A reason from
 * the provider (a decline, an expiry) ends at once. Resolves with { order } or throws an Error
 * whose message is for the shopper.
 */
export async function completeOrder(cartId) {
  const deadline = Date.now() + RETRY_FOR_MS
  for (;;) {
    let result
    try {
      result = await storeApi.completeCart(cartId)
    } catch (error) {
      // 409: the bank's callback is completing the same cart right now.
      if (error instanceof StoreApiError && error.status === 409 && Date.now() < deadline) {
        await sleep(RETRY_EVERY_MS)
        continue
      }
      throw error
    }
    if (result.type === "order") {
      pendingPayment.clear()
      return { order: result.order }
    }
    const session = sessionOf(result.cart)
    const storeMessage = result.error?.message || ""
    const notYet = GENERIC_FAILURE.test(storeMessage) || storeMessage === ""
    if (notYet && session && STILL_OPEN.has(session.status) && Date.now() < deadline) {
      await sleep(RETRY_EVERY_MS)
      continue
    }
    pendingPayment.clear()
    const reason = providerMessageOf(session) || (notYet ? "the bank has not confirmed the payment." : storeMessage)
    throw new Error(failureMessage(reason))
  }
}
