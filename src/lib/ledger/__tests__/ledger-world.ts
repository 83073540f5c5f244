/**
 * The world the ledger model runs in (ledger-model.properties.unit.spec.ts): a simulated bank (the
 * ground truth: every payment with its cart, session, amount and status), Medusa's carts, sessions
 * and orders, and the plugin's ledger. This file holds the state and the few primitive moves
 * (bank changes, ledger writes); ledger-checkout.ts and ledger-backoffice.ts hold the decisions,
 * which all go through the real rules of ../states.ts and ../guards.ts.
 */
import { isFinalStatus } from "../../checkout-status"
import type { LedgerFacts } from "../guards"
import { patchAt } from "../facets"
import { applyLedgerEvent, isChargeKind, type LedgerEvent, type LedgerKind, type Transition } from "../states"
import type { CompletionFault, OperationOutcome } from "./ledger-faults"

export type Method = "web" | "saved"

export interface BankPayment {
  payId: string
  kind: "web" | "execution"
  cartId: number
  /** merchantPaymentId: the Medusa session the payment was made for */
  sessionId: string
  /** ground truth: the ledger entry whose call created this payment */
  entryId: number
  amount: number
  status: string
  /** a hosted page the shopper got the link of (an unreadable create answer gives none) */
  payable: boolean
  /** what a completion of the hold took (tetri): the whole hold or less (a partial capture) */
  confirmed?: number
}

export interface Session {
  id: string
  cartId: number
  method: Method
  amount: number
  live: boolean
  /** Medusa is deleting it (deletePayment is marking its rows): no order will be placed from it */
  deleting?: boolean
}

export interface Cart {
  id: number
  total: number
  live: string | null
  orderId: string | null
  /** ground truth: an item sold out, so Medusa can never complete this cart again */
  soldOut: boolean
  /** a completion holds Medusa's cart lock (waiting for the bank's answer) */
  locked: boolean
}

export interface Order {
  id: string
  cartId: number
  sessionId: string
  payId: string
  amount: number
  /** Medusa's capture of the payment (tetri), once recorded */
  captured?: number
}

/** A ledger row: the facts the rules read, plus where it belongs. */
export interface Entry extends LedgerFacts {
  orphan_action_at?: Date | null
  id: number
  cartId: number
  sessionId: string
  /** operations only, ground truth: whether the bank carried this operation out */
  acted?: boolean
  /** operations only: the amount asked for (tetri) */
  amount?: number
  /** LedgerStore's compare-and-set guard: every write bumps it, a write on an older copy is lost */
  revision: number
}

export interface SlowRead {
  entryId: number
  status: string
  payId: string
}

export interface World {
  now: number
  preAuth: boolean
  policy: "refund" | "notify"
  carts: Cart[]
  sessions: Map<string, Session>
  bank: Map<string, BankPayment>
  entries: Entry[]
  orders: Map<string, Order>
  /** callbacks the bank sent and nobody received yet (payIds) */
  callbacks: string[]
  /** bank reads whose answer arrives late (after other steps) */
  slowReads: SlowRead[]
  /** executions the bank acted on whose answer has not reached us yet */
  inFlight: { entryId: number; answer: LedgerEvent }[]
  /** the completions waiting for those answers (by entry) */
  pendingCompletions: Map<number, { fault: CompletionFault; compensation: OperationOutcome }>
  seq: number
  /** what happened, for a counterexample's story */
  log: string[]
  /** how often each notable case happened (the test reports them and checks they are reached) */
  seen: Map<string, number>
  /**
   * Two instances (ledger-instances.ts): the other instance's whole step, run at this step's
   * `countdown`-th ledger write, between that write's read and its compare-and-set.
   */
  other?: { countdown: number; run: () => void }
  /** Process death: this step's process dies at its `dieAt`-th ledger write (before writing it). */
  dieAt?: number
  /** A new session met the cart's lock held by a step in progress (it waits: ledger-instances.ts). */
  lockWaited?: boolean
}

/** Thrown where the step's process died: what it wrote stays, what it would have written is lost. */
export class ProcessDied extends Error {}

/**
 * Between a ledger write's read and its compare-and-set (and right after an entry is opened,
 * before its bank call): the process may die here, or the other instance's step runs here.
 */
export function yieldPoint(w: World, where: string): void {
  if (w.dieAt !== undefined && --w.dieAt === 0) {
    w.dieAt = undefined
    w.log.push(`  process died before ${where}`)
    throw new ProcessDied(where)
  }
  if (w.other && --w.other.countdown === 0) {
    const { run } = w.other
    w.other = undefined
    // the other instance is another process: this step's death is not its death
    const dieAt = w.dieAt
    w.dieAt = undefined
    w.log.push(`  >>> the other instance, before ${where}:`)
    try {
      run()
    } finally {
      w.dieAt = dieAt
      w.log.push("  <<< back")
    }
  }
}

