/**
 * The money ledger's storage: tbc_payment (one row per money movement) and tbc_ledger_event (every
 * move, with who or what made it). SQL on these two tables only, never on Medusa's.
 *
 * Who uses it: the payment providers (written before every bank call, moved by every answer),
 * the session guard, the jobs and the admin routes — all through this one class, so every
 * decision reads the same rows. The rules (which event moves which state) are pure, in
 * src/lib/ledger/states.ts; this file only stores their outcome.
 *
 * Why raw SQL through a knex connection, and not the module service: a provider lives in the
 * payment module's container, which cannot resolve our `tbc` module, but Medusa hands every module
 * container the app's PostgreSQL connection (`__pg_connection__`); app-side code passes
 * PG_CONNECTION. The connection is separate from the payment module's transaction: an entry stays
 * even when Medusa rolls a session back, which is what we want (the payment exists at the bank
 * either way).
 */
import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { applyLedgerEvent, type LedgerEvent, type LedgerKind, type LedgerState } from "../../../lib/ledger/states"
import {
  CLAIM_STALE_MS,
  FACET_EVENT_TYPES,
  NOW,
  facetAuditName,
  facetNote,
  type CompletionFailureClass,
  type FacetEvent,
  type FacetPatch,
} from "../../../lib/ledger/facets"
import { COMPLETION_FAILURES_LISTED, type LedgerFacts, type OrphanAction } from "../../../lib/ledger/guards"
import { hasFacts, type PaymentFacts } from "../../../lib/payment-facts"
import { pgConnectionIn, type PgConnection } from "../pg-connection"
import { LedgerFacetWrites } from "./facet-writes"

export type { PgConnection }

/** A ledger row as the code reads it. Amounts in integer tetri. */
export interface LedgerEntry extends LedgerFacts {
  id: string
  provider_id: string
  payment_session_id: string
  payment_collection_id: string | null
  cart_id: string | null
  amount: number
  currency: string
  parent_id: string | null
  merchant_payment_id: string | null
  card_mask: string | null
  bank_status: string | null
  state_by: string | null
  state_reason: string | null
  state_at: Date | null
  orphan_amount: number | null
  orphan_error: string | null
  completion_failed_at: Date | null
  completion_failure: string | null
  /** cart completions from this charge that failed so far, and the last one's class */
  completion_failures: number
  completion_failure_class?: CompletionFailureClass | null
  orphan_action_at?: Date | null
  /** a bank read contradicted a refusal (an admin's "not charged"): listed while no order owns it */
  reopened_at?: Date | null
  /** when our authorizePayment told Medusa the money is there (a Medusa payment follows) */
  authorized_at: Date | null
  /** the compare-and-set's version (bumped by every move) */
  revision?: number
  /** an operation's baseline (facets.ts operation_baseline): the charge at the bank before its call; tetri */
  baseline_status?: string | null
  baseline_returned?: number | null
  baseline_confirmed?: number | null
  /** what the bank's answers said happened (src/lib/payment-facts.ts); absent in test rows */
  payment_method?: number | null
  rrn?: string | null
  transaction_id?: string | null
  approval_code?: string | null
  result_code?: string | null
}

export interface OpenEntry {
  kind: LedgerKind
  provider_id: string
  payment_session_id: string
  payment_collection_id?: string | null
  cart_id?: string | null
  /** integer tetri */
  amount: number
  currency: string
  merchant_payment_id?: string | null
  parent_id?: string | null
  card_mask?: string | null
  /** a charge whose payId is known before it is recorded (an installment application) */
  pay_id?: string | null
  /** the state it opens in: `sending` for every call still to be made */
  state?: LedgerState
}

export type ApplyResult =
  { ok: true; entry: LedgerEntry; changed: boolean } | { ok: false; entry: LedgerEntry | undefined; reason: string }

/**
 * The index that allows one `sending` operation per charge (Migration20261127133000): opening an
 * operation is the compare-and-set that serializes money operations on a charge.
 */
const ONE_OPEN_OPERATION = "IDX_tbc_payment_one_open_operation"

