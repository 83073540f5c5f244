/**
 * How a ledger move becomes SQL (LedgerStore.apply / applyAll, ./ledger-store.ts): the pure rules'
 * decision on an entry as read (src/lib/ledger/states.ts applyLedgerEvent), written as a
 * compare-and-set on the entry's revision with its audit line; several moves in ONE statement, so
 * one commit. SQL text only; the store runs it.
 *
 * Every write statement also names how its commit waits (docs/money-ledger.md "Durability"):
 * - durable: the commit waits until PostgreSQL has flushed it to disk (the WAL fsync). Every write
 *   BEFORE a bank call that can move money is durable; when the server's default is
 *   `synchronous_commit = off`, the statement turns it on for its own transaction.
 * - relaxed: `synchronous_commit` off for the statement's own transaction (set_config's is_local):
 *   the commit returns before the flush, which PostgreSQL makes within a few hundred milliseconds
 *   (wal_writer_delay), or earlier when any later durable commit flushes the log up to itself.
 *   Only records of what the bank answered are relaxed: losing one (PostgreSQL itself stopping in
 *   that window) leaves the entry as it was durably written before the call, `sending`, which the
 *   ledger is built to survive (a process stopping there does the same).
 * Each statement returns the mode its transaction commits with as `commit_mode` (tests read it).
 */
import { randomUUID } from "node:crypto"
import { applyLedgerEvent, type LedgerEvent } from "../../../lib/ledger/states"
import {
  FACET_EVENT_TYPES,
  NOW,
  facetAuditName,
  facetNote,
  type FacetEvent,
  type FacetPatch,
} from "../../../lib/ledger/facets"
import type { LedgerEntry, OpenEntry } from "./ledger-store"

/** An operation to open on a charge (LedgerStore.openOperationOn): its kind, amount in tetri, and provider. */
export interface OperationToOpen {
  kind: "completion" | "cancel" | "refund"
  amountMinor: number
  /** the provider that sends it (default: the charge's) */
  providerId?: string
}

/** The row of an operation (completion, cancel, refund) on a charge, before its bank call. */
export function operationSeed(
  charge: LedgerEntry,
  kind: "completion" | "cancel" | "refund",
  amountMinor: number,
  providerId = charge.provider_id
): OpenEntry {
  return {
    kind,
    provider_id: providerId,
    payment_session_id: charge.payment_session_id,
    payment_collection_id: charge.payment_collection_id,
    cart_id: charge.cart_id,
    amount: amountMinor,
    currency: charge.currency,
    parent_id: charge.id,
  }
}

/** How a write's commit waits for the disk (see the header). */
export type Commit = "durable" | "relaxed"

export const newId = (prefix: string): string =>
  `${prefix}_${randomUUID().replace(/-/g, "").toUpperCase().slice(0, 26)}`

/**
 * The first CTE of every write statement: the commit mode of its transaction, as `commit_mode`.
 * Durable keeps the server's setting unless it is `off`; relaxed sets `off` for this transaction
 * only (is_local = true: the pooled connection's next statement is back to the server's default).
 */
export function commitModeCte(commit: Commit): string {
  return commit === "relaxed"
    ? `commit_mode as (select set_config('synchronous_commit', 'off', true) as commit_mode)`
    : `commit_mode as (select case when current_setting('synchronous_commit') = 'off'
         then set_config('synchronous_commit', 'on', true) else current_setting('synchronous_commit') end as commit_mode)`
}

const isFacetEvent = (event: LedgerEvent): event is FacetEvent => FACET_EVENT_TYPES.has(event.type)

/** What an event says about itself in the audit trail (never a secret: statuses, reasons, payIds). */
function noteOf(event: LedgerEvent): string | null {
  if (isFacetEvent(event)) return facetNote(event)
  switch (event.type) {
    case "bank_status":
      return event.status
    case "admin_attach_pay_id":
      return event.payId
    default:
      return event.reason
  }
}

/** Only the facet columns a pure rule may write (src/lib/ledger/facets.ts FacetPatch), never a name from input. */
const FACET_COLUMNS: ReadonlySet<string> = new Set([
  "order_id",
  "authorized_at",
  "session_gone_at",
  "orphan_action",
  "orphan_action_at",
  "orphan_amount",
  "orphan_error",
  "completion_failed_at",
  "completion_failure",
  "completion_failure_class",
  "completion_failures",
  "completion_refused_at",
  "reopened_at",
  "baseline_status",
  "baseline_returned",
  "baseline_confirmed",
  "medusa_record",
  "medusa_recorded_at",
  "capture_asked",
  "excess_returned_at",
])

