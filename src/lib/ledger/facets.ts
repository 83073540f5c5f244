/**
 * The facets of a ledger entry beside its state (pure: no I/O; the time comes in the event when a
 * rule needs it): what Medusa and the jobs did with the charge. Guards, jobs and the admin decide
 * from them (./guards.ts), so they move by the same rules and in the same compare-and-set as the
 * state (./states.ts applyLedgerEvent → LedgerStore.apply), each move with its audit line:
 *
 *   authorized     our authorizePayment hands the money to Medusa (a Medusa payment is made);
 *                  refused once a release claim is taken, or a release was done or failed
 *   order_placed   the order that owns the money; never changes to another order
 *   session_gone   Medusa is deleting the charge's session: our deletePayment's word, written
 *                  before Medusa deletes the row; each deletion writes its own time (a session
 *                  Medusa kept after a wrong mark may be deleted again)
 *   session_kept   Medusa still has that session after all (its delete failed, or the process died
 *                  between deletePayment and the delete): the mark Medusa was read against is taken
 *                  back, and the money is the live session's again; refused when the session was
 *                  marked again since (a new deletion), while a release is under way or once done
 *   completion_failed  a cart completion from the charge failed: its class and a running count
 *   orphan_claim   the right to release the money (orphan policy, admin "Release"); refused while
 *                  an order owns it or one is being placed from it (authorized less than
 *                  AUTHORIZED_ORDER_GRACE_MS ago), so release and placing the order are
 *                  serialized: exactly one of them wins
 *   orphan_claim_returned / orphan_action   the claim given back, or what the release did
 *   operation_baseline  an operation's baseline: what the bank showed for the charge just before
 *                  the operation's call (status; returned by refunds and completed, in tetri);
 *                  written once, by the provider before the call; a re-check judges the operation by what changed
 *                  since (./admin-actions.ts operationEffectSeen)
 *   medusa_recorded  Medusa now shows what the bank did by itself: a return made at the bank
 *                  (./bank-returns.ts: a refund created, a payment cancelled) or the rest of a hold
 *                  its capture route took whole (capture_shortfall); once, naming Medusa's record
 *   capture_shortfall  Medusa's own capture route recorded less than the completion took (the
 *                  bank completes the whole hold there: Medusa gives the provider no amount)
 *
 * A move is a patch of columns (`FacetPatch`); NOW stands for the database's clock.
 */
import type { OrphanAction } from "./guards"

/** Stands for "the time of the write" in a patch (SQL now(), a test's clock). */
export const NOW = "now" as const
type Now = typeof NOW

/** A failed cart completion: may succeed later, never will as the cart is, or not recognised. */
export const COMPLETION_FAILURE_CLASSES = ["transient", "permanent", "unknown"] as const
export type CompletionFailureClass = (typeof COMPLETION_FAILURE_CLASSES)[number]

/**
 * How long after our authorizePayment an order may take to appear. Medusa authorizes last in its
 * cart completion, so an order follows within seconds; a payment still without one after this
 * means the completion failed after authorizing and its compensating cancel failed too: its
 * money may then be released (the order is no longer being placed from it).
 */
export const AUTHORIZED_ORDER_GRACE_MS = 10 * 60 * 1000

/** An orphan claim older than this was left by a process that died mid-action: it may be taken over. */
export const CLAIM_STALE_MS = 10 * 60 * 1000

/** What the release records once it acted (`failed` is retried, `notified` waits for the admin). */
export type RecordedOrphanAction = Exclude<OrphanAction, "acting">

export type FacetEvent =
  | { type: "authorized" }
  | { type: "order_placed"; orderId: string }
  | { type: "session_gone" }
  /** `markedAt`: the mark (session_gone_at) as it was when Medusa's row was read */
  | { type: "session_kept"; markedAt: Date }
  | { type: "completion_failed"; failureClass: CompletionFailureClass; reason: string }
  /** `now`: to tell a stale claim; `takeNotified`: an admin takes over what "notify" left */
  | { type: "orphan_claim"; now: Date; takeNotified: boolean }
  | { type: "orphan_claim_returned" }
  | { type: "orphan_action"; action: RecordedOrphanAction; amount: number | null; error: string | null }
  | { type: "operation_baseline"; status: string; returnedMinor: number; confirmedMinor: number }
  /** `record`: Medusa's refund, capture or payment id that shows it (or "none": Medusa has no payment for it) */
  | { type: "medusa_recorded"; record: string }
  /** Medusa rolled that record back (its row is not there): the entry waits for a record again */
  | { type: "medusa_record_undone"; record: string }
  /** `askedMinor`: what Medusa's capture recorded; `takenMinor`: what the completion took */
  | { type: "capture_shortfall"; askedMinor: number; takenMinor: number }
  /** refunds of the charge have returned a capture's excess (what the bank took beyond Medusa's capture) */
  | { type: "capture_excess_returned" }

