/**
 * The back office of the ledger model: bank callbacks, the jobs (lost-callback job and orphan
 * sweep, one pass over the ledger) and the admin. Jobs act only by nextJobStep, the admin only on
 * what attentionReason lists, a failed completion is judged by classifyCompletionFailure, and
 * every answer is recorded through applyLedgerEvent.
 */
import { captureVerdict, completedByStoreCapture } from "../../capture-amount"
import { webhookAction } from "../../checkout-status"
import { minorToMajor } from "../../money"
import { WEBHOOK_ACTION } from "../../medusa-statuses"
import {
  attentionReason,
  classifyCompletionFailure,
  holdsMoney,
  isStrandedMoney,
  nextJobStep,
  sessionGoneVerdict,
} from "../guards"
import { isChargeKind } from "../states"
import { completeCart, returnMoney } from "./ledger-checkout"
import type { CompletionFault, OperationOutcome } from "./ledger-faults"
import {
  at,
  note,
  bankHolds,
  bankSet,
  paymentOfEntry,
  readInto,
  record,
  recordTogether,
  openOperation,
  type Entry,
  type World,
} from "./ledger-world"

/**
 * A completion the plugin runs itself (a callback's processPaymentWorkflow, the lost-callback
 * job): a permanent failure is recorded on the charge, a transient one leaves it to the next run.
 */
export function completeFor(w: World, e: Entry, fault: CompletionFault, compensation: OperationOutcome): void {
  if (markOwned(w, e)) return
  if (orderedElsewhere(w, e)) {
    // orderStepOf's ordered_elsewhere (drive-charge.ts): the cart's order was paid with another
    // charge, also one of the same session (Medusa's payment names its payId), so this money can
    // never be its order: a permanent refusal, the orphan policy after its grace
    const reason = `the cart already became order ${w.carts[e.cartId].orderId}, paid with other money`
    if (holdsMoney(e) && e.order_id === null) {
      record(w, e, { type: "completion_failed", failureClass: "permanent", reason })
      note(w, "a second charge of an ordered cart: refused as ordered elsewhere")
    }
    return
  }
  const result = completeCart(w, w.carts[e.cartId], fault, "success", compensation)
  if (result.ok) {
    markOwned(w, e)
    return
  }
  const failure = classifyCompletionFailure(result.error)
  w.log.push(`  completion of cart ${e.cartId} failed, ${failure.kind}: ${failure.reason}`)
  note(w, `plugin's completion failed: ${failure.kind}`)
  if (holdsMoney(e) && e.order_id === null) {
    record(w, e, { type: "completion_failed", failureClass: failure.kind, reason: failure.reason })
  }
}

/** The cart became an order paid with another charge's money. */
const orderedElsewhere = (w: World, e: Entry): boolean => {
  const order = w.orders.get(w.carts[e.cartId].orderId ?? "")
  return order !== undefined && order.payId !== e.pay_id
}

/**
 * Medusa shows an order placed from this money that the ledger does not name (its process died
 * before recording it): the job records it (drive-charge.ts markOwned). True when it did.
 */
function markOwned(w: World, e: Entry): boolean {
  const orderId = w.carts[e.cartId].orderId
  if (!orderId || e.order_id !== null || w.orders.get(orderId)?.payId !== e.pay_id) return false
  record(w, e, { type: "authorized" })
  record(w, e, { type: "order_placed", orderId })
  note(w, "the job recorded the order Medusa had placed")
  return true
}

/**
 * The orphan policy on a charge nextJobStep gave up on (or the admin's release): the claim first,
 * through the ledger's compare-and-set (refused while the order is being placed from the money);
 * `dies`: the process dies right after taking it. False when the claim was refused.
 */
export function releaseMoney(w: World, e: Entry, outcome: OperationOutcome, dies = false): boolean {
  // a Medusa payment was made from it: Medusa is asked whether an order owns it (run-action.ts,
  // orphan-sweep.ts); an order whose ledger record was lost is recorded, and nothing goes back
  if (e.authorized_at && markOwned(w, e)) return false
  if (!record(w, e, { type: "orphan_claim", now: at(w), takeNotified: true })) {
    note(w, "release refused: the order is being placed from it")
    return false
  }
  if (dies) {
    note(w, "process died holding a release claim")
    return true
  }
  const kind = e.state === "held" ? "cancelled" : "refunded"
  const action = returnMoney(w, e, outcome) ? kind : "failed"
  record(w, e, { type: "orphan_action", action, amount: null, error: null })
  note(w, `money released: ${e.orphan_action}`)
  return true
}

/** The orphan grace of the model's store (orphanGraceSeconds' default). */
const ORPHAN_GRACE_MS = 30 * 1000

