/**
 * The money ledger's state machine (pure: no I/O, no clock). One ledger entry per money movement
 * the plugin asks of the bank; the entry is written BEFORE the call, in state `sending`, and only
 * two things move it afterwards:
 *   - an answer read from the bank (the call's own answer, a callback's read, a job's read, an
 *     admin's re-check): `bank_status`, `unreadable_answer`, `clear_refusal`;
 *   - an audited admin action: `admin_not_charged`, `admin_attach_pay_id`.
 * Every guard, job and admin view decides from these states (./guards.ts), never from Medusa's
 * session data, which Medusa may drop.
 *
 * Charges (web payment, saved-card execution, installment application):
 *
 *   sending ──clear refusal──▶ refused
 *      │ └──unreadable answer──▶ uncertain ──bank read / admin──▶ (any state below)
 *      └──bank answer──▶ created → processing → held → paid → returned
 *                                           └──▶ refused | expired
 *
 * Operations on a charge (completion, cancel/refund): sending → done | refused | uncertain, and
 * uncertain → done | refused on a read that shows whether the operation happened.
 */

import { applyFacetEvent, FACET_EVENT_TYPES, NOW, type EntryFacets, type FacetEvent, type FacetPatch } from "./facets"
import { chargeStateOfInstallmentStatus, installmentStatusIdOf } from "./installment-states"

/** Entries that move money towards the merchant. */
export const CHARGE_KINDS = ["web", "execution", "installment"] as const
/** Entries that act on a charge the bank already holds or took. */
export const OPERATION_KINDS = ["completion", "cancel", "refund"] as const
export type ChargeKind = (typeof CHARGE_KINDS)[number]
export type OperationKind = (typeof OPERATION_KINDS)[number]
export type LedgerKind = ChargeKind | OperationKind

export const CHARGE_STATES = [
  /** written before the call; no answer yet */
  "sending",
  /** sent, the answer could not be read: the bank may or may not have acted */
  "uncertain",
  /** the bank has the payment; the shopper has not paid yet (hosted page) */
  "created",
  /** the bank is still deciding */
  "processing",
  /** the amount is held on the card (preauthorization); completion takes it */
  "held",
  /** the money was taken (completely or partly returned since: see returned amounts) */
  "paid",
  /** the bank refused or the shopper's payment failed: nothing moved */
  "refused",
  /** everything held or taken was given back */
  "returned",
  /** the bank's page lapsed unpaid: nothing moved */
  "expired",
] as const
export type ChargeState = (typeof CHARGE_STATES)[number]

export const OPERATION_STATES = ["sending", "uncertain", "done", "refused"] as const
export type OperationState = (typeof OPERATION_STATES)[number]

export type LedgerState = ChargeState | OperationState

/** States after which the bank will not move the charge by itself any more. */
export const FINAL_CHARGE_STATES: readonly ChargeState[] = ["refused", "returned", "expired"]
/** States in which the bank holds or has taken the shopper's money. */
export const MONEY_STATES: readonly ChargeState[] = ["held", "paid"]

export function isChargeKind(kind: string): kind is ChargeKind {
  return (CHARGE_KINDS as readonly string[]).includes(kind)
}

/**
 * A checkout payment's bank status → the charge state it means (an installment application's
 * status ids: ./installment-states.ts). Unknown statuses read as `processing`: the bank has the
 * payment in a state we do not know, so nothing may be decided on it yet.
 */
export function chargeStateOfBankStatus(status: string): ChargeState {
  switch (status) {
    case "Created":
      return "created"
    // CancelPaymentProcessing: the bank is still giving the money back; not settled until Returned
    case "Processing":
    case "CancelPaymentProcessing":
      return "processing"
    case "WaitingConfirm":
    case "PaymentCompletionProcessing":
      return "held"
    case "Succeeded":
    case "PartialReturned":
      return "paid"
    case "Returned":
      return "returned"
    case "Failed":
      return "refused"
    case "Expired":
      return "expired"
    default:
      return "processing"
  }
}

