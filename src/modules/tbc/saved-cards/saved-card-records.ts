/**
 * The provider's access to our saved-card tables, for Medusa's payment-method methods:
 * - reads the customer's cards from tbc_saved_card (listPaymentMethods) — never the bank token
 *   (rec_id is not even selected);
 * - writes the tbc_card_addition row of a card added from "My account" (savePaymentMethod), before
 *   the shopper gets the bank page's link, so the app knows whose card the bank saves.
 *
 * Why raw SQL through `__pg_connection__`: as for the money ledger (src/modules/tbc/ledger/ledger-store.ts),
 * the provider lives in the payment module's container and cannot resolve our `tbc` module. Only
 * OUR tables are touched here, and it sits in the module beside them (all SQL lives in
 * src/modules/tbc). Outside a Medusa app (provider unit tests) there is no connection.
 */
import { pgConnectionIn, type PgConnection } from "../pg-connection"

/** A card as listPaymentMethods shows it: no token, no saving payment. */
export interface ListedCard {
  id: string
  card_mask: string | null
  expiry_date: string | null
  save_until: string | null
  created_at: string | null
}

export interface CardAdditionSeed {
  /** tbccadd_…, also the bank payment's merchantPaymentId */
  id: string
  provider_id: string
  customer_id: string
  pay_id: string
}

export interface SavedCardRecords {
  /** The customer's active cards of this provider, newest first (at most 100). */
  activeCards(customerId: string, providerId: string): Promise<ListedCard[]>
  /** Records a started card addition; throws when it cannot (the link must not be handed out). */
  recordCardAddition(seed: CardAdditionSeed): Promise<void>
}

const ACTIVE_CARDS_SQL = `
  select id, card_mask, expiry_date, save_until, created_at from tbc_saved_card
  where customer_id = ? and provider_id = ? and status = 'active' and deleted_at is null
  order by created_at desc limit 100`

const toIso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : typeof value === "string" ? new Date(value).toISOString() : null
const textOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null)

export class PgSavedCardRecords implements SavedCardRecords {
  constructor(private readonly pg: PgConnection) {}

  async activeCards(customerId: string, providerId: string): Promise<ListedCard[]> {
    const { rows } = await this.pg.raw(ACTIVE_CARDS_SQL, [customerId, providerId])
    return rows.map((row) => ({
      id: String(row.id),
      card_mask: textOrNull(row.card_mask),
      expiry_date: textOrNull(row.expiry_date),
      save_until: textOrNull(row.save_until),
      created_at: toIso(row.created_at),
    }))
  }

  async recordCardAddition(seed: CardAdditionSeed): Promise<void> {
    await this.pg.raw(
      `insert into tbc_card_addition (id, provider_id, customer_id, pay_id, status) values (?, ?, ?, ?, 'started')`,
      [seed.id, seed.provider_id, seed.customer_id, seed.pay_id]
    )
  }
}

/** The records of a provider's container: undefined outside a Medusa app (no PG connection). */
export function savedCardRecordsFrom(container: Record<string, unknown>): SavedCardRecords | undefined {
  const pg = pgConnectionIn(container)
  return pg ? new PgSavedCardRecords(pg) : undefined
}