/**
 * Before money goes back because the ledger says "session gone" (our deletePayment's word), Medusa's
 * own session row is read (src/use-cases/reconcile/session-gone.ts, through Query): true when
 * Medusa has no such session. When Medusa keeps it past the grace, the mark was wrong: it is taken
 * back (`session_kept`) and the money is the live session's again. A fresh mark beside a session
 * Medusa still shows (its delete under way, here the other instance inside deleteSession) moves
 * nothing yet.
 */
export function medusaSaysGone(w: World, e: Entry): boolean {
  const session = w.sessions.get(e.sessionId)
  const verdict = sessionGoneVerdict({
    // a delete under way commits within milliseconds of its marks, far inside the grace (the rule's
    // premise); the model's clock, which the other instance's step may move on meanwhile, does not
    // stand for its age
    markedAt: session?.deleting ? at(w) : e.session_gone_at!,
    medusaHasSession: session?.live === true,
    now: at(w),
    graceMs: ORPHAN_GRACE_MS,
  })
  if (verdict === "gone") return true
  if (
    verdict === "kept" &&
    record(w, e, { type: "session_kept", markedAt: e.session_gone_at! }) &&
    e.session_gone_at === null
  ) {
    w.log.push(`  medusa still has session ${e.sessionId}: the ledger's "session gone" of #${e.id} taken back`)
    note(w, "the ledger's 'session gone' taken back: Medusa kept the session")
  }
  return false
}

function orphanPolicy(w: World, e: Entry, outcome: OperationOutcome, bankDown: boolean): void {
  // on the "session gone" ground, Medusa is asked first (orphan-sweep.ts settleOrphanEntry)
  if (e.session_gone_at !== null && !medusaSaysGone(w, e)) return
  if (bankDown) {
    record(w, e, { type: "orphan_action", action: "failed", amount: null, error: "the bank did not answer" })
    return
  }
  readInto(w, e)
  if (!holdsMoney(e)) return
  // the policy may only give back money no order can ever use: its session is gone, or the cart
  // can truly never be completed (a transient failure taken for permanent would lose the sale)
  const session = w.sessions.get(e.sessionId)
  const elsewhere = orderedElsewhere(w, e)
  if (session?.live && !session.deleting && !w.carts[e.cartId].soldOut && !elsewhere) {
    throw new Error(`orphan policy on #${e.id}: its session is live and its cart can still be completed`)
  }
  note(
    w,
    elsewhere
      ? "orphan policy on a second charge of an ordered cart"
      : session?.live
        ? "orphan policy after a permanent refusal"
        : "orphan policy on a gone session"
  )
  if (w.policy === "notify") record(w, e, { type: "orphan_action", action: "notified", amount: null, error: null })
  else releaseMoney(w, e, outcome)
}

/** One bank callback: the handler reads the bank (never trusts the body), pairs, records, and Medusa may complete. */
export function deliverCallback(w: World, payId: string, fault: CompletionFault, compensation: OperationOutcome): void {
  const p = w.bank.get(payId)!
  const entry =
    w.entries.find((e) => e.pay_id === payId) ??
    // an execution whose answer was lost: paired by merchantPaymentId (the session) and kind
    [...w.entries].reverse().find(
      // also one an admin marked "not charged" meanwhile: the bank's word wins (callback-pairing.ts)
      (e) =>
        e.sessionId === p.sessionId &&
        e.kind === p.kind &&
        !e.pay_id &&
        ["sending", "uncertain", "refused"].includes(e.state)
    )
  if (!entry) {
    w.log.push(`  callback ${payId}: unknown payment`)
    return
  }
  if (!entry.pay_id) note(w, "callback paired by merchantPaymentId")
  record(w, entry, { type: "bank_status", status: p.status, payId })
  const action = webhookAction(p.status)
  if (action !== WEBHOOK_ACTION.AUTHORIZED && action !== WEBHOOK_ACTION.SUCCESSFUL) return
  if (action === WEBHOOK_ACTION.SUCCESSFUL) captureFromCallback(w, payId)
  if (entry.session_gone_at !== null) {
    // callback-pairing.ts refuses it (session_gone) on the ledger's mark; the callback's subscriber
    // (src/subscribers/tbc-checkout-session-gone.ts) asks Medusa: gone, the orphan policy acts at
    // once; kept, the mark is taken back and the charge is driven as the job would, its cart completed
    if (medusaSaysGone(w, entry)) {
      if (nextJobStep(entry, at(w)) === "orphan_policy") orphanPolicy(w, entry, compensation, false)
      return
    }
    if (entry.session_gone_at !== null) return // a delete under way: the sweep decides after the grace
  }
  const session = w.sessions.get(entry.sessionId)
  if (session?.live && w.carts[entry.cartId].orderId === null) completeFor(w, entry, fault, compensation)
}

