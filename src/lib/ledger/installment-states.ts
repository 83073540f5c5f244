/**
 * An installment application's bank status (ids 0–13, src/lib/installment-status.ts) → the money
 * ledger's charge state (./states.ts). Pure: no I/O.
 *
 * The ledger's money rule for a loan: an APPROVED application is money the bank will pay the
 * merchant for this cart once the merchant confirms it, just as a preauthorized card holds money
 * that a completion takes. So:
 *
 *   0 Pending (client authentication)             → created     the shopper has not been through the bank's page
 *   1 InProgress, 10 NeedConfirmation,
 *   11/12 WaitingForIncomeDocuments…              → processing  the bank is reviewing: unresolved, nothing new may start
 *   2 Approved, 5 WaitingForMerchant              → held        approved: the bank pays once we confirm (= capture)
 *   9 PendingDisbursed, 8 Disbursed               → paid        confirmed by both sides: the money is (being) paid out
 *   6 Declined, 13 DocumentDeclined               → refused     the bank said no: nothing moved
 *   4 Canceled, 7 CanceledByMerchant              → returned    after an approval (the hold is given up),
 *                                                   refused     before one (nothing was ever held)
 *   3 Expired                                     → expired     lapsed without a loan
 *   anything else (a future id)                   → processing  nothing may be decided on a status we cannot read
 *
 * The ledger records an installment's bank status as its numeric id in text ("5"): the feed and
 * /status both speak ids, and installmentStatusLabel() names it for people.
 */
import { INSTALLMENT_STATUS } from "../tbc/types"
import type { ChargeState } from "./states"

const S = INSTALLMENT_STATUS

const IN_REVIEW: readonly number[] = [
  S.InProgress,
  S.NeedConfirmation,
  S.WaitingForIncomeDocumentsUpload,
  S.WaitingForIncomeDocumentsVerification,
]
const APPROVED: readonly number[] = [S.Approved, S.WaitingForMerchant]
const PAID_OUT: readonly number[] = [S.PendingDisbursed, S.Disbursed]
const BANK_REFUSED: readonly number[] = [S.Declined, S.DocumentDeclined]
const CANCELED: readonly number[] = [S.Canceled, S.CanceledByMerchant]

/** The text the ledger stores as an installment's bank status (its id). */
export function installmentBankStatus(statusId: number): string {
  return String(statusId)
}

/** A stored installment bank status back to its id; NaN for anything that is not one. */
export function installmentStatusIdOf(status: string): number {
  return /^\d{1,3}$/.test(status) ? Number(status) : Number.NaN
}

/** "5 WaitingForMerchant" for people (the admin, logs); unknown ids stay plain numbers. */
export function installmentStatusLabel(status: string): string {
  const id = installmentStatusIdOf(status)
  const name = Object.entries(S).find(([, value]) => value === id)?.[0]
  return name ? `${id} ${name}` : status
}

/**
 * The charge state an installment status means. `current` is the entry's state before this
 * status: a cancel after an approval gives a hold back (returned), a cancel before one ends an
 * application that never held anything (refused).
 */
export function chargeStateOfInstallmentStatus(statusId: number, current?: ChargeState): ChargeState {
  if (statusId === S.Pending) return "created"
  if (IN_REVIEW.includes(statusId)) return "processing"
  if (APPROVED.includes(statusId)) return "held"
  if (PAID_OUT.includes(statusId)) return "paid"
  if (BANK_REFUSED.includes(statusId)) return "refused"
  if (statusId === S.Expired) return "expired"
  if (CANCELED.includes(statusId)) {
    return current === "held" || current === "paid" || current === "returned" ? "returned" : "refused"
  }
  return "processing"
}