/**
 * A completion, cancel or refund of the charge is already under way (`open`: written, its bank
 * call not answered yet): a second one is refused before it reaches the bank, whoever asks.
 */
export class OperationUnderWayError extends Error {
  constructor(
    readonly kind: string,
    readonly open: LedgerEntry | undefined
  ) {
    super(
      `another operation of this payment is under way (${open ? `${open.kind} ${open.id}, opened ${open.created_at.toISOString()} by ${open.state_by ?? "unknown"}` : "just opened"})`
    )
  }
}

const isUniqueViolationOf = (error: unknown, index: string): boolean => {
  const e = error as { code?: string; constraint?: string; message?: string }
  return e?.code === "23505" && (e.constraint === index || String(e.message ?? "").includes(index))
}

const newId = (prefix: string): string => `${prefix}_${randomUUID().replace(/-/g, "").toUpperCase().slice(0, 26)}`

const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value))
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))
const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value))

export function toEntry(row: Record<string, unknown>): LedgerEntry {
  return {
    id: String(row.id),
    kind: String(row.kind) as LedgerKind,
    state: String(row.state) as LedgerState,
    pay_id: textOrNull(row.pay_id),
    provider_id: String(row.provider_id),
    payment_session_id: String(row.payment_session_id),
    payment_collection_id: textOrNull(row.payment_collection_id),
    cart_id: textOrNull(row.cart_id),
    amount: Number(row.amount),
    currency: String(row.currency),
    parent_id: textOrNull(row.parent_id),
    merchant_payment_id: textOrNull(row.merchant_payment_id),
    card_mask: textOrNull(row.card_mask),
    bank_status: textOrNull(row.bank_status),
    state_by: textOrNull(row.state_by),
    state_reason: textOrNull(row.state_reason),
    state_at: dateOrNull(row.state_at),
    created_at: dateOrNull(row.created_at) ?? new Date(0),
    session_gone_at: dateOrNull(row.session_gone_at),
    order_id: textOrNull(row.order_id),
    orphan_action: textOrNull(row.orphan_action) as OrphanAction | null,
    orphan_amount: row.orphan_amount === null || row.orphan_amount === undefined ? null : Number(row.orphan_amount),
    orphan_error: textOrNull(row.orphan_error),
    completion_failed_at: dateOrNull(row.completion_failed_at),
    completion_failure: textOrNull(row.completion_failure),
    completion_refused_at: dateOrNull(row.completion_refused_at),
    completion_failures: Number(row.completion_failures ?? 0),
    completion_failure_class: textOrNull(row.completion_failure_class) as CompletionFailureClass | null,
    orphan_action_at: dateOrNull(row.orphan_action_at),
    reopened_at: dateOrNull(row.reopened_at),
    authorized_at: dateOrNull(row.authorized_at),
    revision: Number(row.revision ?? 0),
    baseline_status: textOrNull(row.baseline_status),
    baseline_returned: numberOrNull(row.baseline_returned),
    baseline_confirmed: numberOrNull(row.baseline_confirmed),
    payment_method: row.payment_method === null || row.payment_method === undefined ? null : Number(row.payment_method),
    rrn: textOrNull(row.rrn),
    transaction_id: textOrNull(row.transaction_id),
    approval_code: textOrNull(row.approval_code),
    result_code: textOrNull(row.result_code),
  }
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

/** Error text for the record: short, one line, no request data (bank errors carry none). */
export const recordError = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 500)

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

const isFacetEvent = (event: LedgerEvent): event is FacetEvent => FACET_EVENT_TYPES.has(event.type)

/** Only the facet columns a pure rule may write (./facets.ts FacetPatch), never a name from input. */
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

const SELECT = `select * from tbc_payment where deleted_at is null`

export class LedgerStore extends LedgerFacetWrites {
  constructor(private readonly pg: PgConnection) {
    super()
  }

  private async one(where: string, bindings: unknown[]): Promise<LedgerEntry | undefined> {
    const { rows } = await this.pg.raw(`${SELECT} and ${where} order by created_at desc limit 1`, bindings)
    return rows[0] ? toEntry(rows[0]) : undefined
  }