export interface JobFaults {
  /** the bank does not answer this run: reads, completions and releases fail */
  bankDown: boolean
  /** reads are answered, but late: after other steps */
  slow: boolean
  completion: CompletionFault
  operation: OperationOutcome
}

/** One run of the lost-callback job and the orphan sweep over the whole ledger. */
export function runJobs(w: World, faults: JobFaults): void {
  for (const e of [...w.entries]) {
    if (!isChargeKind(e.kind)) continue
    let step = nextJobStep(e, at(w))
    if (step === "read_bank") {
      if (faults.bankDown) continue
      if (faults.slow) {
        const p = w.bank.get(e.pay_id!)!
        w.slowReads.push({ entryId: e.id, status: p.status, payId: p.payId })
        continue
      }
      readInto(w, e)
      step = nextJobStep(e, at(w))
    }
    if (step === "complete_order") {
      const fault = faults.bankDown ? { at: "before" as const, error: 0 } : faults.completion
      completeFor(w, e, fault, faults.operation)
    } else if (step === "orphan_policy") {
      orphanPolicy(w, e, faults.operation, faults.bankDown)
    }
  }
}

/** A slow read's answer lands now (it may be stale by then). */
export function landSlowRead(w: World, index: number): void {
  const [read] = w.slowReads.splice(index % w.slowReads.length, 1)
  const e = w.entries[read.entryId]
  if (w.bank.get(read.payId)!.status !== read.status) note(w, `stale read landed on a ${e.state} entry`)
  record(w, w.entries[read.entryId], { type: "bank_status", status: read.status, payId: read.payId })
}

export type AdminAct = "recheck" | "resolve" | "release"

/** The charge a row is about: itself, or the charge an operation acted on. */
const chargeOf = (w: World, e: Entry): Entry | undefined =>
  isChargeKind(e.kind) ? e : w.entries.find((c) => isChargeKind(c.kind) && c.pay_id === e.pay_id)

/**
 * The admin acts on one row of the attention list (Settings → TBC Bank), truthfully: "not
 * charged" only when TBC's dashboard shows nothing for it, otherwise the payId it shows.
 */
export function adminAct(w: World, pick: number, act: AdminAct, outcome: OperationOutcome): void {
  const listed = w.entries.filter((e) => attentionReason(e, at(w)) !== undefined)
  if (listed.length > 0) adminOn(w, listed[pick % listed.length], act, outcome)
}

/** Every row listed right now: resolved as far as the bank allows, stranded money released. */
export function adminWorksThroughList(w: World): void {
  for (const e of w.entries.filter((x) => attentionReason(x, at(w)) !== undefined)) {
    adminOn(w, e, "resolve", "ok")
    if (attentionReason(e, at(w)) !== undefined) adminOn(w, e, "release", "ok")
  }
}

function adminOn(w: World, e: Entry, act: AdminAct, outcome: OperationOutcome): void {
  w.log.push(`  admin ${act} on #${e.id}: ${attentionReason(e, at(w))}`)
  if (act === "release" && isStrandedMoney(e)) {
    readInto(w, e)
    if (holdsMoney(e)) releaseMoney(w, e, outcome)
    return
  }
  if (isChargeKind(e.kind) && !e.pay_id && (e.state === "sending" || e.state === "uncertain")) {
    if (act === "recheck") return // nothing to ask the bank about
    const truth = paymentOfEntry(w, e)
    const ok = truth
      ? record(w, e, { type: "admin_attach_pay_id", payId: truth.payId })
      : record(w, e, { type: "admin_not_charged", reason: "TBC's dashboard shows no payment" })
    if (!ok) {
      // the other instance moved the entry between the admin's read and its write: the action is
      // refused on the entry as it is now (the admin sees why and looks again)
      if (e.pay_id || (e.state !== "sending" && e.state !== "uncertain")) {
        note(w, "admin's action refused: the entry moved meanwhile")
        return
      }
      throw new Error(`the admin's truthful action on #${e.id} was refused`)
    }
    note(w, truth ? "admin attached the payId" : "admin: not charged")
    if (!truth) return
  }
  if (!e.pay_id) return
  const p = w.bank.get(e.pay_id)!
  // the charge first, then the operation (ledger-admin/actions.ts recheckEntry)
  const charge = chargeOf(w, e)
  if (charge) readInto(w, charge)
  if (!isChargeKind(e.kind)) {
    record(w, e, { type: "bank_status", status: p.status, payId: p.payId })
    // the bank cannot tell (an operation never sent: its process died first): TBC's dashboard
    // shows no such operation, and the truthful admin says so
    if (act === "resolve" && !e.acted && (e.state === "sending" || e.state === "uncertain")) {
      if (!record(w, e, { type: "admin_not_charged", reason: "TBC's dashboard shows no such operation" })) {
        throw new Error(`the admin's truthful "not done" on operation #${e.id} was refused`)
      }
      note(w, "admin: operation not done")
    }
  }
}

