/**
 * The money ledger's history for the admin (Settings → TBC Bank, "Decided in the admin"): the
 * entries an admin acted on, newest first, each with every move of its audit trail (tbc_ledger_event:
 * what happened, from which state to which, who or what moved it, and why), also once the entry
 * left the attention list. An admin is named by their email where the user still exists.
 */
import type { LedgerEntry, LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import { attentionReason } from "../../lib/ledger/guards"

export interface LedgerHistoryEvent {
  event: string
  from_state: string | null
  to_state: string | null
  /** who or what moved the entry: `admin:<user id>`, `bank:callback`, `job:reconcile`, … */
  actor: string | null
  /** the admin's email when the actor is an admin whose user exists */
  actor_email: string | null
  /** why (an admin's reason, the bank's status, the rule's words) */
  note: string | null
  created_at: string
}

export interface LedgerHistoryEntry {
  id: string
  kind: string
  provider_id: string
  state: string
  /** integer tetri */
  amount: number
  currency: string
  pay_id: string | null
  merchant_payment_id: string | null
  order_id: string | null
  created_at: string
  /** still in the attention list */
  listed: boolean
  events: LedgerHistoryEvent[]
}

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))
const isoOf = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()

/** The admin user ids named by `admin:<id>` actors. */
export const adminUserIdsOf = (actors: readonly (string | null)[]): string[] => [
  ...new Set(actors.filter((a): a is string => a?.startsWith("admin:") === true).map((a) => a.slice(6))),
]

/**
 * Up to `limit` entries an admin acted on, each with its whole audit trail. `emailsOf`: the emails
 * of admin user ids (missing ones are left out: a deleted user shows as their id).
 */
export async function adminLedgerHistory(
  ledger: Pick<LedgerStore, "actedOnByAdmin" | "events">,
  limit: number,
  now: Date,
  emailsOf: (userIds: string[]) => Promise<Map<string, string>>
): Promise<{ entries: LedgerHistoryEntry[] }> {
  const entries: LedgerEntry[] = await ledger.actedOnByAdmin(limit)
  const trails = await Promise.all(entries.map((entry) => ledger.events(entry.id)))
  const emails = await emailsOf(adminUserIdsOf(trails.flat().map((row) => text(row.actor))))
  return {
    entries: entries.map((entry, index) => ({
      id: entry.id,
      kind: entry.kind,
      provider_id: entry.provider_id,
      state: entry.state,
      amount: entry.amount,
      currency: entry.currency,
      pay_id: entry.pay_id,
      merchant_payment_id: entry.merchant_payment_id,
      order_id: entry.order_id,
      created_at: entry.created_at.toISOString(),
      listed: attentionReason(entry, now) !== undefined,
      events: trails[index].map((row) => {
        const actor = text(row.actor)
        return {
          event: String(row.event),
          from_state: text(row.from_state),
          to_state: text(row.to_state),
          actor,
          actor_email: actor?.startsWith("admin:") ? (emails.get(actor.slice(6)) ?? null) : null,
          note: text(row.note),
          created_at: isoOf(row.created_at),
        }
      }),
    })),
  }
}