/** `col = ?` (or `= now()`) for each column of a patch, and their bindings. */
function facetSets(facets: FacetPatch | undefined): { sql: string; bindings: unknown[] } {
  const sets: string[] = []
  const bindings: unknown[] = []
  for (const [column, value] of Object.entries(facets ?? {})) {
    if (!FACET_COLUMNS.has(column)) throw new Error(`ledger: ${column} is not a facet column`)
    if (value === NOW) sets.push(`${column} = now()`)
    else {
      sets.push(`${column} = ?`)
      bindings.push(value)
    }
  }
  return { sql: sets.map((set) => `${set}, `).join(""), bindings }
}

/** A move's UPDATE and audit INSERT, as two CTEs named by `k`, with their bindings in text order. */
export interface WritePlan {
  kind: "write"
  entryId: string
  ctes: (k: number) => string
  bindings: unknown[]
}

/**
 * What an event does to an entry as read: `refused` (the rules say no), `unchanged` (nothing
 * moves; `touch` when it is a bank read of the status the entry already has, whose time is kept),
 * or a `write` guarded by the entry's revision.
 */
export type MovePlan = { kind: "refused"; reason: string } | { kind: "unchanged"; touch: boolean } | WritePlan

export function planMove(
  entry: LedgerEntry,
  event: LedgerEvent,
  actor: string,
  cardMask: string | null = null
): MovePlan {
  const next = applyLedgerEvent(entry, event)
  if (!next.ok) return { kind: "refused", reason: next.reason }
  const bankStatus = event.type === "bank_status" ? event.status : null
  const statusChanged = bankStatus !== null && bankStatus !== entry.bank_status
  if (!next.changed && !statusChanged) return { kind: "unchanged", touch: bankStatus !== null }
  // a facet's move leaves who moved the state, and why, as they were
  const facet = isFacetEvent(event)
  const reason = event.type === "bank_status" || facet ? null : noteOf(event)
  const sets = facetSets(next.facets)
  return {
    kind: "write",
    entryId: entry.id,
    ctes: (k) => `moved_${k} as (
         update tbc_payment set state = ?, pay_id = ?, bank_status = coalesce(?, bank_status),
           bank_status_at = case when ? then now() else bank_status_at end,
           card_mask = coalesce(?, card_mask), ${sets.sql}
           state_at = case when ? then state_at else now() end, state_by = case when ? then state_by else ? end,
           state_reason = coalesce(?, state_reason), revision = revision + 1, updated_at = now()
         where id = ? and revision = ? and deleted_at is null
         returning *),
       audit_${k} as (
         insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
         select ?, id, ?, ?, state, ?, ? from moved_${k})`,
    bindings: [
      next.state,
      next.pay_id,
      bankStatus,
      bankStatus !== null,
      cardMask,
      ...sets.bindings,
      facet,
      facet,
      actor,
      reason,
      entry.id,
      entry.revision ?? 0,
      newId("tbcle"),
      facet ? facetAuditName(event) : event.type,
      entry.state,
      actor,
      noteOf(event),
    ],
  }
}

/**
 * ONE statement for every planned write: each updates its entry only while its revision is as
 * read, with its audit line. Rows come back with `move_index` (the plan's place in `plans`): a
 * plan without a row lost its compare-and-set.
 */
export function movesStatement(plans: readonly WritePlan[], commit: Commit): { sql: string; bindings: unknown[] } {
  const ctes = plans.map((plan, k) => plan.ctes(k))
  const selects = plans.map(
    (_, k) => `select ${k} as move_index, moved_${k}.*, commit_mode.commit_mode from moved_${k}, commit_mode`
  )
  return {
    sql: `with ${[commitModeCte(commit), ...ctes].join(",\n       ")}\n     ${selects.join("\n     union all ")}`,
    bindings: plans.flatMap((plan) => plan.bindings),
  }
}

/** A bank read that found the status the entry already has: only its time is kept (relaxed: a timestamp). */
export function touchStatement(entryId: string): { sql: string; bindings: unknown[] } {
  return {
    sql: `with ${commitModeCte("relaxed")}
     update tbc_payment set bank_status_at = now() from commit_mode where id = ? returning commit_mode.commit_mode`,
    bindings: [entryId],
  }
}
