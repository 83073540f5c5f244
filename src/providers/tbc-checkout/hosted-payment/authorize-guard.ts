/**
 * What authorizePayment accepts from the bank before Medusa creates a payment (and places the
 * order): only money held or taken (WaitingConfirm, Succeeded, …) for exactly the session's amount
 * and currency. Everything else throws PAYMENT_AUTHORIZATION_ERROR with words the shopper can act
 * on, and the cart stays open.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import { NOT_PAID_YET_MESSAGE, STILL_PROCESSING_MESSAGE, sessionOutcome } from "../../../lib/checkout-status"
import { SESSION_STATUS } from "../../../lib/medusa-statuses"
import { paymentMismatch } from "../../../lib/payment-match"
import type { PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { sessionAmountOf } from "../payment-data"
import { toSessionStatus } from "../../common/medusa-values"

const refuse = (message: string): never => {
  throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, message)
}

/** The session status to report for a payment the bank holds or has taken; throws otherwise. */
export function acceptedStatus(
  details: PaymentDetails,
  data: Record<string, unknown> | undefined,
  logger: TbcLogger
): PaymentSessionStatus {
  const outcome = sessionOutcome(String(details.status))
  if (outcome.kind === "failed") refuse(outcome.message)
  if (outcome.status === SESSION_STATUS.PENDING) refuse(NOT_PAID_YET_MESSAGE)
  // Processing: returning pending_authorization would let Medusa place the order unpaid, and a
  // later Failed/Expired would leave it unpaid for good. The cart stays open instead.
  if (outcome.status === SESSION_STATUS.PENDING_AUTHORIZATION) refuse(STILL_PROCESSING_MESSAGE)
  const mismatch = paymentMismatch(sessionAmountOf(data), { amount: details.amount, currency: details.currency })
  if (mismatch) {
    logger.warn(`payment ${details.payId}: refused for session ${String(data?.session_id ?? "-")}: ${mismatch}`)
    refuse(mismatch)
  }
  return toSessionStatus(outcome.status)
}
