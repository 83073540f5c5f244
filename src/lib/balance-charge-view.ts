/**
 * What the admin's routes of the store's charge of an order's balance answer
 * (/admin/tbc/orders/:id/saved-card-charge), shared as types by the routes and the admin widget
 * (src/admin/components/saved-card-charge.tsx), so the two cannot drift apart. No imports: the
 * admin bundle reads it.
 */

/** A card as the widget shows it: never its token or the payment that saved it. */
export interface ChargeCardView {
  id: string
  card_mask: string | null
  expiry_date: string | null
  /** when the customer agreed to charges by the store, or null: this card cannot be charged by the store */
  merchant_charges_consent_at: string | null
  usable: boolean
}

/** A charge of the order without an answer yet (Settings → TBC Bank acts on it). */
export interface UnresolvedChargeView {
  id: string
  state: string
  pay_id: string | null
  /** major units */
  amount: number
  card_mask: string | null
  created_at: string
}

/** GET: what the widget needs to offer (or not) the charge. */
export interface BalanceChargeView {
  order_id: string
  currency_code: string
  /** major units */
  outstanding_amount: number
  cards: ChargeCardView[]
  unresolved: UnresolvedChargeView[]
}

export type BalanceChargeOutcome =
  /** the bank took the money: Medusa's payment, captured, is the order's */
  | { outcome: "charged"; payment_id: string; session_id: string; entry_id: string | null }
  /** sent, outcome unknown (or the bank still deciding): listed, never sent again */
  | { outcome: "uncertain" | "processing"; payment_id: null; session_id: string; entry_id: string }

/** POST: the outcome, what was asked (major units, the card), and the order's view afterwards. */
export type BalanceChargeResult = BalanceChargeOutcome & {
  amount: number
  currency_code: string
  card_mask: string | null
  balance: BalanceChargeView
}
