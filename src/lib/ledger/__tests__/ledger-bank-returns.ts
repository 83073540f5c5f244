/**
 * The model of one paid charge whose money goes back both ways, for ledger-model.properties:
 * refunds of ours (Medusa's admin refund through the provider's rules: the one-record rule of
 * ../../refund-ledger.ts, refused while a return made at the bank waits for Medusa, answers lost
 * after or before the bank acted, an admin's re-check of a lost one judged by its baseline) and
 * returns the merchant makes in TBC's dashboard, whose callbacks are lost, repeated or read stale
 * (an older state of the bank). Every decision goes through the real rules: bankReturnVerdict
 * and awaitsMedusaRecord (../bank-returns.ts), applyLedgerEvent for Medusa's record (facets),
 * refundLedgerDecision, ledgerRecordedRefundsMinor, operationEffectSeen. The invariant: Medusa's
 * refunded total never passes what the bank returned, and equals it once everything is read.
 */
import fc from "fast-check"
import { awaitsMedusaRecord, bankReturnVerdict } from "../bank-returns"
import { applyLedgerEvent, type LedgerEntryView } from "../states"
import { operationEffectSeen } from "../admin-actions"
import { ledgerRecordedRefundsMinor, ledgerRecordedReturnedMinor, refundLedgerDecision } from "../../refund-ledger"

const ANSWER = "bank:answer"

interface Op extends LedgerEntryView {
  id: number
  amount: number
  state_by: string
  made_at_bank: boolean
  medusa_recorded_at: Date | null
  medusa_record: string | null
  baseline_status: string
  baseline_returned: number
  /** a refund of ours that the bank carried out (the model knows; the ledger may not) */
  acted?: boolean
}

export interface ReturnsWorld {
  takenMinor: number
  /** the bank's returnedAmount after each change (index 0: nothing returned) */
  history: number[]
  ops: Op[]
  /** Medusa: its refunds, and payment.data.returnedAmount as the provider last reported it */
  medusaRefunds: number[]
  dataReturned: number
  seen: Map<string, number>
}

export type ReturnStep =
  | { t: "dashboard"; share: number }
  | { t: "refund"; share: number; answer: "ok" | "lost_after" | "lost_before" }
  /** `crossing`: a second read (the job's) judged on the same ledger before either one writes */
  | { t: "callback"; back: number; crossing: number | null }
  | { t: "record" }
  | { t: "recheck" }