  private async many(
    where: string,
    bindings: unknown[],
    order = "created_at asc",
    limit = 500
  ): Promise<LedgerEntry[]> {
    const { rows } = await this.pg.raw(`${SELECT} and ${where} order by ${order} limit ${Number(limit)}`, bindings)
    return rows.map(toEntry)
  }

  byId(id: string): Promise<LedgerEntry | undefined> {
    return this.one("id = ?", [id])
  }

  byPayId(payId: string): Promise<LedgerEntry | undefined> {
    return this.one("pay_id = ?", [payId])
  }

  /** The charges made for a Medusa session, newest first. */
  chargesOfSession(sessionId: string): Promise<LedgerEntry[]> {
    return this.many(
      "payment_session_id = ? and kind in ('web', 'execution', 'installment')",
      [sessionId],
      "created_at desc"
    )
  }

  /**
   * The charges the bank knows by these payIds (an installment application: its bank sessionId).
   * `= any(?)` with the array as ONE binding: knex does not expand an array inside `in (?)`.
   */
  chargesByPayIds(payIds: readonly string[]): Promise<LedgerEntry[]> {
    if (payIds.length === 0) return Promise.resolve([])
    return this.many(
      "pay_id = any(?) and kind in ('web', 'execution', 'installment')",
      [[...payIds]],
      "created_at asc",
      payIds.length
    )
  }

  /** The charges made for a cart (any session, live or gone), newest first. */
  chargesOfCart(cartId: string): Promise<LedgerEntry[]> {
    return this.many("cart_id = ? and kind in ('web', 'execution', 'installment')", [cartId], "created_at desc")
  }

  /** The operations (completion, cancel, refund) recorded on a charge, oldest first. */
  operationsOf(chargeId: string): Promise<LedgerEntry[]> {
    return this.many("parent_id = ?", [chargeId])
  }

  /** The operation of a charge that is under way (`sending`), if any. */
  openOperationOf(chargeId: string): Promise<LedgerEntry | undefined> {
    return this.one("parent_id = ? and state = 'sending' and kind in ('completion', 'cancel', 'refund')", [chargeId])
  }

  /**
   * Writes an entry BEFORE its bank call. Throws when it cannot be written: the caller must then
   * not make the call (the plugin never charges without a record). An operation on a charge that
   * has one under way is refused (OperationUnderWayError): one open operation per charge.
   */
  async open(seed: OpenEntry, actor: string): Promise<LedgerEntry> {
    try {
      return await this.insert(seed, actor)
    } catch (error) {
      if (!seed.parent_id || !isUniqueViolationOf(error, ONE_OPEN_OPERATION)) throw error
      throw new OperationUnderWayError(seed.kind, await this.openOperationOf(seed.parent_id).catch(() => undefined))
    }
  }

  private async insert(seed: OpenEntry, actor: string): Promise<LedgerEntry> {
    const id = newId("tbcpay")
    const state = seed.state ?? "sending"
    const { rows } = await this.pg.raw(
      `with opened as (
         insert into tbc_payment (id, provider_id, pay_id, payment_session_id, payment_collection_id, cart_id, amount,
           currency, kind, state, state_at, state_by, parent_id, merchant_payment_id, card_mask)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), ?, ?, ?, ?) returning *),
       audit as (
         insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
         select ?, id, 'opened', null, state, ?, ? from opened)
       select * from opened`,
      [
        id,
        seed.provider_id,
        seed.pay_id ?? null,
        seed.payment_session_id,
        seed.payment_collection_id ?? null,
        seed.cart_id ?? null,
        seed.amount,
        seed.currency,
        seed.kind,
        state,
        actor,
        seed.parent_id ?? null,
        seed.merchant_payment_id ?? null,
        seed.card_mask ?? null,
        newId("tbcle"),
        actor,
        `${seed.kind} ${seed.amount} ${seed.currency}`,
      ]
    )
    return toEntry(rows[0])
  }

