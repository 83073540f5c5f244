/**
 * The money ledger in memory, for unit tests of the code that uses LedgerStore (providers,
 * guards, jobs): the same public methods, the same pure rules (applyLedgerEvent), no database.
 * `failWrites` makes every write throw, to test that callers fail closed; `rows` and `audit` are
 * what was written, for a test to read.
 */
import { applyLedgerEvent, OPERATION_KINDS, type LedgerEvent } from "../../../../lib/ledger/states"
import { FACET_EVENT_TYPES, facetAuditName, patchAt, type FacetEvent } from "../../../../lib/ledger/facets"
import { LedgerFacetWrites, type EntryRef } from "../facet-writes"
import type { BankReturnVerdict } from "../../../../lib/ledger/bank-returns"
import { hasFacts, mergeFacts, type PaymentFacts } from "../../../../lib/payment-facts"
import {
  OperationUnderWayError,
  type ApplyResult,
  type LedgerEntry,
  type LedgerStore,
  type OpenEntry,
} from "../ledger-store"

const isOperation = (kind: string) => (OPERATION_KINDS as readonly string[]).includes(kind)

/** A whole ledger row with test defaults (a web charge, Created), overridden field by field. */
export const ledgerEntry = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  id: "tbcpay_1",
  kind: "web",
  state: "created",
  pay_id: "PAY1",
  provider_id: "pp_tbc-checkout_tbc",
  payment_session_id: "payses_1",
  payment_collection_id: "pc_1",
  cart_id: "cart_1",
  amount: 5499,
  currency: "GEL",
  parent_id: null,
  merchant_payment_id: "payses_1",
  card_mask: null,
  bank_status: "Created",
  state_by: null,
  state_reason: null,
  state_at: null,
  created_at: new Date("2026-11-25T10:00:00Z"),
  session_gone_at: null,
  order_id: null,
  orphan_action: null,
  orphan_amount: null,
  orphan_error: null,
  completion_failed_at: null,
  completion_failure: null,
  completion_refused_at: null,
  completion_failures: 0,
  authorized_at: null,
  ...over,
})

export class MemoryLedger extends LedgerFacetWrites {
  readonly rows: LedgerEntry[] = []
  readonly audit: {
    entry_id: string
    event: string
    from_state: string | null
    to_state: string
    actor: string
    note: string | null
  }[] = []
  failWrites = false
  private seq = 0

  /** `clock`: the time every write stamps (a job's test passes its fixed "now"). */
  constructor(private readonly clock: () => Date = () => new Date()) {
    super()
  }

  protected override now(): Date {
    return this.clock()
  }

  private write(): void {
    if (this.failWrites) throw new Error("ledger unavailable (test)")
  }

  /** Typed as the real store for the code under test. */
  asStore(): LedgerStore {
    return this as unknown as LedgerStore
  }

  async byId(id: string) {
    return this.rows.find((r) => r.id === id)
  }

  async byPayId(payId: string) {
    return this.rows.find((r) => r.pay_id === payId)
  }

