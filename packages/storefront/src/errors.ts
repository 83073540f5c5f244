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
 * each and checks the two stay in step) and Medusa's. Order matters: the first match wins.
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

/** Any failure as a TbcPaymentError: a Store API answer's words classified, the HTTP status kept. */
export function asTbcPaymentError(error: unknown): TbcPaymentError {
  if (error instanceof TbcPaymentError) return error
  const storeMessage = error instanceof Error ? error.message : typeof error === "string" ? error : "unknown error"
  const raw = (error as { status?: unknown } | null)?.status
  const status = typeof raw === "number" ? raw : undefined
  const code = classifyStoreMessage(storeMessage) ?? (status === 409 ? "cart_busy" : "failed")
  return new TbcPaymentError(code, { storeMessage, status })
}
