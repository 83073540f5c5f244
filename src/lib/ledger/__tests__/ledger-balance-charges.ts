/**
 * The ledger model's merchant-initiated part (ledger-model.properties.unit.spec.ts): the store
 * charges a customer's saved card for what a phone order owes. A simulated bank (ground truth),
 * Medusa's order (what it owes, the payments on its collections) and the ledger; every decision
 * goes through the real rules: balanceChargeVerdict and stopsBalanceCharge (../../merchant-charges.ts)
 * decide a charge, applyLedgerEvent records every answer and admin action, nextJobStep drives the
 * lost-callback job, attentionReason lists what a person must look at.
 *
 * Played: the admin's charge (the whole balance or less, also more than owed; a second press while
 * the first is under way), the bank's answer (taken, declined, a 5xx or a timeout after charging or
 * before, Processing then decided, our process dying mid-call), callbacks (delivered, lost), job
 * runs, time, and a truthful admin working through the list (attach the payId the dashboard shows,
 * or "not charged").
 */
import fc from "fast-check"
import { webhookAction } from "../../checkout-status"
import { WEBHOOK_ACTION } from "../../medusa-statuses"
import { balanceChargeVerdict, stopsBalanceCharge } from "../../merchant-charges"
import { STALE_SENDING_MS, attentionReason, nextJobStep, type LedgerFacts } from "../guards"
import { patchAt } from "../facets"
import { sendingFacts } from "./ledger-world"
import { applyLedgerEvent, type LedgerEvent } from "../states"

const MINUTE = 60_000
/** How long the order's balance lock lives when its holder died (CHARGE_LOCK_TTL_SECONDS). */
const LOCK_TTL_MS = 2 * MINUTE

export const BALANCE_OUTCOMES = [
  "taken",
  "declined",
  "5xx_charged",
  "5xx_not_charged",
  "timeout_charged",
  "processing",
  "crash_charged",
  "crash_not_charged",
] as const
export type BalanceOutcome = (typeof BALANCE_OUTCOMES)[number]

interface Charge extends LedgerFacts {
  id: number
  sessionId: string
  amount: number
  session_live: boolean
}

interface BankCharge {
  payId: string
  entryId: number
  sessionId: string
  amount: number
  status: string
}

export interface BalanceWorld {
  now: number
  owedAtStart: number
  /** Medusa's captured payments on the order's collections, by session (tetri) */
  medusaPaid: Map<string, number>
  bank: BankCharge[]
  entries: Charge[]
  callbacks: string[]
  lockUntil: number
  /** broken rules seen while playing (a charge sent while an earlier one was open) */
  violations: string[]
  seq: number
  log: string[]
  seen: Map<string, number>
}

export type BalanceStep =
  | { t: "charge"; part: number; outcome: BalanceOutcome; secondPress: boolean }
  | { t: "callback"; pick: number; lose: boolean }
  | { t: "decide"; pick: number; paid: boolean }
  | { t: "job" }
  | { t: "admin" }
  | { t: "wait"; minutes: number }

export const balanceStepArb: fc.Arbitrary<BalanceStep> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("charge" as const),
      // 0: the whole balance; otherwise that much (tetri), also more than owed
      part: fc.constantFrom(0, 0, 100, 2500, 7000),
      outcome: fc.constantFrom(...BALANCE_OUTCOMES, "taken", "taken"),
      secondPress: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("callback" as const), pick: fc.nat(5), lose: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("decide" as const), pick: fc.nat(5), paid: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("job" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("admin" as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("wait" as const), minutes: fc.constantFrom(1, 3, 30) }) }
)

export function newBalanceWorld(owed = 5000): BalanceWorld {
  return {
    now: Date.UTC(2026, 11, 1),
    owedAtStart: owed,
    medusaPaid: new Map(),
    bank: [],
    entries: [],
    callbacks: [],
    lockUntil: 0,
    violations: [],
    seq: 0,
    log: [],
    seen: new Map(),
  }
}

const at = (w: BalanceWorld) => new Date(w.now)
const note = (w: BalanceWorld, what: string): void => {
  w.seen.set(what, (w.seen.get(what) ?? 0) + 1)
}
const paidInMedusa = (w: BalanceWorld) => [...w.medusaPaid.values()].reduce((a, b) => a + b, 0)
const takes = (p: BankCharge) => p.status === "Succeeded"

