/** What GET /admin/tbc/payments/attention answers per payment (shared with the admin UI). */
export interface AttentionPaymentView {
  id: string
  created_at: string
  provider_id: string
  pay_id: string | null
  kind: string
  payment_session_id: string
  cart_id: string | null
  /** integer tetri */
  amount: number
  currency: string
  bank_status: string | null
  problem: "orphaned" | "uncertain"
  /** orphaned: cancelled | refunded | notified | failed | acting */
  action: string | null
  action_at: string | null
  /** tetri released, returned or (notify) left at the bank */
  action_amount: number | null
  /** what went wrong or what to check (never a secret) */
  message: string | null
  resolved_at: string | null
}
