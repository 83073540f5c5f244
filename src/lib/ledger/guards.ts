/**
 * What the guards, jobs and the admin view decide from the ledger (pure: the caller passes the
 * entries and the time). One place for each question, so the session guard, the lost-callback
 * job, the orphan sweep and the attention list can never disagree about the same entry:
 *   - may a new payment start on this cart?            newPaymentVerdict
 *   - may this saved-card session execute (again)?     savedCardExecutionVerdict
 *   - what must a job do next about an entry?          nextJobStep
 *   - must a person look at it, and why?               attentionReason
 *   - is a failed cart completion worth retrying?      classifyCompletionFailure
 *   - is a "session gone" mark true, by Medusa's row?  sessionGoneVerdict
 */
import { AUTHORIZED_ORDER_GRACE_MS, CLAIM_STALE_MS } from "./facets"
import {
  FINAL_CHARGE_STATES,
  MONEY_STATES,
  isChargeKind,
  type ChargeState,
  type LedgerEntryView,
  type LedgerKind,
  type LedgerState,
} from "./states"

/** What the shopper reads while a charge's outcome is unknown: not "try again". */
export const CHECKING_PAYMENT_MESSAGE =
  "We are checking your payment with the bank: your card may already have been charged, so it is not charged again. " +
  "Please do not pay again; the store will confirm your order or contact you."

/** What the shopper reads when the bank already holds or took the money for this cart. */
export const ALREADY_PAID_MESSAGE =
  "This cart's payment was already made: place the order to finish (a new payment cannot be started for it)."

/** Orphan-policy outcomes recorded on an entry; `failed` is retried, `notified` waits for the admin. */
export type OrphanAction = "acting" | "cancelled" | "refunded" | "notified" | "failed"

/** An entry as the decisions read it. Amounts are integer tetri. */
export interface LedgerFacts extends LedgerEntryView {
  created_at: Date
  /** when we learnt that its Medusa session is gone (deleted by Medusa); null while alive */
  session_gone_at: Date | null
  /** the order whose money this is, once known */
  order_id: string | null
  orphan_action: OrphanAction | null
  /** a cart completion failed for a reason that will not go away by itself (sold out, cart invalid) */
  completion_refused_at: Date | null
  /** cart completions from this charge that failed, of any kind (0 or absent: none) */
  completion_failures?: number
  /** when our authorizePayment handed the money to Medusa (a Medusa payment was made from it) */
  authorized_at?: Date | null
  /** a bank read contradicted a refusal (an admin's "not charged"): the bank's word won */
  reopened_at?: Date | null
  /** when the orphan action (or the release claim, "acting") was recorded */
  orphan_action_at?: Date | null
  /** integer tetri (an operation: what it moved) */
  amount?: number
}

const gelText = (minor: number) => `${(minor / 100).toFixed(2)} GEL`

/**
 * Why an operation the bank made by itself, or a capture Medusa recorded short, is listed: the
 * merchant's words for what happened and what to do (src/lib/ledger/bank-returns.ts).
 */
function bankTruthReason(entry: LedgerFacts, age: number): string | undefined {
  const amount = entry.amount ?? 0
  const asked = entry.capture_asked ?? null
  if (entry.kind === "completion" && entry.state === "done" && asked !== null && !entry.excess_returned_at) {
    return (
      `Medusa's own capture route was asked for ${gelText(asked)}, but the bank completes a hold only once and ` +
      `took the whole hold, ${gelText(amount)} (that route gives the bank no amount). Medusa now shows ` +
      `${gelText(amount)} captured; refund ${gelText(amount - asked)} from the order to return the excess to the customer ` +
      `(capture less with the TBC widget's "Capture less" next time).`
    )
  }
  if (entry.made_at_bank && entry.state === "done" && !entry.medusa_recorded_at && age >= STALE_SENDING_MS) {
    return (
      `the bank ${entry.kind === "cancel" ? "released this hold" : `returned ${gelText(amount)}`} by itself (TBC's merchant ` +
      "dashboard), and Medusa does not show it yet: it is recorded on the next reconcile run"
    )
  }
  return undefined
}

/**
 * Charges whose outcome is not known yet: an execution sent and not answered (a saved-card
 * execution charges at once, so `sending` counts; a web payment's `sending` cannot charge before
 * the shopper gets its link), an unreadable answer, or the bank still deciding.
 */
export function isUnresolvedCharge(entry: Pick<LedgerFacts, "kind" | "state">): boolean {
  if (!isChargeKind(entry.kind)) return false
  return (
    entry.state === "uncertain" ||
    entry.state === "processing" ||
    (entry.state === "sending" && entry.kind === "execution")
  )
}