function record(w: BalanceWorld, e: Charge, event: LedgerEvent): boolean {
  const t = applyLedgerEvent(e, event)
  if (!t.ok) {
    if (["bank_status", "unreadable_answer", "clear_refusal"].includes(event.type)) {
      throw new Error(`bank event ${JSON.stringify(event)} refused on #${e.id}: ${t.reason}`)
    }
    return false
  }
  e.state = t.state
  e.pay_id = t.pay_id
  Object.assign(e, patchAt(t.facets ?? {}, at(w)))
  w.log.push(`  #${e.id} → ${e.state}${e.pay_id ? ` ${e.pay_id}` : ""} (${event.type})`)
  return true
}

/** Medusa authorizes the session into the order's collection (our provider reads the bank back). */
function placeOnOrder(w: BalanceWorld, e: Charge): void {
  const p = w.bank.find((b) => b.payId === e.pay_id)
  if (!p || !takes(p) || w.medusaPaid.has(e.sessionId) || !e.session_live) return
  if (!record(w, e, { type: "authorized" })) return
  w.medusaPaid.set(e.sessionId, p.amount)
  note(w, "placed on the order")
}

/** The admin presses "Charge the saved card": lock, the rules, then one execution. */
function charge(w: BalanceWorld, part: number, outcome: BalanceOutcome, secondPress: boolean): void {
  if (w.now < w.lockUntil) return note(w, "refused: a charge under way")
  const outstanding = w.owedAtStart - paidInMedusa(w)
  const verdict = balanceChargeVerdict({
    outstandingMinor: outstanding,
    currency: "gel",
    requestedMinor: part === 0 ? undefined : part,
    card: { status: "active", merchant_charges_consent_at: at(w), usable: true },
    unresolvedCharge: w.entries.some(stopsBalanceCharge),
  })
  if (verdict.kind === "refuse") return note(w, `refused: ${verdict.field}`)
  // ground truth, independent of the rules: an earlier execution whose outcome the ledger does not
  // know, or whose money the bank took and the order does not show, must stop this one
  const open = w.entries.find(
    (x) =>
      ["sending", "uncertain", "processing"].includes(x.state) ||
      w.bank.some((b) => b.entryId === x.id && takes(b) && !w.medusaPaid.has(x.sessionId))
  )
  if (open) w.violations.push(`a charge was sent while #${open.id} (${open.state}) was open`)
  w.lockUntil = w.now + LOCK_TTL_MS
  // the second press comes while this one holds the lock
  if (secondPress) note(w, "refused: a charge under way")
  const sessionId = `S${++w.seq}`
  const e: Charge = {
    id: w.entries.length,
    ...sendingFacts("execution", at(w)),
    sessionId,
    amount: verdict.amountMinor,
    session_live: true,
  }
  w.entries.push(e)
  note(w, `execution: ${outcome}`)
  const bankCharges = outcome.endsWith("_charged") && !outcome.endsWith("not_charged")
  let p: BankCharge | undefined
  if (outcome === "taken" || outcome === "processing" || bankCharges) {
    p = { payId: `P${++w.seq}`, entryId: e.id, sessionId, amount: e.amount, status: "Succeeded" }
    if (outcome === "processing") p.status = "Processing"
    w.bank.push(p)
    if (p.status === "Succeeded") w.callbacks.push(p.payId)
  }
  if (outcome.startsWith("crash")) return // the process died: nothing recorded, the lock lapses
  if (outcome === "declined") {
    record(w, e, { type: "clear_refusal", reason: "declined" })
    e.session_live = false // the workflow's compensation removes the session and the collection
    record(w, e, { type: "session_gone" })
  } else if (p && (outcome === "taken" || outcome === "processing")) {
    record(w, e, { type: "bank_status", status: p.status, payId: p.payId })
    if (outcome === "taken") {
      placeOnOrder(w, e)
      record(w, e, { type: "order_placed", orderId: "order_1" })
    }
  } else {
    record(w, e, { type: "unreadable_answer", reason: outcome })
  }
  w.lockUntil = 0
}

/** The bank's callback: read, paired by payId or by merchantPaymentId; Medusa places a taken payment. */
function callback(w: BalanceWorld, pick: number, lose: boolean): void {
  if (w.callbacks.length === 0) return
  const [payId] = w.callbacks.splice(pick % w.callbacks.length, 1)
  if (lose) return
  const p = w.bank.find((b) => b.payId === payId)!
  const e =
    w.entries.find((x) => x.pay_id === payId) ??
    w.entries.find(
      (x) => x.sessionId === p.sessionId && !x.pay_id && ["sending", "uncertain", "refused"].includes(x.state)
    )
  if (!e) return
  if (!e.pay_id) note(w, "callback paired by merchantPaymentId")
  record(w, e, { type: "bank_status", status: p.status, payId })
  const action = webhookAction(p.status)
  if (action === WEBHOOK_ACTION.SUCCESSFUL || action === WEBHOOK_ACTION.AUTHORIZED) placeOnOrder(w, e)
}