export const FACET_EVENT_TYPES: ReadonlySet<string> = new Set([
  "authorized",
  "order_placed",
  "session_gone",
  "session_kept",
  "completion_failed",
  "orphan_claim",
  "orphan_claim_returned",
  "orphan_action",
  "operation_baseline",
  "medusa_recorded",
  "medusa_record_undone",
  "capture_shortfall",
  "capture_excess_returned",
])

/** The facets as the rules read them; absent ones (older callers, test rows) read as unset. */
export interface EntryFacets {
  order_id?: string | null
  authorized_at?: Date | null
  session_gone_at?: Date | null
  orphan_action?: OrphanAction | null
  orphan_action_at?: Date | null
  completion_failures?: number
  completion_refused_at?: Date | null
  /** an operation's baseline status (set once) */
  baseline_status?: string | null
  /** an operation the bank made by itself (TBC's merchant dashboard), opened by the bank's read */
  made_at_bank?: boolean | null
  /** the Medusa record that shows what the bank did by itself, and when it was made */
  medusa_record?: string | null
  medusa_recorded_at?: Date | null
  /** a completion: what Medusa's capture recorded when it was less than the bank took (tetri) */
  capture_asked?: number | null
  /** when refunds returned that shortfall's excess (the entry leaves the attention list) */
  excess_returned_at?: Date | null
}

/** Columns a move writes (besides state and pay_id). */
export interface FacetPatch {
  order_id?: string
  authorized_at?: Now
  session_gone_at?: Now | null
  orphan_action?: OrphanAction | null
  orphan_action_at?: Now | null
  orphan_amount?: number | null
  orphan_error?: string | null
  completion_failed_at?: Now
  completion_failure?: string
  completion_failure_class?: CompletionFailureClass
  completion_failures?: number
  completion_refused_at?: Now
  /** a bank read (or an attached payId) contradicted a refusal: listed while the money has no order */
  reopened_at?: Now
  baseline_status?: string
  baseline_returned?: number
  baseline_confirmed?: number
  medusa_record?: string | null
  medusa_recorded_at?: Now | null
  capture_asked?: number
  excess_returned_at?: Now
}

export type FacetMove = { ok: true; changed: boolean; facets: FacetPatch } | { ok: false; reason: string }

const same: FacetMove = { ok: true, changed: false, facets: {} }
const set = (facets: FacetPatch): FacetMove => ({ ok: true, changed: true, facets })
const no = (reason: string): FacetMove => ({ ok: false, reason })

/**
 * A release of the money has started, is done, or failed without knowing whether the bank acted
 * (an unreadable answer may hide a Returned): no Medusa payment may be made from it any more.
 */
const RELEASING: ReadonlySet<string> = new Set(["acting", "cancelled", "refunded", "failed"])
const RELEASED: ReadonlySet<string> = new Set(["cancelled", "refunded"])

function claim(entry: EntryFacets, event: Extract<FacetEvent, { type: "orphan_claim" }>): FacetMove {
  if (entry.order_id) return no(`order ${entry.order_id} owns this money`)
  const placing = entry.authorized_at && event.now.getTime() - entry.authorized_at.getTime() < AUTHORIZED_ORDER_GRACE_MS
  if (placing) return no("a Medusa payment was made from it: the order is being placed")
  const action = entry.orphan_action ?? null
  const stale =
    action === "acting" &&
    (!entry.orphan_action_at || event.now.getTime() - entry.orphan_action_at.getTime() >= CLAIM_STALE_MS)
  const free = action === null || action === "failed" || (action === "notified" && event.takeNotified) || stale
  if (!free) return no(action === "acting" ? "it is being released right now" : `it was already ${action}`)
  return set({ orphan_action: "acting", orphan_action_at: NOW })
}

/** Medusa now shows what the bank did by itself: once, for an entry that needs it. */
function recorded(entry: EntryFacets, event: Extract<FacetEvent, { type: "medusa_recorded" }>): FacetMove {
  if (!entry.made_at_bank && (entry.capture_asked ?? null) === null) {
    return no("only a return made at the bank or a capture's shortfall is recorded in Medusa so")
  }
  if (entry.medusa_recorded_at) {
    return entry.medusa_record === event.record ? same : no(`Medusa already shows it (${entry.medusa_record})`)
  }
  return set({ medusa_record: event.record, medusa_recorded_at: NOW })
}

function shortfall(entry: EntryFacts, event: Extract<FacetEvent, { type: "capture_shortfall" }>): FacetMove {
  if (entry.kind !== undefined && (entry.kind !== "completion" || entry.state !== "done")) {
    return no("only a finished completion has a shortfall")
  }
  if (event.askedMinor <= 0 || event.askedMinor >= event.takenMinor) return no("Medusa recorded what the bank took")
  const asked = entry.capture_asked ?? null
  if (asked !== null) return asked === event.askedMinor ? same : no(`its shortfall was already recorded (${asked})`)
  return set({ capture_asked: event.askedMinor })
}

/** The facets with what some rules check of the entry itself (absent in older callers' views). */
type EntryFacts = EntryFacets & { kind?: string; state?: string }