export const MINUTE = 60 * 1000

export function newWorld(preAuth: boolean, policy: "refund" | "notify", carts = 2): World {
  return {
    now: Date.UTC(2026, 0, 1),
    preAuth,
    policy,
    carts: Array.from({ length: carts }, (_, id) => ({
      id,
      total: 1000 + id,
      live: null,
      orderId: null,
      soldOut: false,
      locked: false,
    })),
    sessions: new Map(),
    bank: new Map(),
    entries: [],
    orders: new Map(),
    callbacks: [],
    slowReads: [],
    inFlight: [],
    pendingCompletions: new Map(),
    seq: 0,
    log: [],
    seen: new Map(),
  }
}

export const note = (w: World, what: string): void => {
  w.seen.set(what, (w.seen.get(what) ?? 0) + 1)
}

export const at = (w: World): Date => new Date(w.now)
export const nextId = (w: World, prefix: string): string => `${prefix}${++w.seq}`

/**
 * Ground truth, independent of the rules under test: the bank holds (WaitingConfirm, completion
 * under way) or took (Succeeded, PartialReturned) the shopper's money.
 */
const MONEY_STATUSES: ReadonlySet<string> = new Set([
  "WaitingConfirm",
  "PaymentCompletionProcessing",
  "Succeeded",
  "PartialReturned",
])
export const bankHolds = (p: BankPayment | undefined): boolean => !!p && MONEY_STATUSES.has(p.status)

/** The status a paid hosted page or a successful execution ends in. */
export const moneyStatus = (w: World): string => (w.preAuth ? "WaitingConfirm" : "Succeeded")

/** The bank moves a payment; it calls back on every final status (the callback may get lost). */
export function bankSet(w: World, p: BankPayment, status: string): void {
  p.status = status
  w.log.push(`  bank: ${p.payId} → ${status}`)
  if (isFinalStatus(status)) w.callbacks.push(p.payId)
}

export function bankCreate(
  w: World,
  entry: Entry,
  kind: BankPayment["kind"],
  amount: number,
  status: string,
  payable = false
): BankPayment {
  const p: BankPayment = {
    payId: nextId(w, "P"),
    kind,
    cartId: entry.cartId,
    sessionId: entry.sessionId,
    entryId: entry.id,
    amount,
    status: "Created",
    payable,
  }
  w.bank.set(p.payId, p)
  w.log.push(`  bank: created ${p.payId} (${kind}, cart ${p.cartId}, session ${p.sessionId})`)
  if (status !== "Created") bankSet(w, p, status)
  return p
}

/** Ground truth: the payment this entry's own call created at the bank, if any. */
export const paymentOfEntry = (w: World, e: Entry): BankPayment | undefined =>
  [...w.bank.values()].find((p) => p.entryId === e.id)

/** A row as the ledger writes it before its bank call: sending, nothing known yet (every world's). */
export function sendingFacts(kind: LedgerKind, createdAt: Date, payId: string | null = null): LedgerFacts {
  return {
    kind,
    state: "sending",
    pay_id: payId,
    created_at: createdAt,
    session_gone_at: null,
    order_id: null,
    orphan_action: null,
    completion_refused_at: null,
  }
}

/** The ledger writes its row BEFORE the call; operations carry the charge's payId. */
export function writeEntry(w: World, kind: LedgerKind, cartId: number, sessionId: string, payId: string | null = null) {
  const session = w.sessions.get(sessionId)
  const entry: Entry = {
    id: w.entries.length,
    ...sendingFacts(kind, at(w), payId),
    session_gone_at: session && !session.live ? at(w) : null,
    cartId,
    sessionId,
    revision: 0,
  }
  w.entries.push(entry)
  w.log.push(`  ledger: #${entry.id} ${kind} sending (cart ${cartId}, session ${sessionId})`)
  yieldPoint(w, `the bank call of #${entry.id}`)
  return entry
}

/**
 * An operation on a charge (completion, cancel, refund), opened before its bank call; refused while
 * another one on the same charge is `sending` (LedgerStore.openOperationOn: the unique index
 * IDX_tbc_payment_one_open_operation), so of two instances acting at once the second never reaches
 * the bank.
 */
export function openOperation(w: World, kind: "completion" | "cancel" | "refund", charge: Entry): Entry | undefined {
  const open = w.entries.find((e) => !isChargeKind(e.kind) && e.pay_id === charge.pay_id && e.state === "sending")
  if (open) {
    w.log.push(`  ledger: ${kind} on ${charge.pay_id} refused: #${open.id} (${open.kind}) is under way`)
    note(w, "operation refused: another one is under way on the charge")
    return undefined
  }
  return writeEntry(w, kind, charge.cartId, charge.sessionId, charge.pay_id)
}

