/**
 * The `tbc-installments` session's data: what payment_sessions.data holds (readable by the
 * storefront, so never a credential) and the words a shopper reads before the bank's decision.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { INSTALLMENT_STATUS, type ApplicationStatus } from "../../lib/tbc/types"

/** What this provider keeps in payment_sessions.data (besides what the storefront sent). */
export interface InstallmentSessionData extends Record<string, unknown> {
  sessionId?: string
  /** the bank's application page: send the shopper here (the key checkout sessions use too) */
  redirect_url?: string
  /** @deprecated the same URL as `redirect_url`, kept for storefronts written against 0.1.0 */
  redirectUrl?: string
  statusId?: number
  statusDescription?: string
}

/** What the shopper reads when they complete the cart before the bank's decision. */
export function notApprovedYetMessage(status: ApplicationStatus): string {
  const where =
    status.statusId === INSTALLMENT_STATUS.Pending
      ? "finish the application on the bank's page"
      : "the bank is still reviewing the application"
  const description = status.description ? ` (${status.description})` : ""
  return (
    `The bank has not approved the installment yet${description}: ${where}. ` +
    "The order is placed as soon as the bank approves the loan."
  )
}

/** The bank's application id of the session; INVALID_DATA when the session has none. */
export function sessionIdOf(data: Record<string, unknown> | undefined): string {
  const sessionId = (data as InstallmentSessionData | undefined)?.sessionId
  if (typeof sessionId !== "string" || sessionId === "") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "sessionId: the payment has no installment application.")
  }
  return sessionId
}

/** Only this provider's keys of the session data (see InstallmentSessionData). */
export function publicData(data: Record<string, unknown> | undefined): InstallmentSessionData {
  const d = (data ?? {}) as InstallmentSessionData
  const out: InstallmentSessionData = {}
  for (const key of ["sessionId", "redirect_url", "redirectUrl", "statusId", "statusDescription"] as const) {
    if (d[key] !== undefined) (out as Record<string, unknown>)[key] = d[key]
  }
  return out
}

/** The session data with the application's status as the bank just reported it. */
export function withStatus(
  data: Record<string, unknown> | undefined,
  status: ApplicationStatus
): InstallmentSessionData {
  return {
    ...publicData(data),
    statusId: status.statusId,
    ...(status.description ? { statusDescription: status.description } : {}),
  }
}
