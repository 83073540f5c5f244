/**
 * The errors a shopper can meet while paying with TBC, as codes; the words for each code, in
 * English, Georgian and Russian, are in words.ts. The Store API answers with Medusa's or the
 * provider's own words: `classifyStoreMessage` turns the known ones into a code, and such words
 * are kept on the error (`storeMessage`, for logs) but never become its `message`.
 */
import { tbcMessage, type TbcWayForward } from "./words"

export type TbcErrorCode =
  /** the bank declined the card payment, or the shopper left the bank's page without paying */
  | "declined"
  | "expired"
  /** the payment was canceled (returned) at the bank */
  | "canceled"
  /**
   * the bank has not confirmed the card payment yet (not paid yet, or still processing): no order
   * yet; the bank's callback or the store's reconcile places it when the payment succeeds. Do not
   * offer to pay again.
   */
  | "payment_pending"
  /**
   * the installment application is not decided yet: no order and the cart stays open; the order is
   * placed when the bank approves (the store's sync job, or the return page completing the cart)
   */
  | "installment_pending"
  | "installment_declined"
  | "installment_canceled"
  /** the bank's callback is placing this order at this moment */
  | "cart_busy"
  | "store_unreachable"
  /** the cart has no TBC payment any more: it changed (items, address, shipping) while the shopper was at the bank */
  | "cart_changed"
  /** the store has no such cart (a wrong or old link) */
  | "cart_not_found"
  /** the bank already holds or took the money for this cart: place the order, do not pay again */
  | "already_paid"
  /** the cart already became an order */
  | "already_ordered"
  /** saved cards need the customer to be logged in */
  | "login_required"
  /** the cart is paid with another customer's saved card */
  | "saved_card_not_yours"
  /** the cart's customer, e-mail or address changed after the saved card was chosen */
  | "saved_card_changed"
  /** the saved card could not be used (expired choice, nothing to charge) */
  | "saved_card_unusable"
  /** a card cannot be saved with the payment methods offered (QR, installments, Apple Pay) */
  | "save_card_not_allowed"
  /** the bank's payment does not match the cart's amount or currency */
  | "amount_mismatch"
  /** the store could not record the payment, so nothing was sent to the bank */
  | "payment_not_recorded"
  /** the bank did not answer; the cart is safe */
  | "bank_unreachable"
  /** installments cannot pay this cart (not in GEL, or its lines cannot be sent to the bank) */
  | "installments_unavailable"
  /**
   * the chosen payment method cannot pay this cart: not offered by the store, outside its min/max
   * amount, or not in this currency (the kit's getPaymentOptions(cartId) hides such options first)
   */
  | "method_unavailable"
  /** anything else: the store's words are in `storeMessage` */
  | "failed"

/** What the shopper can do after each code: the first is the main action. */
export const TBC_WAYS_FORWARD: Readonly<Record<TbcErrorCode, readonly TbcWayForward[]>> = {
  declined: ["pay_again", "back_to_cart"],
  expired: ["pay_again", "back_to_cart"],
  canceled: ["pay_again", "back_to_cart"],
  installment_declined: ["pay_again", "back_to_cart"],
  installment_canceled: ["pay_again", "back_to_cart"],
  cart_changed: ["pay_again", "back_to_cart"],
  failed: ["pay_again", "back_to_cart"],
  // the bank may still take the money: paying again could charge twice, so only a way out
  payment_pending: ["back_to_shop"],
  installment_pending: ["back_to_shop"],
  cart_busy: ["back_to_shop"],
  store_unreachable: ["retry", "back_to_cart"],
  cart_not_found: ["back_to_shop"],
  // the money is at the bank: placing the order finishes; paying again is refused by the store
  already_paid: ["place_order", "back_to_cart"],
  already_ordered: ["orders", "back_to_shop"],
  login_required: ["back_to_cart"],
  saved_card_not_yours: ["back_to_cart"],
  saved_card_changed: ["pay_again", "back_to_cart"],
  saved_card_unusable: ["pay_again", "back_to_cart"],
  save_card_not_allowed: ["pay_again", "back_to_cart"],
  amount_mismatch: ["pay_again", "back_to_cart"],
  payment_not_recorded: ["retry", "back_to_cart"],
  bank_unreachable: ["retry", "back_to_cart"],
  installments_unavailable: ["pay_again", "back_to_cart"],
  method_unavailable: ["pay_again", "back_to_cart"],
}

export interface TbcPaymentErrorOptions {
  /** Medusa's or the provider's words, for logs (never shown to a shopper) */
  storeMessage?: string
  /** HTTP status of the Store API answer, when there was one */
  status?: number
  /** the bank's resultCode of a declined card payment (words.ts turns it into a reason) */
  resultCode?: string | null
}

/** An error whose `message` a shopper can read (English; `tbcMessage(code, locale, resultCode)` in others). */
export class TbcPaymentError extends Error {
  readonly code: TbcErrorCode
  readonly storeMessage?: string
  readonly status?: number
  readonly resultCode?: string