const BANK_EVENTS: ReadonlySet<string> = new Set(["bank_status", "unreadable_answer", "clear_refusal"])

/**
 * Every change of a ledger row goes through applyLedgerEvent. A bank event the rule refuses is a
 * model failure: the bank is the judge, and in this model every answer names the right payment.
 */
export function record(w: World, e: Entry, event: LedgerEvent): boolean {
  return recordTogether(w, [[e, event]])[0]
}

/**
 * LedgerStore.apply / applyAll: each move decided on its entry as read, all written in ONE
 * statement (e.g. an operation and its charge moved by the bank's answer to the operation), each
 * only while its entry's revision is as read; a lost compare-and-set reads again and decides
 * again (the real rule, ledger-store.ts). Between the read and the write the process may die or
 * the other instance act (yieldPoint).
 */
export function recordTogether(w: World, moves: [Entry, LedgerEvent][]): boolean[] {
  const held = moves.map(([e]) => ({ ...e }))
  const decided = moves.map(([, event], i) => applyLedgerEvent(held[i], event))
  if (decided.some((t) => t.ok && t.changed))
    yieldPoint(w, moves.map(([e, ev]) => `${ev.type} on #${e.id}`).join(" + "))
  return moves.map(([e, event], i) => {
    let t = decided[i]
    if (e.revision !== held[i].revision) {
      note(w, "an interleaved write lost its compare-and-set")
      w.log.push(`  ledger: #${e.id} ${event.type}: compare-and-set lost, decided again on ${e.state}`)
      t = applyLedgerEvent(e, event)
    }
    return write(w, e, event, t)
  })
}

function write(w: World, e: Entry, event: LedgerEvent, t: Transition): boolean {
  if (!t.ok) {
    if (BANK_EVENTS.has(event.type))
      throw new Error(`bank event ${JSON.stringify(event)} refused on #${e.id}: ${t.reason}`)
    w.log.push(`  ledger: #${e.id} ${event.type} refused (${t.reason})`)
    return false
  }
  if (t.changed)
    w.log.push(`  ledger: #${e.id} ${e.state}${e.pay_id ? "" : ` +${t.pay_id}`} → ${t.state} (${event.type})`)
  if (t.changed) e.revision++
  e.state = t.state
  e.pay_id = t.pay_id
  // the facets (order, authorization, session gone, failures, release claim) by the same rules
  Object.assign(e, patchAt(t.facets ?? {}, at(w)))
  return true
}

/** A read of the bank about the entry's payment, recorded at once. */
export function readInto(w: World, e: Entry): BankPayment {
  const p = w.bank.get(e.pay_id!)
  if (!p) throw new Error(`ledger #${e.id} names ${e.pay_id}, which the bank does not know`)
  record(w, e, { type: "bank_status", status: p.status, payId: p.payId })
  return p
}

/**
 * Medusa deletes a session (cart changed, or a new session opened): deletePayment marks its rows,
 * all in one ledger write (LedgerStore.applyAll, bookkeeping.ts sessionDeleted), then Medusa
 * deletes the session's row. The process may die before that write (nothing marked) or after it,
 * before Medusa's delete (as when that delete fails, which Medusa only logs): then the ledger says
 * "session gone" of a session Medusa keeps, and whoever would give its money back asks Medusa
 * first (ledger-backoffice.ts medusaSaysGone).
 */
export function deleteSession(w: World, sessionId: string | null): void {
  const session = sessionId ? w.sessions.get(sessionId) : undefined
  if (!session || !session.live) return
  const rows = w.entries.filter((x) => x.sessionId === session.id)
  session.deleting = true
  let marked = false
  try {
    if (rows.length > 0)
      recordTogether(
        w,
        rows.map((e): [Entry, LedgerEvent] => [e, { type: "session_gone" }])
      )
    marked = rows.length > 0
    // Medusa's delete of the row: no ledger write, but the process may die (or the other instance act) here
    yieldPoint(w, `Medusa's delete of session ${session.id}`)
  } catch (error) {
    // Medusa keeps the session as it was, whatever the ledger was told
    session.deleting = false
    if (marked && error instanceof ProcessDied)
      note(w, "process died after the 'session gone' marks, before Medusa's delete")
    throw error
  }
  session.live = false
  session.deleting = false
  const cart = w.carts[session.cartId]
  if (cart.live === session.id) cart.live = null
  w.log.push(`  medusa: session ${session.id} deleted`)
}

export const entriesOfCart = (w: World, cartId: number): Entry[] => w.entries.filter((e) => e.cartId === cartId)
