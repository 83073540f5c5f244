// Paying for the cart through the storefront kit (medusa-payment-tbc-storefront, served under
// /kit/ by the demo server): open a payment session, send the shopper to the bank's hosted page
// (or pay a saved card at once), and on the way back complete the cart into an order once the
// store's payment status says the bank has decided.
import {
  completeTbcPayment,
  createTbcStoreClient,
  orderPaymentLines,
  startTbcPayment,
  TbcPaymentError,
  tbcShopperView,
  tbcWords,
  waitForTbcDecision,
} from "/kit/index.js"
import { customerToken, storeApi } from "./store-api.js"

export const CHECKOUT_PROVIDER = "pp_tbc-checkout_tbc"
/** The page's language for the kit's words: the demo storefront is in English (the cart's locale is the bank page's). */
const PAGE_LOCALE = "en"
/** The consent to charges by the store, in the kit's words. */
export const MERCHANT_CHARGES_WORDS = tbcWords(PAGE_LOCALE).checkout.saveCardMerchantCharges
export const INSTALLMENTS_PROVIDER = "pp_tbc-installments_tbc"
/** The labels of the order's payment lines ("Paid with", "Card", "Installment"), in the kit's words. */
export const ORDER_PAYMENT_WORDS = tbcWords(PAGE_LOCALE).orderPayment
const PENDING_KEY = "tbc-demo-pending-payment"
/** How long the return page asks quickly for the bank (or its callback) before saying "waiting for the bank". */
const WAIT_FOR_BANK_MS = 10_000
/** Then how long it keeps asking (every 5 s) while the bank decides: an installment review takes minutes. */
const WAIT_FOR_DECISION_MS = 10 * 60_000

const kit = createTbcStoreClient({
  backendUrl: storeApi.config.backendUrl,
  publishableKey: storeApi.config.publishableKey,
  authToken: () => customerToken.get(),
})

/** The TBC choices the store offers for this cart (min/max per method applied), with `holds_money` and `methods`. */
export function offeredTbcOptions(cartId) {
  return kit.getPaymentOptions(cartId)
}

/**
 * How the order was really paid, in the kit's words: the method the bank reports (not the button
 * the shopper pressed), the card, an installment's status. Empty when the store cannot say.
 */
export async function orderPaymentOf(orderId, cartId) {
  try {
    return orderPaymentLines(await kit.getOrderPayment(orderId, cartId), PAGE_LOCALE)
  } catch {
    return []
  }
}

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
export async function startPayment(cartId, choice, onWaiting) {
  let started
  try {
    started = await startTbcPayment(kit, cartId, {
      providerId: choice.providerId,
      // The bank sends the shopper back here (an origin the store allows), cart id included.
      returnUrl: `${window.location.origin}/?cart=${encodeURIComponent(cartId)}`,
      saveCard: Boolean(choice.data?.save_card),
      // only the shopper's own second tick: the store may then charge the card for what an order owes
      merchantChargesConsent: choice.data?.merchant_charges === true,
      savedCardId: choice.data?.saved_card_id,
    })
  } catch (error) {
    throw shopperError(error)
  }
  pendingPayment.set({ cartId, providerId: choice.providerId, label: choice.label, startedAt: Date.now() })
  if (started.redirectUrl) return { redirectUrl: started.redirectUrl }
  // a saved card: completing the cart is the charge
  return completeOrder(cartId, choice.providerId, onWaiting, true)
}

/** The bank has not decided yet (no order, nothing to pay again): wait, do not say "not completed". */
const isUndecided = (error) => error instanceof TbcPaymentError && (error.code === "payment_pending" || error.code === "installment_pending")

/**
 * The installment application's status while the bank decides, in the kit's words and as its return
 * view says it ("Installment: The bank is reviewing your application"), for the store's last payment
 * status (`installment_status_id`); null for a card or a status the kit has no words for.
 */
export function installmentStatusLine(undecided, status) {
  const installmentStatusId = status?.installment_status_id ?? null
  const { detail } = tbcShopperView({ status: "waiting", error: undecided, installmentStatusId }, PAGE_LOCALE)
  return detail ? `${detail.label}: ${detail.value}` : null
}

/**
 * Completes the cart after the bank. The store places no order before the bank has the money or
 * approved the installment: while it decides, `onWaiting(message, installmentStatus)` says "waiting
 * for the bank" (again whenever the application's status changes) and the kit keeps asking the
 * store's payment status (waitForTbcDecision) until the bank decides, then completes the cart.
 * Resolves with { order, message } or throws an Error whose message is for the shopper.
 * `completeFirst`: a saved card, whose charge is the completion itself.
 */
export async function completeOrder(cartId, providerId, onWaiting = () => undefined, completeFirst = false) {
  let lastStatus = null
  let undecided = null // the bank's "not yet", once the page says "waiting for the bank"
  let said // the status line last said (undefined: nothing said yet)
  const sayWaiting = () => {
    if (!undecided) return
    const installmentStatus = installmentStatusLine(undecided, lastStatus)
    if (installmentStatus === said) return
    said = installmentStatus
    onWaiting(undecided.message, installmentStatus)
  }
  const onStatus = (status) => {
    lastStatus = status
    sayWaiting()
  }
  try {
    let completion
    try {
      completion = await completeTbcPayment(cartId, {
        ...kit,
        providerId,
        completeFirst,
        onStatus,
        timeoutMs: WAIT_FOR_BANK_MS,
      })
    } catch (error) {
      if (!isUndecided(error)) throw error
      undecided = error
      sayWaiting()
      completion = await waitForTbcDecision(cartId, { ...kit, providerId, onStatus, timeoutMs: WAIT_FOR_DECISION_MS })
    }
    pendingPayment.clear()
    return { order: completion.order, message: completion.message }
  } catch (error) {
    if (!(error instanceof TbcPaymentError) || error.canPayAgain) pendingPayment.clear()
    throw shopperError(error)
  }
}
