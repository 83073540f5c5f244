/**
 * The `tbc` module's SavedCard rows as the small interfaces the saved-card code needs: the
 * recording (SavedCardTable) and the store routes / middleware (ownership lookups).
 */
import { cardTokenHash, sealCardToken } from "../../lib/card-token-at-rest"
// the usability rule is shared with the provider's listPaymentMethods (src/lib: no Medusa imports)
export { isCardUsable } from "../../lib/saved-card-rules"
import type { TbcModuleService } from "../../modules/tbc"
import type { NewSavedCard, SavedCardRow, SavedCardStatus, SavedCardTable } from "./record-saved-card"

/** A saved card as stored, including the bank token (never leave the server with it). */
export interface StoredSavedCard extends SavedCardRow {
  card_mask: string | null
  expiry_date: string | null
  save_until: string | null
  created_at?: Date | string
  /** the customer's consent to charges by the store (src/lib/merchant-charges.ts), or null */
  merchant_charges_consent_at?: Date | string | null
}

/** What a customer may see of a card: never rec_id or pay_id. */
export interface PublicSavedCard {
  id: string
  provider_id: string
  card_mask: string | null
  expiry_date: string | null
  save_until: string | null
  status: SavedCardStatus
  created_at: string | null
}

export function publicSavedCard(card: StoredSavedCard): PublicSavedCard {
  return {
    id: card.id,
    provider_id: card.provider_id,
    card_mask: card.card_mask,
    expiry_date: card.expiry_date,
    save_until: card.save_until,
    status: card.status,
    created_at: card.created_at ? new Date(card.created_at).toISOString() : null,
  }
}

/**
 * The recording's view of the table. Tokens are written sealed with their keyed hash
 * (src/lib/card-token-at-rest.ts); a card is found by that hash, or by its plain token for rows
 * from before sealing (such a row is re-sealed on the spot). `secret` = cardTokenSecretOf(options).
 */
export function savedCardTable(tbc: TbcModuleService, secret: string): SavedCardTable {
  return {
    async findByRecId(recId) {
      const hash = cardTokenHash(recId, secret)
      const [row] = await tbc.listSavedCards({ $or: [{ rec_id_hash: hash }, { rec_id: recId }] }, { take: 1 })
      if (row && row.rec_id === recId) {
        await tbc.updateSavedCards({ id: row.id, rec_id: sealCardToken(recId, secret), rec_id_hash: hash })
      }
      return row as SavedCardRow | undefined
    },
    async create(card: NewSavedCard) {
      await tbc.createSavedCards({
        ...card,
        rec_id: sealCardToken(card.rec_id, secret),
        rec_id_hash: cardTokenHash(card.rec_id, secret),
      })
    },
    async setStatus(id: string, status: SavedCardStatus) {
      await tbc.updateSavedCards({ id, status })
    },
  }
}

/**
 * What a deleted card keeps: neither the token nor the mask (dropped at once), only the keyed
 * hash (so the same bank token is never recorded again), the dates and the owner, until the
 * retention job removes the row.
 */
export function deletedCardFields(id: string, now: Date = new Date()) {
  return { id, status: "deleted" as const, rec_id: null, card_mask: null, deleted_card_at: now }
}

/** The customer's card `id` in one of `statuses`, or undefined (another customer's card looks absent). */
export async function findCustomerCard(
  tbc: TbcModuleService,
  customerId: string,
  id: string,
  statuses: SavedCardStatus[]
): Promise<StoredSavedCard | undefined> {
  const [row] = await tbc.listSavedCards({ id, customer_id: customerId, status: statuses }, { take: 1 })
  return row as StoredSavedCard | undefined
}

export async function listCustomerCards(
  tbc: TbcModuleService,
  customerId: string,
  statuses: SavedCardStatus[]
): Promise<StoredSavedCard[]> {
  const rows = await tbc.listSavedCards(
    { customer_id: customerId, status: statuses },
    { order: { created_at: "DESC" }, take: 100 }
  )
  return rows as StoredSavedCard[]
}