export const returnStepArb: fc.Arbitrary<ReturnStep> = fc.oneof(
  fc.record({ t: fc.constant("dashboard" as const), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({
    t: fc.constant("refund" as const),
    share: fc.integer({ min: 1, max: 100 }),
    answer: fc.constantFrom("ok" as const, "lost_after" as const, "lost_before" as const),
  }),
  fc.record({
    t: fc.constant("callback" as const),
    back: fc.integer({ min: 0, max: 3 }),
    crossing: fc.option(fc.integer({ min: 0, max: 3 })),
  }),
  fc.constant({ t: "record" as const }),
  fc.constant({ t: "recheck" as const })
)

export function newReturnsWorld(takenMinor: number): ReturnsWorld {
  return { takenMinor, history: [0], ops: [], medusaRefunds: [], dataReturned: 0, seen: new Map() }
}

const returned = (w: ReturnsWorld) => w.history[w.history.length - 1]
const medusaRefunded = (w: ReturnsWorld) => w.medusaRefunds.reduce((s, a) => s + a, 0)
const status = (w: ReturnsWorld, r: number) =>
  r >= w.takenMinor ? "Returned" : r > 0 ? "PartialReturned" : "Succeeded"
const note = (w: ReturnsWorld, what: string): void => void w.seen.set(what, (w.seen.get(what) ?? 0) + 1)
const charge = { kind: "web", state: "paid", orphan_action: null }

function newOp(w: ReturnsWorld, over: Partial<Op>): Op {
  const op: Op = {
    id: w.ops.length + 1,
    kind: "refund",
    state: "sending",
    pay_id: null,
    amount: 0,
    state_by: "provider:admin-request",
    made_at_bank: false,
    medusa_recorded_at: null,
    medusa_record: null,
    baseline_status: status(w, returned(w)),
    baseline_returned: returned(w),
    ...over,
  }
  w.ops.push(op)
  return op
}

/**
 * Reads of the bank's state `backs` changes ago (a stale callback: 0 is now), each judged as the
 * provider does on the ledger as it is before any of them writes (crossing reads), then written.
 */
function read(w: ReturnsWorld, ...backs: number[]): void {
  const verdicts = backs.map((back) => {
    const r = w.history[Math.max(0, w.history.length - 1 - back)]
    const bank = { status: status(w, r), amountMinor: w.takenMinor, confirmedMinor: w.takenMinor, returnedMinor: r }
    return bankReturnVerdict(charge, w.ops, bank)
  })
  for (const verdict of verdicts) {
    if (verdict.kind !== "record") continue
    // the store's unique index: one entry per charge and baseline
    if (w.ops.some((op) => op.made_at_bank && op.baseline_returned === verdict.knownMinor)) {
      note(w, "twin read")
      continue
    }
    newOp(w, { state: "done", amount: verdict.amountMinor, state_by: "bank:merchant-dashboard", made_at_bank: true })
    w.ops[w.ops.length - 1].baseline_returned = verdict.knownMinor
    note(w, "return made at the bank recorded")
  }
}

/** Medusa's own check before its provider runs: refunds never pass what was captured. */
const medusaAllows = (w: ReturnsWorld, amount: number) => amount > 0 && medusaRefunded(w) + amount <= w.takenMinor

/** The recording workflow: each return made at the bank becomes Medusa's refund, the provider marks it once. */
function record(w: ReturnsWorld): void {
  for (const op of w.ops.filter(awaitsMedusaRecord)) {
    if (!medusaAllows(w, op.amount)) continue
    const moved = applyLedgerEvent(op, { type: "medusa_recorded", record: `ref_${op.id}` })
    if (!moved.ok || !moved.changed) continue
    Object.assign(op, { medusa_record: `ref_${op.id}`, medusa_recorded_at: new Date(0) })
    w.medusaRefunds.push(op.amount)
    // as the provider's answer (money-moves/bank-returns.ts dataAfter): what Medusa knew plus this return
    w.dataReturned = Math.max(w.dataReturned, Math.min(op.baseline_returned + op.amount, w.dataReturned + op.amount))
    note(w, "recorded in Medusa")
  }
}

/** An admin's refund of `amount` from Medusa, through the provider's rules. */
export function refundFromMedusa(w: ReturnsWorld, amount: number, answer: "ok" | "lost_after" | "lost_before"): void {
  if (!medusaAllows(w, amount)) return note(w, "Medusa refused")
  if (w.ops.some(awaitsMedusaRecord)) return note(w, "refused: a return made at the bank is being recorded")
  if (w.ops.some((op) => op.state === "sending" || op.state === "uncertain")) return note(w, "operation under way")
  const bankReturned = returned(w)
  const bankAmounts = { amountMinor: w.takenMinor, confirmedMinor: w.takenMinor, returnedMinor: bankReturned }
  const ledgerRecordedMinor = ledgerRecordedReturnedMinor(bankAmounts, ledgerRecordedRefundsMinor(w.ops, ANSWER))
  const decision = refundLedgerDecision({
    bankReturnedMinor: bankReturned,
    recordedMinor: w.dataReturned,
    ledgerRecordedMinor,
    amountMinor: amount,
  })
  const op = newOp(w, { amount })
  if (decision.kind === "unrecorded" || (decision.kind === "send" && amount > w.takenMinor - bankReturned)) {
    op.state = "refused"
    return note(w, `refund refused: ${decision.kind}`)
  }
  if (decision.kind === "already-returned" || answer === "ok") {
    if (decision.kind === "send") w.history.push(bankReturned + amount)
    Object.assign(op, { state: "done", state_by: ANSWER })
    w.medusaRefunds.push(amount)
    w.dataReturned = returned(w)
    return note(w, decision.kind === "send" ? "refund sent" : "lost refund recorded")
  }
  // the answer was lost: Medusa records nothing; the bank acted or not
  if (answer === "lost_after") w.history.push(bankReturned + amount)
  Object.assign(op, { state: "uncertain", acted: answer === "lost_after" })
  note(w, "refund answer lost")
}

/** An admin's re-check of an unanswered refund: done by the bank's effect since its baseline, else "not done". */
function recheck(w: ReturnsWorld): void {
  for (const op of w.ops.filter((o) => o.state === "uncertain")) {
    const bank = { status: status(w, returned(w)), returnedMinor: returned(w) }
    op.state = operationEffectSeen(op, bank) ? "done" : "refused"
    op.state_by = "admin:1"
    note(w, `re-check: ${op.state}`)
  }
}

export function playReturn(w: ReturnsWorld, step: ReturnStep): void {
  const left = w.takenMinor - returned(w)
  switch (step.t) {
    case "dashboard":
      if (left <= 0) return
      w.history.push(returned(w) + Math.max(1, Math.floor((left * step.share) / 100)))
      return note(w, "dashboard return")
    case "refund":
      return refundFromMedusa(w, Math.max(1, Math.floor((Math.max(left, 1) * step.share) / 100)), step.answer)
    case "callback":
      return step.crossing === null ? read(w, step.back) : read(w, step.back, step.crossing)
    case "record":
      return record(w)
    case "recheck":
      return recheck(w)
  }
}

/** After every step: Medusa never shows more refunded than the bank returned. */
export function checkReturns(w: ReturnsWorld): void {
  if (medusaRefunded(w) > returned(w)) {
    throw new Error(`Medusa refunded ${medusaRefunded(w)}, the bank returned ${returned(w)}`)
  }
}

/**
 * Everything is read at last (the job's read of the bank as it is now), the records are made, and
 * the admin re-checks and follows the refusal's words ("refund exactly X to record it"): then
 * Medusa's refunded total is the bank's returned total.
 */
export function settleReturns(w: ReturnsWorld): void {
  recheck(w)
  read(w, 0)
  record(w)
  for (let i = 0; i < 5 && medusaRefunded(w) < returned(w); i++) {
    const bankAmounts = { amountMinor: w.takenMinor, confirmedMinor: w.takenMinor, returnedMinor: returned(w) }
    const recorded = ledgerRecordedReturnedMinor(bankAmounts, ledgerRecordedRefundsMinor(w.ops, ANSWER))
    refundFromMedusa(w, returned(w) - Math.max(w.dataReturned, recorded), "ok")
    checkReturns(w)
  }
  if (medusaRefunded(w) !== returned(w)) {
    throw new Error(`settled: Medusa refunded ${medusaRefunded(w)}, the bank returned ${returned(w)}`)
  }
}