  /**
   * Moves an entry by an event (the pure rules decide: its state, payId and facets), with its
   * audit line, in one statement that only applies while the entry is still as read (its
   * revision): a concurrent move makes it re-read and decide again (the bank's newer answer wins,
   * an admin action, a release claim or an authorization is re-judged).
   */
  async apply(
    entryId: string,
    event: LedgerEvent,
    actor: string,
    extra: { card_mask?: string } = {}
  ): Promise<ApplyResult> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await this.byId(entryId)
      if (!entry) return { ok: false, entry, reason: `no ledger entry ${entryId}` }
      const next = applyLedgerEvent(entry, event)
      if (!next.ok) return { ok: false, entry, reason: next.reason }
      const bankStatus = event.type === "bank_status" ? event.status : null
      const statusChanged = bankStatus !== null && bankStatus !== entry.bank_status
      if (!next.changed && !statusChanged) {
        if (bankStatus !== null) {
          await this.pg.raw(`update tbc_payment set bank_status_at = now() where id = ?`, [entryId])
        }
        return { ok: true, entry, changed: false }
      }
      // a facet's move leaves who moved the state, and why, as they were
      const facet = isFacetEvent(event)
      const reason = event.type === "bank_status" || facet ? null : noteOf(event)
      const sets = facetSets(next.facets)
      const { rows } = await this.pg.raw(
        `with moved as (
           update tbc_payment set state = ?, pay_id = ?, bank_status = coalesce(?, bank_status),
             bank_status_at = case when ? then now() else bank_status_at end,
             card_mask = coalesce(?, card_mask), ${sets.sql}
             state_at = case when ? then state_at else now() end, state_by = case when ? then state_by else ? end,
             state_reason = coalesce(?, state_reason), revision = revision + 1, updated_at = now()
           where id = ? and revision = ? and deleted_at is null
           returning *),
         audit as (
           insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
           select ?, id, ?, ?, state, ?, ? from moved)
         select * from moved`,
        [
          next.state,
          next.pay_id,
          bankStatus,
          bankStatus !== null,
          extra.card_mask ?? null,
          ...sets.bindings,
          facet,
          facet,
          actor,
          reason,
          entryId,
          entry.revision ?? 0,
          newId("tbcle"),
          facet ? facetAuditName(event) : event.type,
          entry.state,
          actor,
          noteOf(event),
        ]
      )
      if (rows[0]) return { ok: true, entry: toEntry(rows[0]), changed: true }
    }
    return { ok: false, entry: await this.byId(entryId), reason: "the entry kept changing; try again" }
  }

  /** apply() on the entry that names this payId; undefined when no entry does. */
  async applyByPayId(payId: string, event: LedgerEvent, actor: string): Promise<ApplyResult | undefined> {
    const entry = await this.byPayId(payId)
    return entry ? this.apply(entry.id, event, actor) : undefined
  }

  /**
   * What a bank answer said happened to the charge `payId` (card mask, method, rrn, transactionId,
   * approval code, resultCode): a fact the answer lacks keeps its earlier value. No state move, no
   * audit line (the status read that carried it has one). False when no entry names the payId.
   */
  async recordFacts(payId: string, facts: PaymentFacts): Promise<boolean> {
    if (!payId || !hasFacts(facts)) return false
    const { rows } = await this.pg.raw(
      `update tbc_payment set card_mask = coalesce(?, card_mask), payment_method = coalesce(?, payment_method),
         rrn = coalesce(?, rrn), transaction_id = coalesce(?, transaction_id),
         approval_code = coalesce(?, approval_code), result_code = coalesce(?, result_code), updated_at = now()
       where pay_id = ? and deleted_at is null returning id`,
      [
        facts.card_mask,
        facts.payment_method,
        facts.rrn,
        facts.transaction_id,
        facts.approval_code,
        facts.result_code,
        payId,
      ]
    )
    return rows.length > 0
  }

  /** The audit trail of an entry, oldest first. */
  async events(entryId: string): Promise<Record<string, unknown>[]> {
    const { rows } = await this.pg.raw(
      `select event, from_state, to_state, actor, note, created_at from tbc_ledger_event
       where entry_id = ? and deleted_at is null order by created_at asc, id asc`,
      [entryId]
    )
    return rows
  }

  /**
   * Candidates for the admin's attention list, newest first (`before`: the created_at to page
   * past): every charge or operation that may be unresolved, by the coarse shape of
   * attentionReason (src/lib/ledger/guards.ts) without its clock, which then decides on each.
   */
  attentionCandidates(limit: number, before?: Date): Promise<LedgerEntry[]> {
    return this.many(
      `(state in ('uncertain', 'processing', 'sending')
        or (state in ('held', 'paid') and kind in ('web', 'execution', 'installment') and order_id is null
          and (orphan_action is null or orphan_action not in ('cancelled', 'refunded'))
          and (orphan_action in ('notified', 'failed') or session_gone_at is not null
            or completion_refused_at is not null or completion_failures >= ? or authorized_at is not null
            or reopened_at is not null
            or (orphan_action = 'acting' and orphan_action_at < now() - (? * interval '1 millisecond')))))
       and created_at < ?`,
      [COMPLETION_FAILURES_LISTED, CLAIM_STALE_MS, before ?? new Date("9999-01-01T00:00:00Z")],
      "created_at desc, id desc",
      limit
    )
  }

  /** A fact that is not a state move, kept in the audit trail too (e.g. "session gone", an admin's re-check). */
  async note(entryId: string, event: string, actor: string, note: string | null): Promise<void> {
    await this.pg.raw(
      `insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
       select ?, id, ?, state, state, ?, ? from tbc_payment where id = ?`,
      [newId("tbcle"), event, actor, note, entryId]
    )
  }

  /**
   * Charges of a provider whose session is gone (for at least `graceSeconds`), that no order owns
   * and the orphan policy has not finished with: money first (never behind unpaid ones, which stay
   * candidates until they lapse), never-tried before failed ones, then oldest first.
   */
  orphanCandidates(providerId: string, graceSeconds: number, limit: number): Promise<LedgerEntry[]> {
    return this.many(
      `provider_id = ? and pay_id is not null and kind in ('web', 'execution') and order_id is null
       and state not in ('refused', 'returned', 'expired')
       and (orphan_action is null or orphan_action = 'failed'
         or (orphan_action = 'acting' and orphan_action_at < now() - (? * interval '1 millisecond')))
       and session_gone_at is not null and session_gone_at < now() - (? * interval '1 second')`,
      [providerId, CLAIM_STALE_MS, graceSeconds],
      "(state in ('held', 'paid')) desc, (orphan_action is null) desc, created_at asc, id asc",
      limit
    )
  }
}