/** How a facet event moves an entry's facets; `{ok: false}` names why it may not. */
export function applyFacetEvent(entry: EntryFacts, event: FacetEvent): FacetMove {
  switch (event.type) {
    case "authorized":
      if (entry.orphan_action && RELEASING.has(entry.orphan_action)) {
        return no(
          entry.orphan_action === "acting"
            ? "its money is being released"
            : entry.orphan_action === "failed"
              ? "a release of its money failed: re-check it at the bank"
              : `its money was ${entry.orphan_action}`
        )
      }
      return entry.authorized_at ? same : set({ authorized_at: NOW })
    case "order_placed":
      if (entry.order_id === event.orderId) return same
      if (entry.order_id) return no(`order ${entry.order_id} already owns this money`)
      return set({ order_id: event.orderId })
    case "session_gone":
      // always written: a deletion of a session whose earlier mark Medusa contradicted must make a
      // session_kept decided on that earlier read lose its compare-and-set
      return set({ session_gone_at: NOW })
    case "session_kept":
      return sessionKept(entry, event.markedAt)
    case "completion_failed":
      return set({
        completion_failed_at: NOW,
        completion_failure: `${event.failureClass}: ${event.reason}`.slice(0, 500),
        completion_failure_class: event.failureClass,
        completion_failures: (entry.completion_failures ?? 0) + 1,
        ...(event.failureClass === "permanent" && !entry.completion_refused_at ? { completion_refused_at: NOW } : {}),
      })
    case "orphan_claim":
      return claim(entry, event)
    case "orphan_claim_returned":
      return entry.orphan_action === "acting" ? set({ orphan_action: null, orphan_action_at: null }) : same
    case "operation_baseline":
      if (entry.baseline_status) return no("its baseline was already recorded")
      return set({
        baseline_status: event.status,
        baseline_returned: event.returnedMinor,
        baseline_confirmed: event.confirmedMinor,
      })
    case "medusa_recorded":
      return recorded(entry, event)
    case "medusa_record_undone":
      return entry.medusa_recorded_at && entry.medusa_record === event.record
        ? set({ medusa_record: null, medusa_recorded_at: null })
        : same
    case "capture_shortfall":
      return shortfall(entry, event)
    case "capture_excess_returned":
      if ((entry.capture_asked ?? null) === null) return no("it has no capture shortfall")
      return entry.excess_returned_at ? same : set({ excess_returned_at: NOW })
    case "orphan_action":
      if (entry.orphan_action && RELEASED.has(entry.orphan_action)) {
        return entry.orphan_action === event.action ? same : no(`its money was already ${entry.orphan_action}`)
      }
      return set({
        orphan_action: event.action,
        orphan_action_at: NOW,
        orphan_amount: event.amount,
        orphan_error: event.error,
      })
  }
}

/**
 * Medusa's payment_session row is the truth about a session, the ledger's mark only our
 * deletePayment's word: when Medusa still has the row, the mark goes. Refused while a release is
 * under way or once it was done (the money went back on that ground; the trail keeps both); a
 * failed release stays recorded beside the live session (guards.ts: listed, no order placed from
 * it), and a "notify" the policy left on the wrong ground goes, so the money is the live session's again.
 */
function sessionKept(entry: EntryFacts, markedAt: Date): FacetMove {
  if (!entry.session_gone_at) return same
  // Medusa was read before this mark: a deletion under way, whose row delete may follow
  if (entry.session_gone_at.getTime() !== markedAt.getTime()) return no("its session was marked gone again since")
  if (entry.orphan_action === "acting") return no("its money is being released")
  if (entry.orphan_action && RELEASED.has(entry.orphan_action)) return no(`its money was ${entry.orphan_action}`)
  return set({
    session_gone_at: null,
    ...(entry.orphan_action === "notified" ? { orphan_action: null, orphan_action_at: null } : {}),
  })
}

/** A patch's values at time `now` (what the database's now() does; the memory ledger and models use it). */
export function patchAt(facets: FacetPatch, now: Date): Record<string, unknown> {
  return Object.fromEntries(Object.entries(facets).map(([column, value]) => [column, value === NOW ? now : value]))
}

/** What a facet event says about itself in the audit trail (never a secret). */
export function facetNote(event: FacetEvent): string | null {
  switch (event.type) {
    case "order_placed":
      return event.orderId
    case "completion_failed":
      return event.reason.slice(0, 300)
    case "orphan_action":
      return event.error
    case "operation_baseline":
      return `${event.status}, returned ${event.returnedMinor}, completed ${event.confirmedMinor}`
    case "medusa_recorded":
    case "medusa_record_undone":
      return event.record
    case "capture_shortfall":
      return `Medusa recorded ${event.askedMinor} of ${event.takenMinor}`
    default:
      return null
  }
}

/** The audit trail's name of a facet event (kept as the names the trail always used). */
export function facetAuditName(event: FacetEvent): string {
  switch (event.type) {
    case "order_placed":
      return "order"
    case "completion_failed":
      return `completion_${event.failureClass}`
    case "orphan_action":
      return `orphan_${event.action}`
    default:
      return event.type
  }
}
