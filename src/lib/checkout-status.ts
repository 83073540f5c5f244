/**
 * TBC checkout payment statuses → what Medusa should make of them. Pure: no I/O.
 *
 * Three readings of one bank status:
 * - `sessionOutcome`: what authorizePayment/getPaymentStatus return (a session status, as the plain
 *   string of ./medusa-statuses.ts), or a
 *   failure with words for the shopper (authorizePayment throws those: a returned ERROR status
 *   would surface as Medusa's unreadable "Session payses_… was not authorized with the provider").
 * - `webhookAction`: what a bank callback means (only AUTHORIZED and SUCCESSFUL make Medusa act).
 * - `isFinalStatus`: whether the bank will still change it on its own (the callback log's
 *   accepted vs not_final).
 *
 * Unknown statuses (the bank may add some) never authorize or capture anything: they read as
 * pending and NOT_SUPPORTED, i.e. "ask again later".
 */
import { SESSION_STATUS, WEBHOOK_ACTION, type SessionStatus, type WebhookAction } from "./medusa-statuses"
import { CHECKOUT_STATUSES } from "./tbc/types"

/** The web payment statuses the bank documents: the client's own list. */
export const KNOWN_CHECKOUT_STATUSES = CHECKOUT_STATUSES

/**
 * Statuses the bank reports a callback for and that decide the outcome of the shopper's payment.
 * WaitingConfirm (preauthorization held) is final for the shopper's part: only the merchant
 * moves it on (completion or cancel).
 */
const FINAL_STATUSES: ReadonlySet<string> = new Set([
  "Succeeded",
  "Failed",
  "Expired",
  "WaitingConfirm",
  "Returned",
  "PartialReturned",
])

export type SessionOutcome =
  | { kind: "status"; status: SessionStatus }
  /** the shopper's payment did not happen; `message` is readable by the shopper */
  | { kind: "failed"; status: SessionStatus; message: string }

export const DECLINED_MESSAGE =
  "The payment was declined by the bank or not completed. Please try again or choose another payment method."
export const EXPIRED_MESSAGE = "The payment was not completed in time and has expired. Please start the payment again."
/**
 * authorizePayment says this for a payment the shopper has not paid yet (Created, or an unknown
 * status): returning PENDING would make Medusa answer "Session payses_… was not authorized with
 * the provider.", which a shopper cannot act on.
 */
export const NOT_PAID_YET_MESSAGE =
  "The payment has not been completed at the bank yet. Please finish paying on the bank's page, or start the payment again."
/**
 * authorizePayment says this while the bank is still deciding (Processing): no order is placed
 * before the money is held or taken. The bank's callback (or the reconcile job) places the order
 * once the payment succeeds; if it fails or expires, the cart is still open to pay again.
 */
export const STILL_PROCESSING_MESSAGE =
  "The bank is still processing this payment. Your order will be placed as soon as the bank confirms it; if the bank declines it, you can pay again."
export const RETURNED_MESSAGE = "This payment was canceled at the bank. Please start the payment again."

/** Bank status → session status (or a readable failure). */
export function sessionOutcome(status: string): SessionOutcome {
  switch (status) {
    case "WaitingConfirm":
    case "PaymentCompletionProcessing":
      // the amount is held on the card; completion (capture) is the merchant's move
      return { kind: "status", status: SESSION_STATUS.AUTHORIZED }
    case "Succeeded":
    case "PartialReturned":
      // money was taken (PartialReturned: taken, then partly given back by a refund)
      return { kind: "status", status: SESSION_STATUS.CAPTURED }
    case "Created":
      return { kind: "status", status: SESSION_STATUS.PENDING }
    case "Processing":
      // the shopper paid and the bank is still deciding; authorizePayment refuses to place an
      // order on it (STILL_PROCESSING_MESSAGE): an order must never exist with nothing paid
      return { kind: "status", status: SESSION_STATUS.PENDING_AUTHORIZATION }
    case "Failed":
      return { kind: "failed", status: SESSION_STATUS.ERROR, message: DECLINED_MESSAGE }
    case "Expired":
      return { kind: "failed", status: SESSION_STATUS.CANCELED, message: EXPIRED_MESSAGE }
    case "Returned":
    case "CancelPaymentProcessing":
      return { kind: "failed", status: SESSION_STATUS.CANCELED, message: RETURNED_MESSAGE }
    default:
      return { kind: "status", status: SESSION_STATUS.PENDING }
  }
}

/** Bank status at callback time → the webhook action Medusa's subscriber acts on. */
export function webhookAction(status: string): WebhookAction {
  switch (status) {
    case "WaitingConfirm":
      return WEBHOOK_ACTION.AUTHORIZED
    case "Succeeded":
      return WEBHOOK_ACTION.SUCCESSFUL
    case "Failed":
      return WEBHOOK_ACTION.FAILED
    case "Expired":
    case "Returned":
      return WEBHOOK_ACTION.CANCELED
    default:
      // PartialReturned (a refund we made), transitional and unknown statuses change nothing
      return WEBHOOK_ACTION.NOT_SUPPORTED
  }
}

export function isFinalStatus(status: string): boolean {
  return FINAL_STATUSES.has(status)
}

/** Statuses at which the money is held or taken and a capture (completion) makes sense. */
export function isCapturable(status: string): boolean {
  return status === "WaitingConfirm"
}

/** Statuses at which part of the money can still be returned by a refund. */
export function isRefundable(status: string): boolean {
  return status === "Succeeded" || status === "PartialReturned"
}

/**
 * Statuses after which the bank holds nothing of a preauthorization and never will again (it was
 * completed, returned, declined or lapsed): the expiring-preauths pass stops asking about such a
 * payment. Transitional and unknown statuses are not: they may still end held.
 */
const NO_LONGER_HELD: ReadonlySet<string> = new Set(["Succeeded", "PartialReturned", "Returned", "Failed", "Expired"])

export function isNoLongerHeld(status: string): boolean {
  return NO_LONGER_HELD.has(status)
}
