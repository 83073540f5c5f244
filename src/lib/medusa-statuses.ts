/**
 * Medusa's payment session statuses and webhook actions, as the plain strings Medusa stores and
 * compares. Why a copy here: src/lib holds pure rules with no Medusa import, so the status rules
 * (checkout-status.ts, installment-status.ts) answer with these strings and the providers hand them
 * to Medusa through src/providers/common/medusa-values.ts. A unit test there checks that every
 * value below is the value of the Medusa enum member of the same name (PaymentSessionStatus,
 * PaymentActions), so the copy cannot drift.
 *
 * Pure: no I/O.
 */

/** Mirrors PaymentSessionStatus of @medusajs/framework/utils. */
export const SESSION_STATUS = {
  AUTHORIZED: "authorized",
  CAPTURED: "captured",
  PENDING: "pending",
  REQUIRES_MORE: "requires_more",
  ERROR: "error",
  CANCELED: "canceled",
  PENDING_AUTHORIZATION: "pending_authorization",
} as const

export type SessionStatus = (typeof SESSION_STATUS)[keyof typeof SESSION_STATUS]

/** Mirrors PaymentActions of @medusajs/framework/utils (SUCCESSFUL is "captured" there too). */
export const WEBHOOK_ACTION = {
  AUTHORIZED: "authorized",
  SUCCESSFUL: "captured",
  FAILED: "failed",
  PENDING: "pending",
  REQUIRES_MORE: "requires_more",
  CANCELED: "canceled",
  NOT_SUPPORTED: "not_supported",
  PENDING_AUTHORIZATION: "pending_authorization",
} as const

export type WebhookAction = (typeof WEBHOOK_ACTION)[keyof typeof WEBHOOK_ACTION]
