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
 * What the store recorded is the highest of three figures, each of which may lag behind:
 * - `recordedMinor`: Medusa's `payment.data.returnedAmount`, and what this process itself has
 *   returned and reported to Medusa (a refund running right after another one on the same payment
 *   gets the payment data read before the first one was recorded);
 * - `ledgerRecordedMinor`: the money ledger's word, which every instance shares: the refunds the
 *   provider reported done to Medusa (ledgerRecordedRefundsMinor), in the bank's terms
 *   (ledgerRecordedReturnedMinor). Without it, a refund of the same amount on ANOTHER instance,
 *   handed payment data from before the first was recorded, would take the first one's money for
 *   a lost refund of its own and report it done without paying (Medusa two refunds, the bank one).
 *   A refund whose answer was lost is not among them (Medusa recorded nothing for it), so its
 *   retry is still recognised.
 *
 * Pure: integer tetri in, a decision out.
 */
export type RefundLedgerDecision =
  { kind: "send" } | { kind: "already-returned" } | { kind: "unrecorded"; unrecordedMinor: number }

export interface RefundLedgerInput {
  /** what the bank reports returned on the payment (tetri) */
  bankReturnedMinor: number
  /** what the store has recorded as returned: Medusa's payment data, this process's memory (tetri) */
  recordedMinor: number
  /** what the money ledger shows recorded, in the bank's terms (ledgerRecordedReturnedMinor); absent without an entry */
  ledgerRecordedMinor?: number
  /** the refund asked for now (tetri, > 0) */
  amountMinor: number
}

export function refundLedgerDecision({
  bankReturnedMinor,
  recordedMinor,
  ledgerRecordedMinor = 0,
  amountMinor,
}: RefundLedgerInput): RefundLedgerDecision {
  const unrecordedMinor = bankReturnedMinor - Math.max(recordedMinor, ledgerRecordedMinor)
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

/** A refund entry of the charge in the money ledger (tbc_payment, kind refund, child of the charge). */
export interface RefundEntryFacts {
  kind: string
  state: string
  /** who moved its state last (tbc_payment.state_by) */
  state_by: string | null
  /** the refund asked for (tetri) */
  amount: number
  /** a return made at the bank (TBC's merchant dashboard), and when Medusa recorded it (src/lib/ledger/bank-returns.ts) */
  made_at_bank?: boolean | null
  medusa_recorded_at?: Date | null
}

/**
 * The refunds Medusa recorded, by the ledger: the charge's refund entries finished (`done`) by the
 * provider's own answer (`answeredBy`): the provider told Medusa they happened, and Medusa records
 * what it is told. Left out: an entry still open or refused (nothing moved), an uncertain one (its
 * answer was lost: Medusa recorded nothing), and one an admin's re-check later found done (the
 * bank paid, Medusa still recorded nothing: its retry must be recognised, not paid again).
 * A return made at the bank (TBC's merchant dashboard) counts once Medusa recorded it.
 */
export function ledgerRecordedRefundsMinor(entries: readonly RefundEntryFacts[], answeredBy: string): number {
  return entries
    .filter((e) => e.kind === "refund" && e.state === "done")
    .filter((e) => (e.made_at_bank ? !!e.medusa_recorded_at : e.state_by === answeredBy))
    .reduce((sum, e) => sum + e.amount, 0)
}

/**
 * The ledger's recorded refunds in the terms of the bank's returnedAmount, which after a smaller
 * completion may count the released rest of the hold too (refundedMinorOf): that part is no
 * refund's, and the store has it from the completion's answer.
 */
export function ledgerRecordedReturnedMinor(bank: BankAmountsMinor, recordedRefundsMinor: number): number {
  return bank.returnedMinor - refundedMinorOf(bank) + recordedRefundsMinor
}
