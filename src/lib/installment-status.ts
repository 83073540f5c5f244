/**
 * TBC Online Installments application status ids (0–13) → what they mean for Medusa.
 *
 * Two views of the same table:
 * - `installmentOutcome(statusId)`: the coarse outcome the status-changes sync acts on
 *   (pending → nothing to do, approved → authorize / complete the cart, failed → cancel,
 *   disbursed → captured).
 * - `installmentSessionStatus(statusId)`: the session status (Medusa's PaymentSessionStatus value,
 *   see ./medusa-statuses.ts) the provider returns from
 *   authorizePayment / getPaymentStatus.
 *
 * Only an approval places an order (`placesOrder`: 2, 5, and the later 8, 9). Every pending status,
 * 0 included, is plain `pending`, never `pending_authorization`: Medusa places an order for a
 * session in pending_authorization with no payment at all (stock reserved, order.placed fired),
 * and the bank may still decline or the shopper may never finish its page. The provider refuses a
 * cart completion for a pending application with a readable error instead (see
 * src/providers/tbc-installments/service.ts); the sync places the order once the bank approves.
 *
 * Unknown ids (a future bank status) are treated as pending: doing nothing is the safe reading of
 * a status we cannot interpret, and the next known change will settle the application.
 *
 * Pure: no I/O.
 */
import { SESSION_STATUS, type SessionStatus } from "./medusa-statuses"
import { INSTALLMENT_STATUS } from "./tbc/types"

export type InstallmentOutcome = "pending" | "approved" | "failed" | "disbursed"

const S = INSTALLMENT_STATUS

/** The bank approved the loan; the merchant still has to confirm (= Medusa capture). */
export const APPROVED_INSTALLMENT_STATUSES: readonly number[] = [S.Approved, S.WaitingForMerchant]
/** Final without a loan: the shopper or the merchant gave up, or the bank said no. */
export const CANCELED_INSTALLMENT_STATUSES: readonly number[] = [S.Expired, S.Canceled, S.CanceledByMerchant]
export const DECLINED_INSTALLMENT_STATUSES: readonly number[] = [S.Declined, S.DocumentDeclined]
/** Confirmed by both sides: the money is (being) paid out to the merchant. */
export const DISBURSED_INSTALLMENT_STATUSES: readonly number[] = [S.Disbursed, S.PendingDisbursed]

/**
 * Every other id is pending: waiting for the shopper or the bank's review (Pending, InProgress,
 * NeedConfirmation, WaitingForIncomeDocumentsUpload / Verification) or unknown.
 */
export function installmentOutcome(statusId: number): InstallmentOutcome {
  if (APPROVED_INSTALLMENT_STATUSES.includes(statusId)) return "approved"
  if (DISBURSED_INSTALLMENT_STATUSES.includes(statusId)) return "disbursed"
  if (CANCELED_INSTALLMENT_STATUSES.includes(statusId) || DECLINED_INSTALLMENT_STATUSES.includes(statusId)) {
    return "failed"
  }
  return "pending"
}

/** Whether a cart may become an order at this status: the bank approved (or already disbursed) the loan. */
export function placesOrder(statusId: number): boolean {
  const outcome = installmentOutcome(statusId)
  return outcome === "approved" || outcome === "disbursed"
}

export function installmentSessionStatus(statusId: number): SessionStatus {
  switch (installmentOutcome(statusId)) {
    case "approved":
      return SESSION_STATUS.AUTHORIZED
    case "disbursed":
      return SESSION_STATUS.CAPTURED
    case "failed":
      return DECLINED_INSTALLMENT_STATUSES.includes(statusId) ? SESSION_STATUS.ERROR : SESSION_STATUS.CANCELED
    case "pending":
      return SESSION_STATUS.PENDING
  }
}

/** Final statuses: nothing the shopper or the bank does changes them any more, except disbursal. */
export function isFinalInstallmentStatus(statusId: number): boolean {
  const outcome = installmentOutcome(statusId)
  return outcome === "failed" || outcome === "disbursed"
}

/** Status ids that the bank documents (0–13), for callers that want to flag anything else. */
export function isKnownInstallmentStatus(statusId: number): boolean {
  return Object.values(S).includes(statusId as (typeof S)[keyof typeof S])
}
