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
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { LedgerEvent } from "../../../lib/ledger/states"
import { CLAIM_STALE_MS } from "../../../lib/ledger/facets"
import { COMPLETION_FAILURES_LISTED } from "../../../lib/ledger/guards"
import { hasFacts, type PaymentFacts } from "../../../lib/payment-facts"
import { pgConnectionIn, type PgConnection } from "../pg-connection"
import { preparedStatements } from "../prepared-statements"
import { LedgerFacetWrites } from "./facet-writes"
import { openedRow, toEntry, type LedgerEntry, type OpenEntry } from "./entry-row"
import { openBankReturn } from "./bank-returns"
import type { BankReturnVerdict } from "../../../lib/ledger/bank-returns"
import {
  commitModeCte,
  movesStatement,
  newId,
  operationSeed,
  planMove,
  touchStatement,
  type Commit,
  type OperationToOpen,
  type WritePlan,
} from "./moves"

export type { PgConnection, Commit, OperationToOpen }
export { operationSeed } from "./moves"
export { toEntry } from "./entry-row"
export type { LedgerEntry, OpenEntry } from "./entry-row"

export type ApplyResult =
  { ok: true; entry: LedgerEntry; changed: boolean } | { ok: false; entry: LedgerEntry | undefined; reason: string }

/** How apply writes: a card mask the answer named, and how its commit waits (./moves.ts Commit; durable by default). */
export interface ApplyOptions {
  card_mask?: string
  commit?: Commit
}

/** One move of applyAll: an event on the entry as the caller holds it (its revision is the guard). */
export interface HeldMove {
  entry: LedgerEntry
  event: LedgerEvent
  actor: string
  card_mask?: string
}

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

/**
 * Error text for the record: short, one line, no request data (bank errors carry none). By its
 * message also when it is no Error: a Medusa workflow's run() throws its step's error as a plain
 * object (`{ message, name, stack }`), which String() would record as "[object Object]".
 */
export function recordError(error: unknown): string {
  const message = (error as { message?: unknown } | null | undefined)?.message
  return (typeof message === "string" ? message : String(error)).replace(/\s+/g, " ").slice(0, 500)
}

const SELECT = `select * from tbc_payment where deleted_at is null`

export class LedgerStore extends LedgerFacetWrites {
  /** the statements of a money operation's hot path, prepared once per pooled connection (../prepared-statements.ts) */
  private readonly pg: PgConnection