/** The ledger of an app's container (routes, workflows, jobs, subscribers): the app's PostgreSQL connection. */
export function ledgerOf(container: { resolve<T>(key: string): T }): LedgerStore {
  return new LedgerStore(container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))
}

/**
 * The ledger of a provider's cradle: undefined when the cradle has no PG connection. A provider
 * without a ledger refuses every call that moves money (fail closed), unless its cradle holds
 * UNRECORDED_FOR_UNIT_TESTS.
 */
export function ledgerFrom(cradle: Record<string, unknown>): LedgerStore | undefined {
  const pg = pgConnectionIn(cradle)
  return pg ? new LedgerStore(pg) : undefined
}

/**
 * The cradle key under which a unit test builds a provider that records nothing (no database) and
 * still calls the bank. A symbol: no medusa-config entry or container registration by name can set
 * it, so a provider in an app whose container lacks the connection refuses money calls instead.
 */
export const UNRECORDED_FOR_UNIT_TESTS: unique symbol = Symbol("medusa-payment-tbc: provider without a ledger")

/** Whether a unit test asked for a provider that records nothing (see UNRECORDED_FOR_UNIT_TESTS). */
export function unrecordedForUnitTests(cradle: Record<string | symbol, unknown>): boolean {
  try {
    return cradle[UNRECORDED_FOR_UNIT_TESTS] === true
  } catch {
    return false // Medusa's container throws on a name it does not hold
  }
}