export function holdsMoney(entry: Pick<LedgerFacts, "kind" | "state">): boolean {
  return isChargeKind(entry.kind) && (MONEY_STATES as readonly LedgerState[]).includes(entry.state)
}

/** The orphan policy finished with the money (released it, or returned it). */
const SETTLED_ORPHAN: ReadonlySet<string> = new Set(["cancelled", "refunded"])

/** Money the bank holds or took that no order owns and no policy has dealt with yet. */
export function isStrandedMoney(entry: LedgerFacts): boolean {
  return (
    holdsMoney(entry) &&
    entry.order_id === null &&
    (entry.orphan_action === null || !SETTLED_ORPHAN.has(entry.orphan_action))
  )
}

export type NewPaymentVerdict = { allowed: true } | { allowed: false; reason: "checking" | "paid"; message: string }

/**
 * Whether a new payment (any provider, any method) may start on a cart whose ledger entries are
 * these. Refused while a charge is unresolved (a second one could charge twice), and while the
 * bank holds money for the cart's live session (the shopper must place the order with it). Money
 * whose session is gone is the orphan policy's, so it does not block the shopper.
 */
export function newPaymentVerdict(entries: readonly LedgerFacts[]): NewPaymentVerdict {
  if (entries.some(isUnresolvedCharge)) return { allowed: false, reason: "checking", message: CHECKING_PAYMENT_MESSAGE }
  const livePaid = entries.some(
    (e) => isStrandedMoney(e) && e.session_gone_at === null && e.completion_refused_at === null
  )
  if (livePaid) return { allowed: false, reason: "paid", message: ALREADY_PAID_MESSAGE }
  return { allowed: true }
}

/** A charge as the saved-card verdict reads it: which session and entry it is. */
export type SessionCharge = Pick<LedgerFacts, "kind" | "state" | "pay_id"> & {
  id: string
  payment_session_id: string | null
}

export type SavedCardExecutionVerdict =
  /** the session's own execution has a payId and may have moved money: read it back, never resend */
  | { kind: "read_back"; payId: string }
  /** a charge of the cart is unresolved (this session's without a payId too): no execution, "we are checking" */
  | { kind: "checking"; message: string }
  /** nothing sent, or what was sent moved no money: one execution may be sent */
  | { kind: "execute" }

/** Execution states after which the session may pay again: the bank moved no money (or gave it back). */
const EXECUTION_MOVED_NO_MONEY: readonly string[] = ["refused", "expired", "returned"]

/**
 * What a saved-card session's "Place order" may do, from the ledger's charges of the session and
 * of its cart (each newest first; an entry in both counts once): the provider's authorizePayment
 * acts on it, and the completion hook refuses before Medusa creates an order
 * (src/use-cases/saved-cards/completion-ledger-check.ts).
 */
export function savedCardExecutionVerdict(
  sessionId: string,
  ofSession: readonly SessionCharge[],
  ofCart: readonly SessionCharge[] = []
): SavedCardExecutionVerdict {
  const charges = [...ofSession, ...ofCart.filter((e) => !ofSession.some((o) => o.id === e.id))]
  // the newest of the session's executions that may have moved money, not only its newest: after
  // an admin's wrong "not charged" the session may execute again, and when that second charge is
  // given back (Medusa's compensation of a completion failing after authorizing) the first one's
  // late callback reopens it; that money is the session's, so the order is placed from it, never
  // from a third charge
  const earlier = charges.find(
    (e) =>
      e.payment_session_id === sessionId &&
      e.kind === "execution" &&
      e.pay_id &&
      !EXECUTION_MOVED_NO_MONEY.includes(e.state)
  )
  if (earlier?.pay_id) return { kind: "read_back", payId: earlier.pay_id }
  // every execution of the session with a payId left moved nothing, so none of them is unresolved
  if (charges.some(isUnresolvedCharge)) return { kind: "checking", message: CHECKING_PAYMENT_MESSAGE }
  return { kind: "execute" }
}

/** How long a permanently refused completion keeps its money before the orphan policy may act. */
export const PERMANENT_REFUSAL_GRACE_MS = 30 * 60 * 1000

export type JobStep =
  /** nothing to do: final, or owned by an order */
  | "none"
  /** ask the bank (payId known, outcome not settled) */
  | "read_bank"
  /** the bank holds or took the money for a live session: place the order from it */
  | "complete_order"
  /** the money can never become an order: release/return it (or list it, policy notify) */
  | "orphan_policy"
  /** no payId to ask about: stays visible to the admin until resolved there */
  | "admin"

