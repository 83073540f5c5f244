/**
 * The facet writes of the money ledger (src/lib/ledger/facets.ts): each is one event through
 * `apply`, the one compare-and-set with its audit line, never an UPDATE of its own. Shared by
 * LedgerStore and the in-memory ledger of the unit tests, so both keep the same public methods.
 */
import type { CompletionFailureClass, RecordedOrphanAction } from "../../../lib/ledger/facets"
import type { LedgerEvent } from "../../../lib/ledger/states"
import type { ApplyOptions, ApplyResult, Commit, HeldMove, LedgerEntry, OpenEntry } from "./ledger-store"
import { operationSeed, type OperationToOpen } from "./moves"

/** An entry's id, or the entry as the caller holds it (LedgerStore.apply: no read, its revision guards the write). */
export type EntryRef = string | LedgerEntry

export abstract class LedgerFacetWrites {
  abstract apply(entry: EntryRef, event: LedgerEvent, actor: string, options?: ApplyOptions): Promise<ApplyResult>
  abstract applyByPayId(payId: string, event: LedgerEvent, actor: string): Promise<ApplyResult | undefined>
  abstract byPayId(payId: string): Promise<LedgerEntry | undefined>
  abstract open(seed: OpenEntry, actor: string, options?: { commit?: Commit }): Promise<LedgerEntry>

  /**
   * Opens an operation on the charge the bank knows by `payId`, before its bank call: the charge
   * as read and the operation's entry; undefined when no entry names the payId (a payment from
   * before the ledger). Here a read, then open(); LedgerStore does both in one statement.
   */
  async openOperationOn(
    payId: string,
    operation: OperationToOpen,
    actor: string,
    options: { commit?: Commit } = {}
  ): Promise<{ charge: LedgerEntry; op: LedgerEntry } | undefined> {
    const charge = await this.byPayId(payId)
    if (!charge) return undefined
    const seed = operationSeed(charge, operation.kind, operation.amountMinor, operation.providerId)
    return { charge, op: await this.open(seed, actor, options) }
  }

  /** Several moves (LedgerStore writes them in one statement); here one after another, in order. */
  async applyAll(moves: readonly HeldMove[], options: Pick<ApplyOptions, "commit"> = {}): Promise<ApplyResult[]> {
    const results: ApplyResult[] = []
    for (const move of moves) {
      results.push(await this.apply(move.entry, move.event, move.actor, { ...options, card_mask: move.card_mask }))
    }
    return results
  }

  /** The clock a release claim's staleness is judged by (the memory ledger's test clock). */
  protected now(): Date {
    return new Date()
  }

  /**
   * Our authorizePayment hands the money to Medusa (a Medusa payment is made from the session).
   * Refused (`ok: false`) once a release of the money was claimed or done: the caller must then
   * not tell Medusa the payment is authorized (placing the order and releasing the hold are
   * serialized by this compare-and-set: exactly one wins).
   */
  markAuthorized(entry: EntryRef, actor: string): Promise<ApplyResult> {
    return this.apply(entry, { type: "authorized" }, actor)
  }

  /** The order that owns the charge's money (idempotent; refused for a second, different order). */
  markOrder(entryId: string, orderId: string, actor: string): Promise<ApplyResult> {
    return this.apply(entryId, { type: "order_placed", orderId }, actor)
  }

  /** Medusa is deleting the charge's session (deletePayment runs before the row goes). */
  async markSessionGone(payId: string, actor: string): Promise<void> {
    await this.applyByPayId(payId, { type: "session_gone" }, actor)
  }

  /** markSessionGone for an entry without a payId (an execution whose answer named none). */
  async markSessionGoneOf(entryId: string, actor: string): Promise<void> {
    await this.apply(entryId, { type: "session_gone" }, actor)
  }

  /**
   * A cart completion from this charge failed: its class and the running count are kept
   * (`permanent` starts the orphan grace, guards.ts; the count lets a rule list an entry that
   * keeps failing).
   */
  async recordCompletionFailure(
    entryId: string,
    failure: { kind: CompletionFailureClass; reason: string },
    actor: string
  ): Promise<void> {
    await this.apply(entryId, { type: "completion_failed", failureClass: failure.kind, reason: failure.reason }, actor)
  }

  /**
   * Takes the right to release an orphan's money, so two processes (callback, timer, sweep,
   * admin) never act at once and never while the order is being placed from it; true when taken.
   * A finished action is never taken again: acting twice cannot refund twice.
   */
  async claimOrphan(payId: string, takeNotified = false, actor = "policy:orphan"): Promise<boolean> {
    const result = await this.applyByPayId(payId, { type: "orphan_claim", now: this.now(), takeNotified }, actor)
    return result?.ok === true && result.changed
  }

  /** Gives a claim back without an action (nothing at the bank yet, e.g. still Created). */
  async releaseOrphanClaim(payId: string, actor = "policy:orphan"): Promise<void> {
    await this.applyByPayId(payId, { type: "orphan_claim_returned" }, actor)
  }

  /**
   * An operation's baseline, once, while it is unsent (after the read its call starts with, before
   * the call): what the bank showed for the charge. Durable: the bank call follows. The entry as
   * written, undefined when it was not.
   */
  async recordBaseline(
    entry: EntryRef,
    baseline: { status: string; returnedMinor: number; confirmedMinor: number },
    actor: string
  ): Promise<LedgerEntry | undefined> {
    const result = await this.apply(entry, { type: "operation_baseline", ...baseline }, actor)
    return result.ok && result.changed ? result.entry : undefined
  }

  /**
   * recordBaseline for a refund, which judges next by the charge's operations (as they are once
   * this operation's open is committed): the SQL store reads them in the baseline's own statement
   * (./ledger-store.ts); here they are left to the caller's own read (`operations` absent).
   */
  async recordRefundBaseline(
    entry: LedgerEntry,
    baseline: { status: string; returnedMinor: number; confirmedMinor: number },
    actor: string
  ): Promise<{ entry: LedgerEntry; operations?: LedgerEntry[] } | undefined> {
    const kept = await this.recordBaseline(entry, baseline, actor)
    return kept && { entry: kept }
  }

  async recordOrphanAction(
    payId: string,
    action: RecordedOrphanAction,
    amountMinor: number | null,
    error: string | null,
    actor = "policy:orphan"
  ): Promise<void> {
    await this.applyByPayId(payId, { type: "orphan_action", action, amount: amountMinor, error }, actor)
  }
}
