/**
 * The ledger's storage of money the bank returned by itself (a refund or cancel made in TBC's
 * merchant dashboard; the rule: src/lib/ledger/bank-returns.ts). Kept beside the store's own SQL
 * (./ledger-store.ts) as separate statements: an operation entry opened `done` with
 * `made_at_bank`, and the reads that find what Medusa does not show yet. SQL on our tables only.
 */
import type { BankReturnVerdict } from "../../../lib/ledger/bank-returns"
import { toEntry, type LedgerEntry, type PgConnection } from "./ledger-store"
import { commitModeCte, newId } from "./moves"

/** Who opens an operation made at the bank, in the audit trail (never counted as our refund's answer). */
export const BANK_MADE_ACTOR = "bank:merchant-dashboard"

/**
 * Records a return made at the bank as an operation of `charge`, `done`, with the bank's status and
 * what the ledger showed returned before it (`baseline_returned` = the verdict's knownMinor). Two
 * readers of the same bank state (a callback and the job) write it once: the unique index over
 * (charge, baseline) of such entries (Migration20261204080000) makes the second insert write
 * nothing. The entry, or undefined when another reader recorded it first.
 */
export async function openBankReturn(
  pg: PgConnection,
  charge: LedgerEntry,
  verdict: Extract<BankReturnVerdict, { kind: "record" }>,
  bankStatus: string,
  actor: string
): Promise<LedgerEntry | undefined> {
  const { rows } = await pg.raw(
    `with ${commitModeCte("durable")},
     opened as (
       insert into tbc_payment (id, provider_id, payment_session_id, payment_collection_id, cart_id, amount, currency,
         kind, state, state_at, state_by, state_reason, parent_id, bank_status, bank_status_at, made_at_bank,
         baseline_status, baseline_returned, baseline_confirmed)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'done', now(), ?, ?, ?, ?, now(), true, ?, ?, 0)
       on conflict (parent_id, baseline_returned) where made_at_bank = true and deleted_at is null do nothing
       returning *),
     audit as (
       insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
       select ?, id, 'made_at_bank', null, state, ?, ? from opened)
     select opened.*, commit_mode.commit_mode from opened, commit_mode`,
    [
      newId("tbcpay"),
      charge.provider_id,
      charge.payment_session_id,
      charge.payment_collection_id,
      charge.cart_id,
      verdict.amountMinor,
      charge.currency,
      verdict.op,
      actor,
      `the bank returned ${verdict.amountMinor} by itself (TBC's merchant dashboard)`,
      charge.id,
      bankStatus,
      bankStatus,
      verdict.knownMinor,
      newId("tbcle"),
      actor,
      `${verdict.op} ${verdict.amountMinor} ${charge.currency}, ${bankStatus}`,
    ]
  )
  return rows[0] ? toEntry(rows[0]) : undefined
}

/** Rows of tbc_payment (live ones) by a condition of this file's, in an order, at most `limit`. */
async function entriesWhere(pg: PgConnection, where: string, bindings: unknown[], order: string, limit: number) {
  const { rows } = await pg.raw(
    `select * from tbc_payment where deleted_at is null and ${where} order by ${order} limit ?`,
    [...bindings, limit]
  )
  return (rows as Record<string, unknown>[]).map(toEntry)
}

/**
 * Operations made at the bank (and completions whose shortfall was recorded) that Medusa does not
 * show yet, oldest first, for the provider: what the recording job still has to bring into Medusa.
 */
export function awaitingMedusaRecord(pg: PgConnection, providerId: string, limit: number): Promise<LedgerEntry[]> {
  return entriesWhere(
    pg,
    `provider_id = ? and state = 'done' and medusa_recorded_at is null
       and (made_at_bank = true or (kind = 'completion' and capture_asked is not null))`,
    [providerId],
    "created_at asc, id asc",
    limit
  )
}

/**
 * Charges of the provider whose money an order owns and the bank may still return by itself
 * (held or paid), least recently read first: the job reads a few each run, so a dashboard return
 * whose callback was lost is found within a bounded number of runs.
 */
export function chargesToWatchForReturns(pg: PgConnection, providerId: string, limit: number): Promise<LedgerEntry[]> {
  return entriesWhere(
    pg,
    `provider_id = ? and kind in ('web', 'execution') and pay_id is not null
       and order_id is not null and state in ('held', 'paid')`,
    [providerId],
    "bank_status_at asc nulls first, id asc",
    limit
  )
}