/** One lost-callback job pass: read what has a payId, place money on the order, record the order. */
function job(w: BalanceWorld): void {
  for (const e of w.entries) {
    let step = nextJobStep(e, at(w))
    if (step === "read_bank") {
      const p = w.bank.find((b) => b.payId === e.pay_id)!
      record(w, e, { type: "bank_status", status: p.status, payId: p.payId })
      step = nextJobStep(e, at(w))
    }
    if (step === "complete_order") {
      // orderStepOf: no cart → process_payment (authorize into the collection), then mark_order
      placeOnOrder(w, e)
      if (w.medusaPaid.has(e.sessionId)) record(w, e, { type: "order_placed", orderId: "order_1" })
    }
    if (step === "orphan_policy") throw new Error(`#${e.id}: the orphan policy on a live order's charge`)
  }
}

/** A truthful admin on every listed entry: attach the payId the dashboard shows, or "not charged". */
function admin(w: BalanceWorld): void {
  for (const e of w.entries) {
    if (!attentionReason(e, at(w))) continue
    const p = w.bank.find((b) => b.entryId === e.id)
    if (p && !e.pay_id) {
      record(w, e, { type: "admin_attach_pay_id", payId: p.payId })
      record(w, e, { type: "bank_status", status: p.status, payId: p.payId })
      note(w, "admin attached the payId")
    } else if (!p) {
      record(w, e, { type: "admin_not_charged", reason: "nothing in TBC's dashboard" })
    }
  }
}

export function playBalance(w: BalanceWorld, s: BalanceStep): void {
  w.log.push(JSON.stringify(s))
  if (s.t === "charge") charge(w, s.part, s.outcome, s.secondPress)
  else if (s.t === "callback") callback(w, s.pick, s.lose)
  else if (s.t === "decide") {
    const open = w.bank.filter((b) => b.status === "Processing")
    const p = open[s.pick % Math.max(1, open.length)]
    if (p) {
      p.status = s.paid ? "Succeeded" : "Failed"
      w.callbacks.push(p.payId)
    }
  } else if (s.t === "job") job(w)
  else if (s.t === "admin") admin(w)
  else w.now += s.minutes * MINUTE
}

function fail(w: BalanceWorld, message: string): never {
  throw new Error(`${message}\n--- what happened ---\n${w.log.slice(-40).join("\n")}`)
}

/** After every step. */
export function checkBalanceInvariants(w: BalanceWorld): void {
  const taken = w.bank.filter(takes).reduce((sum, p) => sum + p.amount, 0)
  // at most what the order owes is taken, counting every charge the bank made
  if (taken > w.owedAtStart) fail(w, `the bank took ${taken} for an order that owed ${w.owedAtStart}`)
  if (paidInMedusa(w) > w.owedAtStart) fail(w, `Medusa records ${paidInMedusa(w)} of ${w.owedAtStart} owed`)
  for (const p of w.bank) {
    const e = w.entries[p.entryId]
    // never sent twice: one bank payment per entry
    if (w.bank.filter((q) => q.entryId === e.id).length > 1) fail(w, `#${e.id} was sent twice`)
    // nothing held or taken without the order or a visible entry
    const visible = attentionReason(e, at(w)) !== undefined || nextJobStep(e, at(w)) !== "none"
    if (takes(p) && !w.medusaPaid.has(p.sessionId) && !visible) {
      fail(w, `${p.payId} was taken, is not on the order, and #${e.id} (${e.state}) is invisible`)
    }
  }
  if (w.violations.length > 0) fail(w, w.violations[0])
}

/** The end: callbacks lost, the bank decides, jobs and a truthful admin work until nothing changes. */
export function settleBalance(w: BalanceWorld): void {
  w.callbacks = []
  for (const p of w.bank) if (p.status === "Processing") p.status = "Succeeded"
  for (let round = 0; round < 4; round++) {
    w.now += STALE_SENDING_MS + 30 * MINUTE
    job(w)
    admin(w)
    job(w)
  }
  for (const p of w.bank.filter(takes)) {
    if (!w.medusaPaid.has(p.sessionId)) fail(w, `settled: ${p.payId} was taken and is not on the order`)
  }
  for (const e of w.entries) {
    if (attentionReason(e, at(w))) fail(w, `settled: #${e.id} still listed`)
    if (nextJobStep(e, at(w)) !== "none") fail(w, `settled: #${e.id} still has a job step`)
  }
}