/**
 * What the lost-callback job and the orphan sweep do next about an entry. Operations are driven
 * by their own callers (capture, refund), so only charges get a step here.
 */
export function nextJobStep(entry: LedgerFacts, now: Date): JobStep {
  if (!isChargeKind(entry.kind)) return "none"
  if ((FINAL_CHARGE_STATES as readonly string[]).includes(entry.state)) return "none"
  if (entry.state === "sending" || entry.state === "uncertain") return entry.pay_id ? "read_bank" : "admin"
  if (entry.state === "created" || entry.state === "processing") return entry.pay_id ? "read_bank" : "admin"
  // held or paid
  if (entry.order_id !== null) return "none"
  if (entry.orphan_action !== null && entry.orphan_action !== "failed") return "none"
  if (entry.session_gone_at !== null) return "orphan_policy"
  if (entry.completion_refused_at !== null) {
    return now.getTime() - entry.completion_refused_at.getTime() >= PERMANENT_REFUSAL_GRACE_MS
      ? "orphan_policy"
      : "complete_order"
  }
  // a release of a live charge's money failed (the admin's): whether the bank acted is unknown, so
  // no order may be placed from it (facets.ts); it is listed for the admin to re-check and release
  if (entry.orphan_action === "failed") return "none"
  return "complete_order"
}

/**
 * Completions of one charge that may fail before a person is shown it: the job keeps retrying (a
 * store's hook may recover), but a cart that fails every run is no longer silent.
 */
export const COMPLETION_FAILURES_LISTED = 3

/** What the ledger's "session gone" is worth, once Medusa's own payment_session row was read. */
export type SessionGoneVerdict =
  /** Medusa has no such session: money may go back on this ground (the orphan policy) */
  | "gone"
  /** Medusa still has it, past the grace its delete needs: the mark was wrong (`session_kept`) */
  | "kept"
  /** Medusa still has it and the mark is fresh: its delete may still be committing; nothing moves yet */
  | "wait"

/**
 * The ledger's "session gone" is our deletePayment's word, written before Medusa deletes the row
 * (Medusa calls it first, inside a transaction that may still roll back; a failed row delete is
 * only logged; a process dying in between never deletes it). Medusa's payment_session row is the
 * truth: no money goes back on this ground unless Medusa has no such session. A row still there
 * once the mark is older than the grace (orphanGraceSeconds: the delete would have committed by
 * then) says the mark was wrong, and the money is the live session's; a fresher one may be a
 * delete still under way, so neither the release nor the correction is made yet.
 */
export function sessionGoneVerdict(args: {
  markedAt: Date
  medusaHasSession: boolean
  now: Date
  graceMs: number
}): SessionGoneVerdict {
  if (!args.medusaHasSession) return "gone"
  return args.now.getTime() - args.markedAt.getTime() >= args.graceMs ? "kept" : "wait"
}

export { AUTHORIZED_ORDER_GRACE_MS }

/** Medusa was handed this money (a Medusa payment exists) longer than the grace ago, and no order owns it. */
export function isAuthorizedWithoutOrder(entry: LedgerFacts, now: Date): boolean {
  const at = entry.authorized_at
  return (
    at !== null &&
    at !== undefined &&
    entry.order_id === null &&
    now.getTime() - at.getTime() >= AUTHORIZED_ORDER_GRACE_MS
  )
}

/** A release claim (`acting`) older than CLAIM_STALE_MS: the process that took it died. */
export function isStaleClaim(entry: LedgerFacts, now: Date): boolean {
  const at = entry.orphan_action_at
  return entry.orphan_action === "acting" && (!at || now.getTime() - at.getTime() >= CLAIM_STALE_MS)
}

/** A charge `sending` this long with no answer recorded: its process died mid-call (also: how long a
 * charge the jobs cannot ask the bank about may wait before it is listed). */
export const STALE_SENDING_MS = 2 * 60 * 1000
/** The bank deciding this long is worth a person's look. */
export const LONG_PROCESSING_MS = 60 * 60 * 1000

/**
 * Why an admin must look at an entry (Settings → TBC Bank's attention list), or undefined. Every
 * charge that may hold money without an order is listed until a bank answer or an admin ends it.
 */