  private charges(pick: (r: LedgerEntry) => boolean) {
    return this.rows
      .filter((r) => ["web", "execution", "installment"].includes(r.kind) && pick(r))
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id.localeCompare(a.id))
  }

  async chargesOfSession(sessionId: string) {
    return this.charges((r) => r.payment_session_id === sessionId)
  }

  async chargesByPayIds(payIds: readonly string[]) {
    return this.charges((r) => r.pay_id !== null && payIds.includes(r.pay_id))
  }

  async chargesOfCart(cartId: string) {
    return this.charges((r) => r.cart_id === cartId)
  }

  async operationsOf(chargeId: string) {
    return this.rows.filter((r) => r.parent_id === chargeId)
  }

  /** The operation of a charge that is under way (`sending`), if any. */
  async openOperationOf(chargeId: string) {
    return this.rows.find((r) => r.parent_id === chargeId && r.state === "sending" && isOperation(r.kind))
  }

  async open(seed: OpenEntry, actor: string): Promise<LedgerEntry> {
    this.write()
    // one open operation per charge, as the store's unique index allows
    const open =
      seed.parent_id && (seed.state ?? "sending") === "sending" ? await this.openOperationOf(seed.parent_id) : undefined
    if (open && isOperation(seed.kind)) throw new OperationUnderWayError(seed.kind, open)
    const entry = ledgerEntry({
      id: `tbcpay_${String(++this.seq).padStart(4, "0")}`,
      kind: seed.kind,
      state: seed.state ?? "sending",
      pay_id: seed.pay_id ?? null,
      provider_id: seed.provider_id,
      payment_session_id: seed.payment_session_id,
      payment_collection_id: seed.payment_collection_id ?? null,
      cart_id: seed.cart_id ?? null,
      amount: seed.amount,
      currency: seed.currency,
      parent_id: seed.parent_id ?? null,
      merchant_payment_id: seed.merchant_payment_id ?? null,
      card_mask: seed.card_mask ?? null,
      bank_status: null,
      state_by: actor,
      state_at: this.clock(),
      created_at: new Date(this.clock().getTime() + this.seq),
    })
    this.rows.push(entry)
    this.audit.push({ entry_id: entry.id, event: "opened", from_state: null, to_state: entry.state, actor, note: null })
    return entry
  }

  /** Rows are held by reference here, so a held entry is always as it is now: it is looked up by id. */
  async apply(target: EntryRef, event: LedgerEvent, actor: string): Promise<ApplyResult> {
    const entryId = typeof target === "string" ? target : target.id
    const entry = await this.byId(entryId)
    if (!entry) return { ok: false, entry, reason: `no ledger entry ${entryId}` }
    const next = applyLedgerEvent(entry, event)
    if (!next.ok) return { ok: false, entry, reason: next.reason }
    const status = event.type === "bank_status" ? event.status : null
    if (!next.changed && (status === null || status === entry.bank_status)) return { ok: true, entry, changed: false }
    this.write()
    const facet = FACET_EVENT_TYPES.has(event.type)
    this.audit.push({
      entry_id: entry.id,
      event: facet ? facetAuditName(event as FacetEvent) : event.type,
      from_state: entry.state,
      to_state: next.state,
      actor,
      note: null,
    })
    Object.assign(entry, { state: next.state, pay_id: next.pay_id }, patchAt(next.facets ?? {}, this.clock()))
    if (!facet) Object.assign(entry, { state_by: actor, state_at: this.clock() })
    if (status !== null) entry.bank_status = status
    return { ok: true, entry, changed: true }
  }

  async applyByPayId(payId: string, event: LedgerEvent, actor: string) {
    const entry = await this.byPayId(payId)
    return entry ? this.apply(entry.id, event, actor) : undefined
  }

  /** As the store: once per charge and baseline (its unique index). */
  async recordBankReturn(
    charge: LedgerEntry,
    verdict: Extract<BankReturnVerdict, { kind: "record" }>,
    bankStatus: string,
    actor: string
  ): Promise<LedgerEntry | undefined> {
    const twin = this.rows.find(
      (r) => r.parent_id === charge.id && r.made_at_bank && r.baseline_returned === verdict.knownMinor
    )
    if (twin) return undefined
    const entry = await this.open(
      { ...charge, kind: verdict.op, amount: verdict.amountMinor, parent_id: charge.id, state: "done" },
      actor
    )
    Object.assign(entry, {
      pay_id: null,
      made_at_bank: true,
      bank_status: bankStatus,
      baseline_status: bankStatus,
      baseline_returned: verdict.knownMinor,
      baseline_confirmed: 0,
    })
    return entry
  }

  async events(entryId: string) {
    return this.audit.filter((a) => a.entry_id === entryId)
  }

  async recordFacts(payId: string, facts: PaymentFacts) {
    const entry = payId ? await this.byPayId(payId) : undefined
    if (!entry || !hasFacts(facts)) return false
    this.write()
    Object.assign(entry, mergeFacts(entry, facts))
    return true
  }
}
