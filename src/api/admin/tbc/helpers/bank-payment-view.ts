/**
 * The bank's view of an order's TBC payment as the order widget shows it. Pure.
 */
import type { PaymentDetails } from "../../../../lib/tbc"
import type { PreauthDeadline } from "../../../../lib/preauth-deadline"
import { methodLabel } from "../../../../lib/labels"
import { majorToMinorExact, minorToMajor } from "../../../../lib/money"
import { releasedMinorOf } from "../../../../lib/refund-ledger"

export interface CheckoutBankView {
  pay_id: string
  status: string
  method: string | null
  card_mask: string | null
  currency: string | null
  /** the authorized (blocked or charged) amount, major units as the bank reports them */
  authorized_amount: number | null
  confirmed_amount: number | null
  returned_amount: number | null
  /**
   * the rest of a hold that a smaller completion (partial capture) gave back to the card, part of
   * what the bank shows returned; null unless the completion was smaller than the hold
   */
  released_amount: number | null
  pre_auth: boolean
  /**
   * what the bank keeps as the payment's `extra`, the text it prints on the shopper's statement
   * (the store's text and the statement reference), word for word; null when its answer has none
   */
  statement_text: string | null
}

export function checkoutBankView(details: PaymentDetails, preAuthHint: boolean): CheckoutBankView {
  const method = details.paymentMethod === undefined ? null : methodLabel(details.paymentMethod)
  return {
    pay_id: details.payId,
    status: String(details.status),
    method,
    card_mask: details.paymentCardNumber ?? details.recurringCard?.cardMask ?? null,
    currency: details.currency ?? null,
    authorized_amount: details.amount ?? null,
    confirmed_amount: details.confirmedAmount ?? null,
    returned_amount: details.returnedAmount ?? null,
    released_amount: releasedOf(details),
    pre_auth: details.preAuth ?? preAuthHint,
    statement_text: typeof details.extra === "string" && details.extra.trim() !== "" ? details.extra.trim() : null,
  }
}

function releasedOf(details: PaymentDetails): number | null {
  const minor = (major: number | undefined) => (major === undefined ? 0 : (majorToMinorExact(major) ?? 0))
  const released = releasedMinorOf({
    amountMinor: minor(details.amount),
    confirmedMinor: minor(details.confirmedAmount),
    returnedMinor: minor(details.returnedAmount),
  })
  return released > 0 ? minorToMajor(released) : null
}

export interface InstallmentBankView {
  session_id: string
  status_id: number
  description: string | null
}

/** A preauth's completion deadline; a warning only while the payment still awaits completion. */
export type PreauthView = PreauthDeadline & { awaiting_completion: boolean; warning_days: number }
