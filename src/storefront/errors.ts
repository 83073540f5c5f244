/**
 * The errors a shopper can meet while paying with TBC, as codes with one clear sentence each.
 * The Store API answers with the provider's or Medusa's own words; `classifyStoreMessage` turns
 * those into a code so a storefront can show its own text (or translate it) per code.
 */

export type TbcErrorCode =
  /** the bank declined the card payment, or the shopper left the bank's page without paying */
  | "declined"
  | "expired"
  /** the payment was canceled (returned) at the bank */
  | "canceled"
  /**
   * the bank has not confirmed the card payment yet (not paid yet, still processing, or a saved-card
   * charge whose answer was unreadable): no order yet; the bank's callback or the store's
   * reconcile places it when the payment succeeds. Do not offer to pay again.
   */
  | "payment_pending"
  /**
   * the installment application is not decided yet: no order and the cart stays open; the order is
   * placed when the bank approves (the store's sync job, or completing the cart again)
   */
  | "installment_pending"
  | "installment_declined"
  | "installment_canceled"
  /** the bank's callback is placing this order at this moment */
  | "cart_busy"
  | "store_unreachable"
  /** anything else: `message` is the store's own text */
  | "failed"

export const TBC_SHOPPER_MESSAGES: Record<Exclude<TbcErrorCode, "failed">, string> = {
  declined: "The payment was declined by the bank or not completed.",
  expired: "The payment was not completed in time and has expired.",
  canceled: "The payment was canceled at the bank.",
  payment_pending:
    "We are checking your payment with the bank. If you paid, your order is placed as soon as the bank confirms it.",
  installment_pending:
    "The bank has not approved the installment yet. Your order is placed as soon as the bank approves it; if you have not finished the application on the bank's page, please finish it there.",
  installment_declined: "The bank did not approve the installment.",
  installment_canceled: "The installment application was canceled or has expired.",
  cart_busy: "Your order is being placed right now. Please wait a moment.",
  store_unreachable: "The store cannot be reached right now. Please check your connection and try again.",
}

/** Codes after which the shopper can simply pay again: the cart is still open and nothing is held. */
const PAY_AGAIN: ReadonlySet<TbcErrorCode> = new Set<TbcErrorCode>([
  "declined",
  "expired",
  "canceled",
  "installment_declined",
  "installment_canceled",
])

/** An error whose `message` a shopper can read; `storeMessage` keeps the store's words for logs. */
export class TbcPaymentError extends Error {
  readonly code: TbcErrorCode
  readonly storeMessage?: string
  /** HTTP status of the Store API answer, when there was one */
  readonly status?: number

  constructor(code: TbcErrorCode, options: { storeMessage?: string; status?: number; message?: string } = {}) {
    super(
      options.message ??
        (code === "failed" ? options.storeMessage || "The payment could not be completed." : TBC_SHOPPER_MESSAGES[code])
    )
    this.name = "TbcPaymentError"
    this.code = code
    this.storeMessage = options.storeMessage
    this.status = options.status
  }

  /** The cart is still open and nothing is held at the bank: offer the payment step again. */
  get canPayAgain(): boolean {
    return PAY_AGAIN.has(this.code)
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
]

/** Codes after which completing the cart again later may give the order: keep asking, with a deadline. */
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

/** Medusa's words when a provider answered "not authorized" without a reason of its own. */
export function isGenericAuthorizationFailure(message: string | undefined | null): boolean {
  return (
    !message ||
    /^payment authorization failed\.?$/i.test(message) ||
    /was not authorized with the provider/i.test(message)
  )
}
