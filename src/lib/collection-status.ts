/**
 * The status Medusa's payment module gives a payment collection from what it holds (Medusa
 * 2.21.2, PaymentModuleService.maybeUpdatePaymentCollection_), amounts in minor units. Why a copy:
 * Medusa's cancel of an order marks the order's collections `canceled`, and when the plugin's
 * orderCanceled hook refuses the cancel (the bank still holds the money:
 * src/workflows/hooks/held-order-cancel.ts) Medusa's compensation restores the collection's
 * amounts and metadata, not its status; the hook puts back the status Medusa itself would give
 * the collection. The strings are those of Medusa's PaymentCollectionStatus
 * (src/providers/common/__tests__/medusa-values.unit.spec.ts checks them).
 *
 * Pure: no I/O.
 */

/** The statuses this rule answers (Medusa's PaymentCollectionStatus has canceled and failed too). */
export const COLLECTION_STATUSES = ["not_paid", "awaiting", "authorized", "partially_authorized", "completed"] as const

export type CollectionStatus = (typeof COLLECTION_STATUSES)[number]

export interface CollectionAmounts {
  /** the collection's payment sessions, whatever their status */
  sessions: number
  amountMinor: number
  /** what its authorized sessions add up to (the collection's authorized_amount) */
  authorizedMinor: number
  /** what its payments' captures add up to (the collection's captured_amount) */
  capturedMinor: number
}

export function collectionStatusOf(c: CollectionAmounts): CollectionStatus {
  let status: CollectionStatus = c.sessions === 0 ? "not_paid" : "awaiting"
  if (c.authorizedMinor > 0) status = c.authorizedMinor >= c.amountMinor ? "authorized" : "partially_authorized"
  if (c.capturedMinor >= c.amountMinor) status = "completed"
  return status
}
