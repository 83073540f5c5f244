/**
 * The words people read for the bank's codes: payment method numbers, checkout statuses and
 * installment status ids. One table each, used by the admin (settings page, order widget), the
 * admin routes' views and the sandbox's hosted pages, so a method or a status reads the same
 * everywhere. Unknown codes (the bank may add some) are shown as they came, never hidden.
 * Pure: no I/O, no Medusa imports (the admin bundle imports this file).
 */
import { INSTALLMENT_STATUS } from "./tbc/types"

/**
 * The hosted page's method codes (the bank's `paymentMethod`). 11 is not offered on the page: the
 * bank reports it for a payment executed with a saved card (recurring, by recId).
 */
export const METHOD_NAMES: Readonly<Record<number, string>> = {
  4: "Web QR",
  5: "Card",
  6: "Loyalty points",
  7: "Internet bank",
  8: "Installment",
  9: "Apple Pay",
  11: "Saved card",
  14: "Google Pay",
}

export function methodLabel(code: number): string {
  return METHOD_NAMES[code] ?? `Method ${code}`
}

/** A checkout payment's status as the bank names it → what it means to a merchant. */
export const CHECKOUT_STATUS_LABELS: Readonly<Record<string, string>> = {
  Created: "Awaiting payment",
  Processing: "Processing",
  Succeeded: "Paid",
  Failed: "Failed",
  Expired: "Expired",
  WaitingConfirm: "Authorized (held)",
  CancelPaymentProcessing: "Cancellation in progress",
  PaymentCompletionProcessing: "Capture in progress",
  Returned: "Refunded",
  PartialReturned: "Partly refunded",
}

export function checkoutStatusLabel(status: string): string {
  return CHECKOUT_STATUS_LABELS[status] ?? status
}

/** The callback log's verdicts (what the plugin did with a bank callback) in words for the admin. */
export const CALLBACK_RESULT_LABELS: Readonly<Record<string, string>> = {
  accepted: "Accepted",
  rejected_source: "Refused: not from the bank",
  unknown_payment: "Unknown payment",
  not_final: "Payment not final yet",
  malformed: "Not a bank callback",
  error: "Bank could not be asked",
  session_gone: "Checkout gone (orphan policy)",
  superseded: "Refused: the checkout names another payment",
  card_addition: "Card added from the account",
}

export function callbackResultLabel(result: string): string {
  return CALLBACK_RESULT_LABELS[result] ?? result
}

/**
 * The installment status ids' names on the wire (the bank SDK's ApplicationStatuses enum), by id:
 * what the bank's own answers carry and the sandbox reproduces.
 */
export const INSTALLMENT_STATUS_WIRE_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(INSTALLMENT_STATUS).map(([name, id]) => [id, name])
)

/** The same ids in words for the admin. */
export const INSTALLMENT_STATUS_LABELS: Readonly<Record<number, string>> = {
  [INSTALLMENT_STATUS.Pending]: "Pending",
  [INSTALLMENT_STATUS.InProgress]: "In progress",
  [INSTALLMENT_STATUS.Approved]: "Approved",
  [INSTALLMENT_STATUS.Expired]: "Expired",
  [INSTALLMENT_STATUS.Canceled]: "Canceled",
  [INSTALLMENT_STATUS.WaitingForMerchant]: "Waiting for merchant confirmation",
  [INSTALLMENT_STATUS.Declined]: "Declined",
  [INSTALLMENT_STATUS.CanceledByMerchant]: "Canceled by merchant",
  [INSTALLMENT_STATUS.Disbursed]: "Disbursed",
  [INSTALLMENT_STATUS.PendingDisbursed]: "Confirmed, disbursement pending",
  [INSTALLMENT_STATUS.NeedConfirmation]: "Needs confirmation",
  [INSTALLMENT_STATUS.WaitingForIncomeDocumentsUpload]: "Waiting for income documents",
  [INSTALLMENT_STATUS.WaitingForIncomeDocumentsVerification]: "Income documents in review",
  [INSTALLMENT_STATUS.DocumentDeclined]: "Income documents declined",
}

export function installmentStatusLabel(statusId: number): string {
  return INSTALLMENT_STATUS_LABELS[statusId] ?? `Unknown status ${statusId}`
}