  constructor(pg: PgConnection) {
    super()
    this.pg = preparedStatements(pg)
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

  /** The charges made on these Medusa payment collections (an order's, for the store's own charges), newest first. */
  chargesOfCollections(collectionIds: readonly string[]): Promise<LedgerEntry[]> {
    if (collectionIds.length === 0) return Promise.resolve([])
    return this.many(
      "payment_collection_id = any(?) and kind in ('web', 'execution', 'installment')",
      [[...collectionIds]],
      "created_at desc"
    )
  }

  /** The operations (completion, cancel, refund) recorded on a charge, oldest first. */
  operationsOf(chargeId: string): Promise<LedgerEntry[]> {
    return this.many("parent_id = ?", [chargeId])
  }

  /**
   * A return the bank made by itself, as an operation of `charge` opened `done` (./bank-returns.ts);
   * undefined when another reader of the same bank state recorded it first.
   */
  recordBankReturn(
    charge: LedgerEntry,
    verdict: Extract<BankReturnVerdict, { kind: "record" }>,
    bankStatus: string,
    actor: string
  ): Promise<LedgerEntry | undefined> {
    return openBankReturn(this.pg, charge, verdict, bankStatus, actor)
  }

  /** The operation of a charge that is under way (`sending`), if any. */
  openOperationOf(chargeId: string): Promise<LedgerEntry | undefined> {
    return this.one("parent_id = ? and state = 'sending' and kind in ('completion', 'cancel', 'refund')", [chargeId])
  }

  /**
   * Writes an entry BEFORE its bank call, durably (./moves.ts: the commit waits for the disk).
   * Throws when it cannot be written: the caller must then not make the call (the plugin never
   * charges without a record). An operation on a charge that has one under way is refused
   * (OperationUnderWayError): one open operation per charge.
   *
   * `commit: "relaxed"` only for a caller whose next write is durable and comes before any call
   * that can move money (a cancel's or refund's baseline): that commit flushes the log up to
   * itself, this entry included. The one-open-operation check is the same either way (a commit is
   * seen by others at once; only its flush waits).
   */
  async open(seed: OpenEntry, actor: string, options: { commit?: Commit } = {}): Promise<LedgerEntry> {
    try {
      return await this.insert(seed, actor, options.commit ?? "durable")
    } catch (error) {
      if (!seed.parent_id || !isUniqueViolationOf(error, ONE_OPEN_OPERATION)) throw error
      throw new OperationUnderWayError(seed.kind, await this.openOperationOf(seed.parent_id).catch(() => undefined))
    }
  }

  /**
   * open() for an operation on the charge the bank knows by `payId`, in ONE statement with the
   * read of that charge (one round trip less before the bank call): the charge as it was read and
   * the operation's entry, or undefined when no entry names the payId (a payment from before the
   * ledger: nothing is opened). Same one-open-operation refusal as open().
   */
  override async openOperationOn(
    payId: string,
    operation: OperationToOpen,
    actor: string,
    options: { commit?: Commit } = {}
  ): Promise<{ charge: LedgerEntry; op: LedgerEntry } | undefined> {
    let rows: Record<string, unknown>[]
    const opId = newId("tbcpay")
    try {
      ;({ rows } = await this.pg.raw(
        `with ${commitModeCte(options.commit ?? "durable")},
         charge as (${SELECT} and pay_id = ? order by created_at desc limit 1),
         opened as (
           insert into tbc_payment (id, provider_id, payment_session_id, payment_collection_id, cart_id, amount,
             currency, kind, state, state_at, state_by, parent_id)
           select ?, coalesce(?, charge.provider_id), charge.payment_session_id, charge.payment_collection_id,
             charge.cart_id, ?::integer, charge.currency, ?, 'sending', now(), ?, charge.id from charge
           returning id, created_at, state_at),
         audit as (
           insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
           select ?, opened.id, 'opened', null, 'sending', ?, ?::text || ' ' || ?::integer || ' ' || charge.currency
           from opened, charge)
         select charge.*, opened.created_at as opened_at, opened.state_at as opened_state_at, commit_mode.commit_mode
         from charge, opened, commit_mode`,
        [
          payId,
          opId,
          operation.providerId ?? null,
          operation.amountMinor,
          operation.kind,
          actor,
          newId("tbcle"),
          actor,
          operation.kind,
          operation.amountMinor,
        ]
      ))
    } catch (error) {
      if (!isUniqueViolationOf(error, ONE_OPEN_OPERATION)) throw error
      const charge = await this.byPayId(payId).catch(() => undefined)
      const open = charge ? await this.openOperationOf(charge.id).catch(() => undefined) : undefined
      throw new OperationUnderWayError(operation.kind, open)
    }
    // no row: no charge names the payId, nothing was opened
    const row = rows[0]
    if (!row) return undefined
    const charge = toEntry(row)
    // the operation's entry as inserted (the server made only its id's times): no second row to send and parse
    const op = toEntry({
      ...openedRow(operationSeed(charge, operation.kind, operation.amountMinor, operation.providerId), actor),
      id: opId,
      created_at: row.opened_at,
      state_at: row.opened_state_at,
    })
    return { charge, op }
  }

  private async insert(seed: OpenEntry, actor: string, commit: Commit): Promise<LedgerEntry> {
    const id = newId("tbcpay")
    const state = seed.state ?? "sending"
    const { rows } = await this.pg.raw(
      `with ${commitModeCte(commit)},
       opened as (
         insert into tbc_payment (id, provider_id, pay_id, payment_session_id, payment_collection_id, cart_id, amount,
           currency, kind, state, state_at, state_by, parent_id, merchant_payment_id, card_mask)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now(), ?, ?, ?, ?) returning id, state, created_at, state_at),
       audit as (
         insert into tbc_ledger_event (id, entry_id, event, from_state, to_state, actor, note)
         select ?, id, 'opened', null, state, ?, ? from opened)
       select opened.created_at, opened.state_at, commit_mode.commit_mode from opened, commit_mode`,
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
    // the entry as inserted: the server made only its times (no row of ~50 columns to send and parse)
    return toEntry({
      ...openedRow({ ...seed, state }, actor),
      id,
      created_at: rows[0].created_at,
      state_at: rows[0].state_at,
    })
  }

  /**
   * Moves an entry by an event (the pure rules decide: its state, payId and facets), with its
   * audit line, in one statement that only applies while the entry is still as read (its
   * revision): a concurrent move makes it re-read and decide again (the bank's newer answer wins,
   * an admin action, a release claim or an authorization is re-judged).
   *
   * `target`: the entry's id (it is read first), or the entry as the caller already holds it (no
   * read: its revision guards the write). A decision that writes nothing (refused, or nothing to
   * move) is never taken on a held copy: the entry is read again and judged as it is now.
   */
  async apply(
    target: string | LedgerEntry,
    event: LedgerEvent,
    actor: string,
    options: ApplyOptions = {}
  ): Promise<ApplyResult> {
    if (typeof target !== "string") {
      const [result] = await this.applyAll([{ entry: target, event, actor, card_mask: options.card_mask }], options)
      return result
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const entry = await this.byId(target)
      if (!entry) return { ok: false, entry, reason: `no ledger entry ${target}` }
      const decided = await this.decide({ entry, event, actor, card_mask: options.card_mask }, options.commit)
      if (decided) return decided
    }
    return { ok: false, entry: await this.byId(target), reason: "the entry kept changing; try again" }
  }

  /**
   * apply() on the entry just read: the result, or undefined when its compare-and-set was lost
   * (the caller reads again).
   */
  private async decide(move: HeldMove, commit: Commit = "durable"): Promise<ApplyResult | undefined> {
    const plan = planMove(move.entry, move.event, move.actor, move.card_mask ?? null)
    if (plan.kind === "refused") return { ok: false, entry: move.entry, reason: plan.reason }
    if (plan.kind === "unchanged") {
      if (plan.touch) {
        const touch = touchStatement(move.entry.id)
        await this.pg.raw(touch.sql, touch.bindings)
      }
      return { ok: true, entry: move.entry, changed: false }
    }
    const [row] = await this.writeMoves([plan], commit)
    return row ? { ok: true, entry: row, changed: true } : undefined
  }

  /**
   * Several moves, each on the entry as the caller holds it, written in ONE statement (one
   * commit): e.g. an operation and its charge moved by the bank's answer to the operation. A move
   * whose entry changed meanwhile (its compare-and-set lost), or that would write nothing on the
   * held copy, goes through apply() by id (read, judged as it is now). Results in `moves` order.
   */
  async applyAll(moves: readonly HeldMove[], options: { commit?: Commit } = {}): Promise<ApplyResult[]> {
    const plans = moves.map((move) => planMove(move.entry, move.event, move.actor, move.card_mask ?? null))
    const writes = plans.filter((plan): plan is WritePlan => plan.kind === "write")
    const rows = writes.length > 0 ? await this.writeMoves(writes, options.commit ?? "durable") : []
    const results: ApplyResult[] = []
    for (const [i, move] of moves.entries()) {
      const row = rows[writes.indexOf(plans[i] as WritePlan)]
      results.push(
        row
          ? { ok: true, entry: row, changed: true }
          : await this.apply(move.entry.id, move.event, move.actor, {
              card_mask: move.card_mask,
              commit: options.commit,
            })
      )
    }
    return results
  }

  /** The rows the planned writes left (undefined where a compare-and-set was lost), in `plans` order. */
  private async writeMoves(plans: readonly WritePlan[], commit: Commit): Promise<(LedgerEntry | undefined)[]> {
    const { sql, bindings } = movesStatement(plans, commit)
    const { rows } = await this.pg.raw(sql, bindings)
    const written: (LedgerEntry | undefined)[] = plans.map(() => undefined)
    for (const row of rows) written[Number(row.move_index)] = toEntry(row)
    return written
  }

  /**
   * A refund's baseline and the charge's operations in ONE statement (one round trip less before
   * the bank call; BENCHMARKS.md row 2d). The read shares the statement's snapshot, taken after
   * this operation's open committed, so it shows every operation that closed before ours could
   * open, as the separate read did; the operation itself is there as this statement leaves it. A
   * lost compare-and-set (or nothing to write) goes the usual way, and the caller reads the
   * operations itself.
   */
  override async recordRefundBaseline(
    entry: LedgerEntry,
    baseline: { status: string; returnedMinor: number; confirmedMinor: number },
    actor: string
  ): Promise<{ entry: LedgerEntry; operations?: LedgerEntry[] } | undefined> {
    const plan = planMove(entry, { type: "operation_baseline", ...baseline }, actor)
    if (plan.kind !== "write" || !entry.parent_id) return super.recordRefundBaseline(entry, baseline, actor)
    const moves = movesStatement([plan], "durable")
    const { rows } = await this.pg.raw(
      `${moves.sql}
     union all select -1, tbc_payment.*, null from tbc_payment
       where deleted_at is null and parent_id = ? and id <> ?`,
      [...moves.bindings, entry.parent_id, entry.id]
    )
    const moved = rows.find((row) => Number(row.move_index) === 0)
    if (!moved) return super.recordRefundBaseline(entry, baseline, actor)
    const kept = toEntry(moved)
    const operations = [kept, ...rows.filter((row) => Number(row.move_index) === -1).map(toEntry)]
    // operationsOf's order: oldest first
    operations.sort((x, y) => x.created_at.getTime() - y.created_at.getTime())
    return { entry: kept, operations }
  }

  /** apply() on the entry that names this payId (the read it decides on); undefined when no entry does. */
  async applyByPayId(payId: string, event: LedgerEvent, actor: string): Promise<ApplyResult | undefined> {
    const entry = await this.byPayId(payId)
    if (!entry) return undefined
    return (await this.decide({ entry, event, actor })) ?? this.apply(entry.id, event, actor)
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

  /**
   * The entries an admin acted on (an event whose actor is `admin:<user id>`), by their newest such
   * event, newest first: what the admin's history view lists after an entry left the attention list.
   */
  actedOnByAdmin(limit: number): Promise<LedgerEntry[]> {
    const newestAdminEvent = `(select max(e.created_at) from tbc_ledger_event e
      where e.entry_id = tbc_payment.id and e.actor like 'admin:%' and e.deleted_at is null)`
    return this.many(
      `id in (select entry_id from tbc_ledger_event where actor like 'admin:%' and deleted_at is null)`,
      [],
      `${newestAdminEvent} desc, id desc`,
      limit
    )
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
            or (orphan_action = 'acting' and orphan_action_at < now() - (? * interval '1 millisecond'))))
        or (state = 'done' and made_at_bank = true and medusa_recorded_at is null)
        or (state = 'done' and kind = 'completion' and capture_asked is not null and excess_returned_at is null))
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