/** The bank's statuses after a completion of the hold. */
const COMPLETED_STATUSES: ReadonlySet<string> = new Set(["Succeeded", "PartialReturned"])

const completionsOf = (w: World, payId: string): Entry[] =>
  w.entries.filter((e) => e.kind === "completion" && e.pay_id === payId)

/**
 * The admin captures an order's hold, whole or less (`part`: a partial capture), as the capture
 * route and the provider do: the route's rule first (captureVerdict: refused once a completion is
 * done or Medusa recorded a capture), then a ledger row with the amount, then ONE completion; a
 * completion the bank already made for that amount (an earlier answer lost) is success, another
 * amount is refused (money-moves.ts). Medusa records the capture only on a readable success.
 */
export function captureOrder(w: World, orderId: string, outcome: OperationOutcome, part = false): void {
  const order = w.orders.get(orderId)!
  const p = w.bank.get(order.payId)!
  const asked = part ? Math.max(1, Math.floor(p.amount / 2)) : p.amount
  const verdict = captureVerdict(part ? minorToMajor(asked) : undefined, {
    amount: minorToMajor(p.amount),
    currency_code: "GEL",
    captured: order.captured === undefined ? [] : [minorToMajor(order.captured)],
    completions: completionsOf(w, p.payId).map((e) => ({ state: e.state, amount: e.amount ?? 0 })),
  })
  if (verdict.kind === "refuse") {
    if (p.status === "WaitingConfirm") throw new Error(`a capture of ${p.payId} was refused while the bank holds it`)
    note(w, "second capture refused")
    return
  }
  const amount = verdict.kind === "partial" ? verdict.amountMinor : p.amount
  const charge = w.entries.find((e) => e.pay_id === p.payId && isChargeKind(e.kind))!
  if (p.status !== "WaitingConfirm") {
    // nothing held: a payment taken at once (no preauth), returned, …; or completed by an attempt
    // whose answer was lost, which the provider reads before sending anything
    if (!COMPLETED_STATUSES.has(p.status) || p.confirmed === undefined) return
    const op = openOperation(w, "completion", charge)
    if (!op) return
    op.amount = amount
    op.acted = false
    if (p.confirmed !== amount) {
      record(w, op, { type: "clear_refusal", reason: "the bank completed another amount" })
      note(w, "capture of another amount than the bank completed: refused")
      return
    }
    record(w, op, { type: "bank_status", status: p.status, payId: p.payId })
    order.captured = amount
    note(w, "capture retried: already done at the bank")
    return
  }
  const op = openOperation(w, "completion", charge)
  if (!op) return
  op.amount = amount
  if (p.status !== "WaitingConfirm") {
    // the other instance's completion came first: the bank refuses to complete it again
    op.acted = false
    record(w, op, { type: "clear_refusal", reason: "the payment is no longer held" })
    return note(w, "completion refused by the bank: completed meanwhile")
  }
  op.acted = outcome !== "unreadable_not_acted"
  if (op.acted) {
    p.confirmed = amount
    bankSet(w, p, "Succeeded")
    if (amount < p.amount) note(w, "partial completion")
  }
  if (outcome !== "ok") {
    record(w, op, { type: "unreadable_answer", reason: "timeout" })
    return
  }
  const read = { type: "bank_status", status: p.status, payId: p.payId } as const
  recordTogether(w, [
    [op, read],
    [charge, read],
  ])
  order.captured = amount
  if (!bankHolds(p)) throw new Error("a completion emptied the hold")
}

/**
 * Medusa's capture workflow the bank's Succeeded callback starts for an order's payment: skipped
 * when the store's own capture made the completion (completedByStoreCapture) or Medusa recorded a
 * capture (captured_at); otherwise the provider is asked for the whole hold, which succeeds only
 * when the bank completed all of it.
 */
function captureFromCallback(w: World, payId: string): void {
  const p = w.bank.get(payId)!
  const order = [...w.orders.values()].find((o) => o.payId === payId)
  if (!order || !COMPLETED_STATUSES.has(p.status) || p.confirmed === undefined) return
  if (completedByStoreCapture(completionsOf(w, payId))) {
    note(w, "Succeeded callback after the store's capture: ignored")
    return
  }
  if (order.captured !== undefined) return
  if (p.confirmed !== p.amount) {
    note(w, "callback capture of a partial completion: refused")
    return
  }
  order.captured = p.confirmed
  note(w, "capture recorded from the callback")
}