export function attentionReason(entry: LedgerFacts, now: Date): string | undefined {
  const age = now.getTime() - entry.created_at.getTime()
  if (!isChargeKind(entry.kind)) {
    const truth = bankTruthReason(entry, age)
    if (truth) return truth
    if (entry.state === "uncertain") return "the bank's answer to this operation could not be read"
    // a capture, cancel or refund whose process died mid-call (no answer, no error recorded): the
    // bank may have acted, e.g. completed a partial capture whose callback was then judged the
    // store's own; nothing else reads it again, so a person re-checks it
    if (entry.state === "sending" && age >= STALE_SENDING_MS) {
      return "sent to the bank, no answer recorded: re-check it at the bank"
    }
    return undefined
  }
  if (entry.state === "uncertain") {
    return entry.pay_id
      ? "the bank's answer could not be read; the payment is re-checked at the bank"
      : "the bank's answer could not be read and it named no payment: check TBC's merchant dashboard"
  }
  // whatever nextJobStep leaves to the admin (no payId to ask the bank about) is listed once it is
  // no longer in flight, for every kind of charge: a hosted page or installment whose process died
  // mid-call stayed `sending` for ever with nobody able to see it when only executions were listed
  if (!entry.pay_id && age >= STALE_SENDING_MS && nextJobStep(entry, now) === "admin") {
    return entry.state === "sending"
      ? "sent to the bank, no answer recorded: check TBC's merchant dashboard"
      : "the bank's answer named no payment: check TBC's merchant dashboard"
  }
  if (entry.state === "processing" && age >= LONG_PROCESSING_MS) return "the bank is still deciding"
  if (isStrandedMoney(entry)) {
    if (entry.orphan_action === "notified") return "money at the bank without an order (orphan policy: notify)"
    if (entry.orphan_action === "failed") return "money at the bank without an order; releasing it failed"
    // the releasing process died after its claim: nobody knows whether the bank acted
    if (entry.orphan_action === "acting" && isStaleClaim(entry, now)) {
      return "money at the bank without an order; its release was interrupted (re-check it, then release)"
    }
    if (entry.session_gone_at !== null) return "money at the bank, its checkout session is gone"
    if (entry.completion_refused_at !== null) return "money at the bank, the order could not be placed"
    const failures = entry.completion_failures ?? 0
    if (failures >= COMPLETION_FAILURES_LISTED) {
      return `money at the bank, placing its order failed ${failures} times (retried each run)`
    }
    if (isAuthorizedWithoutOrder(entry, now)) {
      return "money at the bank, a Medusa payment was made from it but no order followed"
    }
    // until an order owns it: the job places it for a live session, but a person had said otherwise
    if (entry.reopened_at) return "the bank took money that was marked not charged (or refused): no order owns it yet"
  }
  return undefined
}

/**
 * Why a cart completion failed, as the job acts on it:
 * - permanent: Medusa refused the cart itself; the orphan policy may act after a grace;
 * - transient: a known passing condition (the bank slow or down, a lock busy, the cart being
 *   completed by another request): retried next run;
 * - unknown: anything else (a store's own hook throwing, a database error): retried next run,
 *   counted on the entry and listed for a person after COMPLETION_FAILURES_LISTED.
 * `bankWide` marks the bank itself failing: only those trip the job's circuit breaker, since one
 * cart failing again says nothing of the next cart's chances.
 */
export type CompletionFailure = { kind: "transient" | "permanent" | "unknown"; reason: string; bankWide?: boolean }

/** Medusa error types a cart completion throws for a cart that cannot become an order as it is. */
const PERMANENT_TYPES: ReadonlySet<string> = new Set(["invalid_data", "not_allowed", "not_found"])

/**
 * The provider's words for a bank that failed as a whole (src/providers/common/errors.ts: not
 * answering, unreachable, busy, 5xx), whatever Medusa error type carries them.
 */
const BANK_WIDE =
  /the bank (is not answering|did not answer in time|could not be reached|is busy|is temporarily unavailable)/i

/** Passing conditions of one cart that retrying clears: a lock, another request completing it. */
const PASSING = /acquiring lock|lock is (busy|held)|being completed by another request|still (processing|deciding)/i

/** Whether a failed cart completion may succeed on a later try, and whether the bank as a whole failed. */
export function classifyCompletionFailure(error: unknown): CompletionFailure {
  const type = typeof (error as { type?: unknown })?.type === "string" ? (error as { type: string }).type : ""
  const message = error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error)
  const reason = message.replace(/\s+/g, " ").slice(0, 300)
  if (PERMANENT_TYPES.has(type)) return { kind: "permanent", reason }
  if (BANK_WIDE.test(reason)) return { kind: "transient", reason, bankWide: true }
  if (type === "conflict" || PASSING.test(reason)) return { kind: "transient", reason }
  return { kind: "unknown", reason }
}

export type { ChargeState, LedgerKind }