  constructor(code: TbcErrorCode, options: TbcPaymentErrorOptions = {}) {
    super(tbcMessage(code, "en", options.resultCode))
    this.name = "TbcPaymentError"
    this.code = code
    this.storeMessage = options.storeMessage
    this.status = options.status
    if (options.resultCode) this.resultCode = options.resultCode
  }

  /** The cart is still open and nothing is held at the bank: offer the payment step again. */
  get canPayAgain(): boolean {
    return TBC_WAYS_FORWARD[this.code][0] === "pay_again"
  }

  /** The sentence for the shopper in `locale` ("en", "ka", "ru"). */
  messageIn(locale?: string | null): string {
    return tbcMessage(this.code, locale, this.resultCode)
  }
}

/**
 * Rules on the providers' messages (src/lib/checkout-status.ts, the installments provider's
 * notApprovedYetMessage and the saved-card CHECKING_PAYMENT_MESSAGE word them; a unit test imports
 * each and checks the two stay in step; the plugin lists every such sentence with its code in
 * src/lib/shopper-texts.ts, and its test classifies each here) and Medusa's. Order matters: the
 * first match wins.
 */
const MESSAGE_RULES: ReadonlyArray<[RegExp, TbcErrorCode]> = [
  [/has not approved the installment yet/i, "installment_pending"],
  [/has not been completed at the bank yet/i, "payment_pending"],
  [/still processing this payment/i, "payment_pending"],
  [/checking your payment with the bank/i, "payment_pending"],
  [/declined by the bank/i, "declined"],
  [/has expired/i, "expired"],
  [/canceled at the bank/i, "canceled"],
  [/already being completed/i, "cart_busy"],
  [/payment was already made: place the order/i, "already_paid"],
  [/payment was already made/i, "already_paid"],
  [/was already ordered/i, "already_ordered"],
  [/paid with another customer's saved card/i, "saved_card_not_yours"],
  [/changed after the saved card was chosen/i, "saved_card_changed"],
  [/^log in\b|log in as the customer who chose it/i, "login_required"],
  [/^data\.save_card:/i, "save_card_not_allowed"],
  [/^saved card:/i, "saved_card_unusable"],
  [/does not match this checkout/i, "amount_mismatch"],
  [/the store could not record it/i, "payment_not_recorded"],
  [/the bank is not answering/i, "bank_unreachable"],
  [/installments \(method 8\) cannot be offered|installments are paid in GEL only/i, "installments_unavailable"],
  // the per-method providers' refusals (src/lib/checkout-choices.ts, start-payment.ts)
  [
    /\(method \d+\) (is not (?:enabled in|activated for) this store|is offered (from|up to) |is paid in GEL only)|^a saved card pays through the card or the all-methods/i,
    "method_unavailable",
  ],
  // Medusa's words when the cart's payment sessions were dropped (the cart changed)
  [/payment sessions are required to complete cart/i, "cart_changed"],
  // "Cart with id 'cart_…' not found" (store routes), "… does not exist" (the cart module)
  [/cart with id\b.*(not found|does not exist)/i, "cart_not_found"],
  // a fetch that got no answer (browsers' and Node's words), e.g. through a server action
  [/failed to fetch|fetch failed|networkerror|network request failed|load failed/i, "store_unreachable"],
]

/** Codes after which asking again later may give the order: keep asking, with a deadline. */
export const TBC_RETRY_CODES: ReadonlySet<TbcErrorCode> = new Set<TbcErrorCode>([
  "payment_pending",
  "installment_pending",
  "cart_busy",
  "store_unreachable",
])

/** The code for a message of the Store API, or null when none of the known ones matches. */
export function classifyStoreMessage(message: string | undefined | null): TbcErrorCode | null {
  if (!message) return null
  for (const [pattern, code] of MESSAGE_RULES) if (pattern.test(message)) return code
  return null
}

/**
 * The plugin's machine code in a Store API error body (`{ code, type, message }`), when it is one
 * of the kit's codes: set where the plugin throws the error itself (src/lib/shopper-texts.ts).
 */
function codeOfBody(error: unknown): TbcErrorCode | null {
  const code = (error as { body?: { code?: unknown } } | null)?.body?.code
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(TBC_WAYS_FORWARD, code)
    ? (code as TbcErrorCode)
    : null
}

/** Any failure as a TbcPaymentError: a Store API answer's words classified, the HTTP status kept. */
export function asTbcPaymentError(error: unknown): TbcPaymentError {
  if (error instanceof TbcPaymentError) return error
  const storeMessage = error instanceof Error ? error.message : typeof error === "string" ? error : "unknown error"
  const raw = (error as { status?: unknown } | null)?.status
  const status = typeof raw === "number" ? raw : undefined
  const code = codeOfBody(error) ?? classifyStoreMessage(storeMessage) ?? (status === 409 ? "cart_busy" : "failed")
  return new TbcPaymentError(code, { storeMessage, status })
}
