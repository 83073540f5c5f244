/**
 * The store's read-only answer about a cart's TBC payment, `GET /store/tbc/carts/:id/payment-status`
 * (a route of the medusa-payment-tbc plugin), and what the kit makes of it. Asking it changes
 * nothing: unlike completing the cart, it never makes Medusa create (and roll back) an order, so
 * waiting for the bank costs no order numbers. The kit completes the cart once the answer is
 * "decided".
 */
import { TbcPaymentError, type TbcErrorCode } from "./errors"

/** Why a payment is not decided yet (pending) or will not become an order (failed). */
export type TbcPaymentStatusReason =
  | "payment_pending"
  | "installment_pending"
  | "declined"
  | "expired"
  | "canceled"
  | "installment_declined"
  | "installment_canceled"
  | "cart_changed"

/** The route's answer (`payment_status` of its JSON body). */
export interface TbcPaymentStatus {
  cart_id: string
  /** decided: the bank has the money, approved the installment, or the order exists — complete the cart */
  status: "decided" | "pending" | "failed"
  /** null when decided */
  reason: TbcPaymentStatusReason | null
  /** the TBC provider of the cart's payment session, when it has one */
  provider_id: string | null
  /** the order, when the cart is already completed (by the bank's callback, the sync, or this page) */
  order_id: string | null
  /** the bank's resultCode of a declined card payment */
  result_code: string | null
  /**
   * the bank's 0–13 status of the cart's installment application (installmentStatusText names it);
   * null for any other payment, absent from stores older than the kit
   */
  installment_status_id?: number | null
}

const STATUSES = new Set(["decided", "pending", "failed"])
const REASONS = new Set<string>([
  "payment_pending",
  "installment_pending",
  "declined",
  "expired",
  "canceled",
  "installment_declined",
  "installment_canceled",
  "cart_changed",
])

/** The kit's next move for one status answer (pure). */
export type StatusStep =
  { kind: "complete" } | { kind: "retry"; code: TbcErrorCode } | { kind: "failed"; error: TbcPaymentError }

export function judgeStatus(answer: TbcPaymentStatus): StatusStep {
  if (!answer || !STATUSES.has(answer.status)) {
    return { kind: "failed", error: new TbcPaymentError("failed", { storeMessage: "unreadable payment status" }) }
  }
  if (answer.status === "decided") return { kind: "complete" }
  const reason = answer.reason && REASONS.has(answer.reason) ? (answer.reason as TbcErrorCode) : null
  if (answer.status === "pending") return { kind: "retry", code: reason ?? "payment_pending" }
  return {
    kind: "failed",
    error: new TbcPaymentError(reason ?? "failed", { resultCode: answer.result_code }),
  }
}
