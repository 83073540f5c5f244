/**
 * What GET /admin/tbc/payments/attention answers per unresolved ledger entry, and what the admin
 * actions (POST /admin/tbc/ledger/:id/…) answer (shared with the admin UI as types only).
 */
import type { AdminAction } from "./admin-actions"

export interface AttentionEntryView {
  /** the ledger entry (tbc_payment.id) the actions name */
  id: string
  /** web | execution | installment (charges), completion | cancel | refund (operations on a charge) */
  kind: string
  provider_id: string
  /** the ledger state (sending, uncertain, processing, held, paid, …) */
  state: string
  /** why it is listed (attentionReason), in the admin's words */
  reason: string
  created_at: string
  /** when the state last moved, who or what moved it, and why */
  state_at: string | null
  state_by: string | null
  state_reason: string | null
  /** integer tetri */
  amount: number
  currency: string
  card_mask: string | null
  /** what we sent the bank as merchantPaymentId (search TBC's merchant dashboard by it) */
  merchant_payment_id: string | null
  pay_id: string | null
  /** an operation's charge: its payId (what a re-check reads) */
  charge_pay_id: string | null
  cart_id: string | null
  payment_session_id: string
  bank_status: string | null
  /** what the orphan policy did (notified = left for you, failed = retried) and what went wrong */
  orphan_action: string | null
  orphan_error: string | null
  /** the last failed cart completion from this money */
  completion_failure: string | null
  /** its Medusa checkout session is gone (the cart changed) */
  session_gone: boolean
  /** what the admin may do about it now (src/lib/ledger/admin-actions.ts) */
  actions: AdminAction[]
}

/** GET /admin/tbc/payments/attention */
export interface AttentionListView {
  entries: AttentionEntryView[]
  /** more unresolved entries exist than `limit` */
  has_more: boolean
}

/** The answer of an admin action on an entry. */
export interface LedgerActionView {
  /** the entry after the action (no `reason`/`actions` when it is no longer listed) */
  entry: Omit<AttentionEntryView, "reason" | "actions"> & { reason: string | null; actions: AdminAction[] }
  /** still in the attention list */
  listed: boolean
  /** what the action did, in words */
  done: string
  /** what happens next (e.g. "the order is placed on the next reconcile run") */
  next: string
}
