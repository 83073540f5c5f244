/**
 * Whether a refund may be sent, judged by comparing two ledgers of returned money: the bank's
 * (`returnedAmount` on the payment) and the store's (`returnedAmount` in Medusa's `payment.data`,
 * which the provider's output replaces after every recorded refund).
 *
 * Why: the bank's cancel endpoint takes no idempotency key and Medusa gives each refund attempt a
 * new id, so a refund whose answer was lost (and whose outcome could not be read either) makes
 * Medusa record nothing while the bank may have paid. A retry must then not pay again. The
 * difference between the ledgers is exactly the money the bank returned that the store has not
 * recorded:
 * - no difference: the store knows everything the bank did → send the refund;
 * - the difference equals the refund asked for: this is the retry of that lost refund → report
 *   it done without moving money (Medusa records it now);
 * - any other positive difference: something the store does not know about was returned (a lost
 *   refund of another amount, or a refund made at the bank directly) → refuse, and say how to
 *   record it: refund exactly the difference (no money moves), then the rest.
 * A bank total below the store's is the bank's word on what is left; the usual "more than is
 * left" check still applies.
 *
 * `recordedMinor` is the highest of the store's figure and what this process itself has returned
 * and reported to Medusa (a refund running right after another one on the same payment gets the
 * payment data read before the first one was recorded).
 *
 * Pure: integer tetri in, a decision out.
 */
export type RefundLedgerDecision =
  { kind: "send" } | { kind: "already-returned" } | { kind: "unrecorded"; unrecordedMinor: number }

export interface RefundLedgerInput {
  /** what the bank reports returned on the payment (tetri) */
  bankReturnedMinor: number
  /** what the store has recorded as returned (tetri) */
  recordedMinor: number
  /** the refund asked for now (tetri, > 0) */
  amountMinor: number
}

export function refundLedgerDecision({
  bankReturnedMinor,
  recordedMinor,
  amountMinor,
}: RefundLedgerInput): RefundLedgerDecision {
  const unrecordedMinor = bankReturnedMinor - recordedMinor
  if (unrecordedMinor <= 0) return { kind: "send" }
  if (unrecordedMinor === amountMinor) return { kind: "already-returned" }
  return { kind: "unrecorded", unrecordedMinor }
}

/** A payment's amounts as the bank reports them, in tetri. */
export interface BankAmountsMinor {
  /** the payment's amount: the hold of a preauthorization */
  amountMinor: number
  /** what a completion took (0 before one, and for payments that were never a hold) */
  confirmedMinor: number
  /** the bank's returnedAmount */
  returnedMinor: number
}

/** The rest of a hold that a smaller completion gave back to the card by itself: never refundable. */
export function releasedMinorOf({ amountMinor, confirmedMinor }: BankAmountsMinor): number {
  return confirmedMinor > 0 && confirmedMinor < amountMinor ? amountMinor - confirmedMinor : 0
}

/**
 * What refunds gave back. After a smaller completion the bank's returnedAmount counts the released
 * rest of the hold too (the sandbox; TBC: "the difference is returned automatically"); a bank that
 * counts refunds only shows less than that rest, and its figure is taken as it is
 * (docs/bank-behaviour.md, "Partial capture"). Either way Medusa never lets refunds pass what was
 * captured.
 */
export function refundedMinorOf(amounts: BankAmountsMinor): number {
  const released = releasedMinorOf(amounts)
  return amounts.returnedMinor >= released ? amounts.returnedMinor - released : amounts.returnedMinor
}