export type LedgerEvent =
  /** an answer or read of the bank naming the payment's status (and its payId when it has one) */
  | { type: "bank_status"; status: string; payId?: string }
  /** the call was sent, but its answer could not be read (5xx, timeout, reset, unreadable body) */
  | { type: "unreadable_answer"; reason: string }
  /** the bank refused readably before acting (4xx with a problem body), or we refused before sending */
  | { type: "clear_refusal"; reason: string }
  /** an admin, having checked TBC's merchant dashboard, says the bank never charged */
  | { type: "admin_not_charged"; reason: string }
  /** an admin names the payId shown in TBC's merchant dashboard (the bank is read right after) */
  | { type: "admin_attach_pay_id"; payId: string }
  /** what Medusa and the jobs did with the charge (./facets.ts) */
  | FacetEvent

/** What the ledger knows of an entry, as far as the rules need it (facets: ./facets.ts). */
export interface LedgerEntryView extends EntryFacets {
  kind: LedgerKind
  state: LedgerState
  pay_id: string | null
}

/** `facets`: the other columns the move writes (./facets.ts), in the same compare-and-set. */
export type Transition =
  | { ok: true; state: LedgerState; pay_id: string | null; changed: boolean; facets?: FacetPatch }
  | { ok: false; reason: string }

const stay = (entry: LedgerEntryView): Transition => ({
  ok: true,
  state: entry.state,
  pay_id: entry.pay_id,
  changed: false,
})
const move = (entry: LedgerEntryView, state: LedgerState, payId = entry.pay_id): Transition => ({
  ok: true,
  state,
  pay_id: payId,
  changed: state !== entry.state || payId !== entry.pay_id,
})
const refuse = (reason: string): Transition => ({ ok: false, reason })

/** Before the bank acted, or unknown whether it did: the only states an admin may settle by word. */
const UNANSWERED: readonly LedgerState[] = ["sending", "uncertain"]

/**
 * Whether a read of the bank is older than what the entry already knows, so it must not move it.
 * Reads cross each other (a job's read answered after a callback, a cancel or a completion was
 * recorded), and the bank's payments only move forward:
 *   - Returned and Expired are never left, and only reads of those reach `returned`/`expired`
 *     (without this, a job's read of Succeeded landing after the orphan policy's refund turned the
 *     charge back into `paid`, with the orphan action recorded: no job or person looked again);
 *   - Created is before everything but an unanswered call; Processing is before any money;
 *   - money taken (`paid`) is never held again (a read of WaitingConfirm landing after the
 *     completion's answer left the ledger saying "held" for money the bank took).
 * `refused` stays open to reads: a clear refusal or an admin's word may have put it there, and
 * the bank's read is the judge of those.
 */
function isStaleRead(current: ChargeState, status: string): boolean {
  const next = chargeStateOfBankStatus(status)
  if (next === current) return false
  if (current === "returned" || current === "expired") return true
  if (status === "Created") return !["sending", "uncertain"].includes(current)
  if (status === "Processing") return current === "held" || current === "paid"
  return next === "held" && current === "paid"
}

function chargeAfterBankRead(entry: LedgerEntryView, status: string, payId: string | null): Transition {
  const current = entry.state as ChargeState
  if (entry.kind === "installment") {
    // an installment application speaks the loan's status ids (installment-states.ts)
    const next = chargeStateOfInstallmentStatus(installmentStatusIdOf(status), current)
    // as for checkout payments: never out of a final return or expiry, never back to "not applied yet"
    if (next !== current && (current === "returned" || current === "expired")) return stay(entry)
    if (next === "created" && !["sending", "uncertain", "created"].includes(current)) return stay(entry)
    return move(entry, next, payId)
  }
  if (isStaleRead(current, status)) return stay(entry)
  return move(entry, chargeStateOfBankStatus(status), payId)
}

/** Bank statuses showing that an operation was carried out (or is under way at the bank). */
const OPERATION_EFFECT: Record<OperationKind, readonly string[]> = {
  completion: ["PaymentCompletionProcessing", "Succeeded", "PartialReturned"],
  cancel: ["CancelPaymentProcessing", "Returned", "PartialReturned"],
  refund: ["CancelPaymentProcessing", "Returned", "PartialReturned"],
}
/** Bank statuses showing the money still where the operation found it: it did not happen. */
const OPERATION_NOT_DONE: Record<OperationKind, readonly string[]> = {
  completion: ["WaitingConfirm"],
  cancel: ["WaitingConfirm", "Succeeded"],
  refund: ["WaitingConfirm", "Succeeded"],
}

