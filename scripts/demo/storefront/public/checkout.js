// Paying for the cart through the storefront kit (medusa-payment-tbc/storefront, served under
// /kit/ by the demo server): open a payment session, send the shopper to the bank's hosted page
// (or pay a saved card at once), and on the way back complete the cart into an order.
import { completeTbcPayment, createTbcStoreClient, startTbcPayment, TbcPaymentError } from "/kit/index.js"
import { customerToken, storeApi } from "./store-api.js"

export const CHECKOUT_PROVIDER = "pp_tbc-checkout_tbc"
export const INSTALLMENTS_PROVIDER = "pp_tbc-installments_tbc"
const PENDING_KEY = "tbc-demo-pending-payment"
/** How long the return page waits for the bank (or its callback) before saying "we are checking". */
const WAIT_FOR_BANK_MS = 10_000

const kit = createTbcStoreClient({
  backendUrl: storeApi.config.backendUrl,
  publishableKey: storeApi.config.publishableKey,
  authToken: () => customerToken.get(),
})

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

/** The kit's message, framed for this page: "Payment not completed: … You can pay again." when so. */
function shopperError(error) {
  if (!(error instanceof TbcPaymentError)) return error
  if (error.code === "payment_pending" || error.code === "installment_pending" || error.code === "store_unreachable") {
    return new Error(error.message)
  }
  const sentence = error.message.trim().replace(/[.!?]?$/, (end) => end || ".")
  return new Error(`Payment not completed: ${sentence} Your cart is still here, so you can pay again.`)
}

/**
 * Starts paying with `choice` = { providerId, data, label, savedCard }. Resolves with
 * { redirectUrl } when the shopper must go to the bank, or { order, message } when the payment
 * needed no redirect (a saved card) and the order is placed already.
 */
export async function startPayment(cartId, choice) {
  let started
  try {
    started = await startTbcPayment(kit, cartId, {
      providerId: choice.providerId,
      // The bank sends the shopper back here (an origin the store allows), cart id included.
      returnUrl: `${window.location.origin}/?cart=${encodeURIComponent(cartId)}`,
      saveCard: Boolean(choice.data?.save_card),
      savedCardId: choice.data?.saved_card_id,
    })
  } catch (error) {
    throw shopperError(error)
  }
  pendingPayment.set({ cartId, providerId: choice.providerId, label: choice.label, startedAt: Date.now() })
  if (started.redirectUrl) return { redirectUrl: started.redirectUrl }
  return completeOrder(cartId, choice.providerId)
}

/**
 * Completes the cart after the bank (the kit waits while the bank or its callback decides).
 * Resolves with { order, message } (message: the order awaits the bank's decision) or throws an
 * Error whose message is for the shopper.
 */
export async function completeOrder(cartId, providerId) {
  try {
    const { order, message } = await completeTbcPayment(cartId, { ...kit, providerId, timeoutMs: WAIT_FOR_BANK_MS })
    pendingPayment.clear()
    return { order, message }
  } catch (error) {
    if (!(error instanceof TbcPaymentError) || error.canPayAgain) pendingPayment.clear()
    throw shopperError(error)
  }
}
