/**
 * The `tbc` module's SavedCard rows as the small interfaces the saved-card code needs: the
 * recording (SavedCardTable) and the store routes / middleware (ownership lookups).
 */
import type { TbcModuleService } from "../../modules/tbc"
import type { NewSavedCard, SavedCardRow, SavedCardStatus, SavedCardTable } from "./record-saved-card"

/** A saved card as stored, including the bank token (never leave the server with it). */
export interface StoredSavedCard extends SavedCardRow {
  card_mask: string | null
  expiry_date: string | null
  save_until: string | null
  created_at?: Date | string
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

/**
 * Whether a card can still be charged in the month of `now`: the bank keeps it until the end of
 * the month of save_until (or of the card's expiry when save_until is unknown). Unknown dates are
 * left to the bank to judge.
 */
export function isCardUsable(card: Pick<StoredSavedCard, "save_until" | "expiry_date">, now: Date = new Date()): boolean {
  const until = card.save_until ?? card.expiry_date
  const match = typeof until === "string" ? /^(0[1-9]|1[0-2])(\d{2})$/.exec(until) : null
  if (!match) return true
  const untilMonth = (2000 + Number(match[2])) * 12 + Number(match[1]) - 1
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth()
  return nowMonth <= untilMonth
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

export function savedCardTable(tbc: TbcModuleService): SavedCardTable {
  return {
    async findByRecId(recId) {
      const [row] = await tbc.listSavedCards({ rec_id: recId }, { take: 1 })
      return row as SavedCardRow | undefined
    },
    async create(card: NewSavedCard) {
      await tbc.createSavedCards(card)
    },
    async setStatus(id: string, status: SavedCardStatus) {
      await tbc.updateSavedCards({ id, status })
    },
  }
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
  const rows = await tbc.listSavedCards({ customer_id: customerId, status: statuses }, { order: { created_at: "DESC" }, take: 100 })
  return rows as StoredSavedCard[]
}