/**
 * A read of the charge an operation acted on. It is `done` only when the status shows the
 * operation's effect: a re-check after an unreadable cancel that finds the hold still there means
 * the cancel did not happen (`refused`), never `done` (the ledger would say the money is back while
 * the bank holds it). Statuses that cannot tell (e.g. Returned for a completion) change nothing.
 * A partial refund after an earlier one (PartialReturned before and after) is told apart by
 * amounts (../refund-ledger.ts), not by this status rule.
 */
function operationAfterBankRead(entry: LedgerEntryView, status: string, payId: string | null): Transition {
  const kind = entry.kind as OperationKind
  if (OPERATION_EFFECT[kind].includes(status)) return move(entry, "done", payId)
  if (OPERATION_NOT_DONE[kind].includes(status) && entry.state === "uncertain") return move(entry, "refused", payId)
  return stay(entry)
}

function operationAfterEvent(entry: LedgerEntryView, event: Exclude<LedgerEvent, FacetEvent>): Transition {
  switch (event.type) {
    case "bank_status":
      return operationAfterBankRead(entry, event.status, event.payId ?? entry.pay_id)
    case "unreadable_answer":
      return entry.state === "sending" ? move(entry, "uncertain") : stay(entry)
    case "clear_refusal":
      return entry.state === "sending" ? move(entry, "refused") : stay(entry)
    case "admin_not_charged":
      return UNANSWERED.includes(entry.state) ? move(entry, "refused") : refuse("the bank already answered")
    case "admin_attach_pay_id":
      return refuse("an operation acts on a known payId")
  }
}

/** A charge refused (by a clear refusal or an admin's "not charged") that the bank's word or a
 * named payment reopens: listed while its money has no order (guards.ts attentionReason). */
function reopening(entry: LedgerEntryView, next: Transition): Transition {
  if (!next.ok || entry.state !== "refused" || !isChargeKind(entry.kind)) return next
  if (["refused", "returned", "expired"].includes(next.state)) return next
  return { ...next, facets: { ...next.facets, reopened_at: NOW } }
}

/**
 * The state an event moves an entry to. `{ok: false}` names why an admin action or a facet event
 * does not apply (bank reads always apply: the bank is the judge; only a read naming another
 * payment is refused). `changed` is false when nothing moves.
 */
export function applyLedgerEvent(entry: LedgerEntryView, event: LedgerEvent): Transition {
  if (FACET_EVENT_TYPES.has(event.type)) {
    const moved = applyFacetEvent(entry, event as FacetEvent)
    if (!moved.ok) return moved
    return { ok: true, state: entry.state, pay_id: entry.pay_id, changed: moved.changed, facets: moved.facets }
  }
  return reopening(entry, stateAfterEvent(entry, event as StateEvent))
}

type StateEvent = Exclude<LedgerEvent, FacetEvent>

function stateAfterEvent(entry: LedgerEntryView, event: StateEvent): Transition {
  // an answer about another payment is never this entry's, whatever its kind (an operation once
  // took over the other payId)
  if (event.type === "bank_status" && entry.pay_id && event.payId && event.payId !== entry.pay_id) {
    return refuse(`the bank's answer names payment ${event.payId}, the entry ${entry.pay_id}`)
  }
  if (!isChargeKind(entry.kind)) return operationAfterEvent(entry, event)
  switch (event.type) {
    case "bank_status":
      return chargeAfterBankRead(entry, event.status, event.payId ?? entry.pay_id)
    case "unreadable_answer":
      // only the call's own answer can be unreadable; a later read that fails changes nothing
      return entry.state === "sending" ? move(entry, "uncertain") : stay(entry)
    case "clear_refusal":
      return entry.state === "sending" ? move(entry, "refused") : stay(entry)
    case "admin_not_charged":
      if (!UNANSWERED.includes(entry.state)) return refuse(`the bank already answered (${entry.state})`)
      if (entry.pay_id) return refuse("the entry names a bank payment: re-check it at the bank instead")
      return move(entry, "refused")
    case "admin_attach_pay_id":
      if (entry.pay_id && entry.pay_id !== event.payId) return refuse(`the entry already names ${entry.pay_id}`)
      // a refused charge without a payment named (an admin's "not charged", perhaps pressed at the
      // same time as this attach by another admin): the named payment makes it unknown again
      // until the bank's read right after; the bank's word beats the refusal
      if (entry.state === "refused" && !entry.pay_id) return move(entry, "uncertain", event.payId)
      if (!UNANSWERED.includes(entry.state)) return refuse(`the bank already answered (${entry.state})`)
      return move(entry, entry.state, event.payId)
  }
}
