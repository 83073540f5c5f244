/**
 * The checkout side of the ledger model: what the shopper's clicks make Medusa and the plugin do.
 * Every decision goes through the real rules: newPaymentVerdict guards every new session and every
 * saved-card execution, applyLedgerEvent records every answer (ledger-world.ts `record`), the
 * bank's status is read as a session outcome by sessionOutcome. Medusa's behaviour as in 2.21.2:
 * a new session deletes the collection's old ones; completing a cart validates it, then authorizes
 * its session last, and compensation cancels the payment when a later step fails.
 */
import { sessionOutcome } from "../../checkout-status"
import { SESSION_STATUS } from "../../medusa-statuses"
import { holdsMoney, newPaymentVerdict, savedCardExecutionVerdict, type SessionCharge } from "../guards"
import type { LedgerEvent } from "../states"
import {
  LOCK_BUSY,
  ModelMedusaError,
  PERMANENT_ERRORS,
  TRANSIENT_ERRORS,
  type CompletionFault,
  type CreateOutcome,
  type ExecutionOutcome,
  type OperationOutcome,
} from "./ledger-faults"
import {
  bankCreate,
  bankHolds,
  bankSet,
  deleteSession,
  entriesOfCart,
  moneyStatus,
  nextId,
  ProcessDied,
  note,
  readInto,
  record,
  recordTogether,
  openOperation,
  writeEntry,
  type Cart,
  type Entry,
  type Method,
  type Session,
  type World,
} from "./ledger-world"

export type Completion = { ok: true } | { ok: false; error: unknown }

/**
 * The shopper opens a session: createTbcPaymentSessionWorkflow takes the cart's lock (Medusa's,
 * the one completeCartWorkflow holds, shared by every instance), and the session guard
 * (newPaymentVerdict, the cart's order) runs inside it, before Medusa deletes anything; the lock
 * is held until the new session and its page exist. A cart a completion holds: the request waits
 * for the lock; in the model it is played again once the other instance's step ended
 * (ledger-instances.ts), or refused when the lock stays held (a completion waiting for a late
 * answer: the wait would end in a timeout or in the guard's refusal of the checking execution).
 */
export function openSession(
  w: World,
  cart: Cart,
  method: Method,
  create: CreateOutcome
): "opened" | "refused" | "failed" {
  if (cart.locked) {
    w.log.push(`  medusa: new session on cart ${cart.id} waits for the cart's lock`)
    note(w, "new session waited for the cart's lock")
    w.lockWaited = true
    return "refused"
  }
  cart.locked = true
  try {
    return openSessionLocked(w, cart, method, create)
  } finally {
    cart.locked = false
  }
}

function openSessionLocked(
  w: World,
  cart: Cart,
  method: Method,
  create: CreateOutcome
): "opened" | "refused" | "failed" {
  if (cart.orderId) {
    note(w, "new session refused: the cart has its order")
    return "refused" // a completed cart takes no new session (Medusa and our guard)
  }
  const verdict = newPaymentVerdict(entriesOfCart(w, cart.id))
  if (!verdict.allowed) {
    w.log.push(`  guard: new session on cart ${cart.id} refused (${verdict.reason})`)
    note(w, `new session refused: ${verdict.reason}`)
    return "refused"
  }
  deleteSession(w, cart.live)
  const session: Session = { id: nextId(w, "S"), cartId: cart.id, method, amount: cart.total, live: true }
  w.sessions.set(session.id, session)
  if (method === "web") {
    try {
      createPage(w, cart, session, create)
    } catch (error) {
      // the process died in initiatePayment: Medusa keeps no session, as after a crash_* answer
      if (error instanceof ProcessDied) deleteSession(w, session.id)
      throw error
    }
    if (create !== "ok") {
      // initiatePayment threw: Medusa keeps no session (its re-created copy would meet the guard again)
      deleteSession(w, session.id)
      return "failed"
    }
  }
  cart.live = session.id
  return "opened"
}

/** initiatePayment of a hosted-page session: the entry, the bank's create, its answer recorded. */
function createPage(w: World, cart: Cart, session: Session, create: CreateOutcome): void {
  {
    const entry = writeEntry(w, "web", cart.id, session.id)
    if (create === "ok") {
      const p = bankCreate(w, entry, "web", session.amount, "Created")
      record(w, entry, { type: "bank_status", status: "Created", payId: p.payId })
      p.payable = true // the shopper gets the link only from the recorded answer
    } else if (create === "clear_refusal") {
      record(w, entry, { type: "clear_refusal", reason: "400" })
    } else {
      // no link reaches the shopper: the bank's page (if the bank made one) cannot be paid
      if (create === "unreadable_created" || create === "crash_created") {
        bankCreate(w, entry, "web", session.amount, "Created")
      }
      // a crash records nothing: the row stays `sending`
      if (!create.startsWith("crash")) record(w, entry, { type: "unreadable_answer", reason: "502" })
    }
  }
}

/** The shopper changes the cart (items, address, customer): Medusa deletes its sessions. */
export function changeCart(w: World, cart: Cart): void {
  if (cart.orderId || cart.locked) return // a completed cart cannot change; a completing one waits
  cart.total += 1
  // Medusa's updateCartWorkflow holds the cart's lock (shared by every instance) meanwhile
  cart.locked = true
  try {
    deleteSession(w, cart.live)
  } finally {
    cart.locked = false
  }
}

/**
 * A saved-card execution, sent once: the bank acts at once; its answer (what we can read of it)
 * is recorded now, or later when `late` (then the completion waits, holding the cart's lock, and
 * the bank's callback may come first). A crash records no answer at all.
 */
function execute(
  w: World,
  session: Session,
  outcome: ExecutionOutcome,
  late: boolean
): { entry: Entry; answer?: LedgerEvent } {
  const entry = writeEntry(w, "execution", session.cartId, session.id)
  note(w, `execution: ${outcome}${late && !outcome.startsWith("crash") ? " (answer late)" : ""}`)
  const charge = (status = moneyStatus(w)) => bankCreate(w, entry, "execution", session.amount, status)
  let answer: LedgerEvent | undefined
  if (outcome === "success" || outcome === "processing") {
    const p = charge(outcome === "success" ? moneyStatus(w) : "Processing")
    answer = { type: "bank_status", status: p.status, payId: p.payId }
  } else if (outcome === "clear_refusal") {
    answer = { type: "clear_refusal", reason: "400 with a problem body" }
  } else if (outcome !== "crash_not_charged") {
    if (outcome !== "timeout_not_charged") charge()
    if (!outcome.startsWith("crash")) answer = { type: "unreadable_answer", reason: outcome }
  }
  if (answer && late) {
    w.inFlight.push({ entryId: entry.id, answer })
    w.carts[session.cartId].locked = true
  } else if (answer) {
    record(w, entry, answer)
  }
  return { entry, answer }
}

/** What the provider's authorizePayment makes of the bank's answer for an entry. */
function authorized(
  w: World,
  session: Session,
  entry: Entry,
  answered = entry.pay_id ? w.bank.get(entry.pay_id)!.status : undefined
): { entry: Entry } | { error: unknown } {
  if (!entry.pay_id || !answered) {
    return { error: new ModelMedusaError("payment_authorization_error", "not charged / checking") }
  }
  const status = sessionOutcome(answered).status
  if (status === SESSION_STATUS.AUTHORIZED || status === SESSION_STATUS.CAPTURED) {
    // handed to Medusa through the ledger's compare-and-set: refused once a release was claimed
    if (record(w, entry, { type: "authorized" })) return { entry }
    note(w, "authorization refused: its money is being released")
    return { error: new ModelMedusaError("payment_authorization_error", "The store has released this payment") }
  }
  // Medusa's own words when a provider answers anything but authorized/captured (a NOT_ALLOWED)
  return { error: new ModelMedusaError("not_allowed", `Session: ${session.id} was not authorized with the provider.`) }
}

type Authorization = { entry: Entry } | { error: unknown } | { pending: Entry }

/** Entries as savedCardExecutionVerdict reads them: newest first, with the session they belong to. */
const asCharges = (entries: readonly Entry[]): SessionCharge[] =>
  [...entries].reverse().map((e) => ({ ...e, id: String(e.id), payment_session_id: e.sessionId }))

/**
 * authorizePayment of the cart's session: a web session reads its payment at the bank; a
 * saved-card session reads back its execution when it has one, else executes once, and only when
 * the guard allows a new charge on the cart (never while one is unresolved).
 */
function authorize(w: World, session: Session, outcome: ExecutionOutcome, late: boolean): Authorization {
  const mine = w.entries.filter((e) => e.sessionId === session.id && (e.kind === "web" || e.kind === "execution"))
  let known: Entry | undefined
  if (session.method === "web") {
    known = [...mine].reverse().find((e) => e.pay_id && e.state !== "refused" && e.state !== "expired")
  } else {
    // the provider's own rule (knownExecution): which execution is read back, or none sent
    const verdict = savedCardExecutionVerdict(session.id, asCharges(mine), asCharges(entriesOfCart(w, session.cartId)))
    if (verdict.kind === "checking") {
      note(w, "execution refused: checking")
      return { error: new ModelMedusaError("payment_authorization_error", verdict.message) }
    }
    if (verdict.kind === "read_back") known = mine.find((e) => e.pay_id === verdict.payId)
  }
  if (known) {
    // authorizePayment answers from its own read (the bank may move before it is recorded)
    const read = w.bank.get(known.pay_id!)!.status
    readInto(w, known)
    return authorized(w, session, known, read)
  }
  if (session.method === "web") {
    return { error: new ModelMedusaError("payment_authorization_error", "no payment at the bank for this session") }
  }
  const verdict = newPaymentVerdict(entriesOfCart(w, session.cartId))
  if (!verdict.allowed) {
    note(w, `execution refused: ${verdict.reason}`)
    return { error: new ModelMedusaError("payment_authorization_error", verdict.message) }
  }
  const { entry, answer } = execute(w, session, outcome, late)
  if (w.inFlight.some((f) => f.entryId === entry.id)) return { pending: entry }
  if (entry.state === "sending") return { error: new Error("the process died") }
  // the provider returns what the execution's own answer said (the bank may have moved since)
  return authorized(w, session, entry, answer?.type === "bank_status" ? answer.status : undefined)
}

/**
 * A cancel or refund of a charge's money (Medusa's compensation, the orphan policy, the admin),
 * with its own ledger row. True when the bank's answer was read and the money is back.
 */
export function returnMoney(w: World, charge: Entry, outcome: OperationOutcome): boolean {
  const op = openOperation(w, charge.state === "held" ? "cancel" : "refund", charge)
  if (!op) return false
  const p = w.bank.get(charge.pay_id!)!
  op.acted = outcome !== "unreadable_not_acted" && bankHolds(p)
  if (op.acted) bankSet(w, p, "Returned")
  if (outcome !== "ok") {
    record(w, op, { type: "unreadable_answer", reason: "504" })
    return false
  }
  const read = { type: "bank_status", status: p.status, payId: p.payId } as const
  recordTogether(w, [
    [op, read],
    [charge, read],
  ])
  return !bankHolds(p)
}

/** Medusa's completeCartWorkflow on the cart's live session. */
export function completeCart(
  w: World,
  cart: Cart,
  fault: CompletionFault,
  execution: ExecutionOutcome,
  compensation: OperationOutcome,
  late = false
): Completion {
  if (cart.locked) return { ok: false, error: LOCK_BUSY }
  if (cart.orderId) return { ok: true } // completed already: Medusa answers with the order
  const session = cart.live ? w.sessions.get(cart.live) : undefined
  if (!session) return { ok: false, error: new ModelMedusaError("invalid_data", "the cart has no payment session") }
  if (cart.soldOut) return { ok: false, error: PERMANENT_ERRORS[fault.error % PERMANENT_ERRORS.length] }
  if (fault.at === "before") return { ok: false, error: TRANSIENT_ERRORS[fault.error % TRANSIENT_ERRORS.length] }
  // Medusa's cart lock (its locking module: shared by every instance) is held for the whole workflow
  cart.locked = true
  let waiting = false
  try {
    const auth = authorize(w, session, execution, late)
    if ("pending" in auth) {
      waiting = true // the lock stays held until the late answer lands
      w.pendingCompletions.set(auth.pending.id, { fault, compensation })
      return { ok: false, error: LOCK_BUSY }
    }
    if ("error" in auth) return { ok: false, error: auth.error }
    return afterAuthorization(w, cart, session, auth.entry, fault, compensation)
  } finally {
    if (!waiting) cart.locked = false
  }
}

/** The steps after authorization: compensation cancels the payment when one fails, else the order. */
function afterAuthorization(
  w: World,
  cart: Cart,
  session: Session,
  entry: Entry,
  fault: CompletionFault,
  compensation: OperationOutcome
): Completion {
  if (fault.at === "after") {
    w.log.push(`  medusa: completion of cart ${cart.id} failed after authorizing: compensation cancels`)
    note(w, "compensation cancels after authorization")
    returnMoney(w, entry, compensation)
    return { ok: false, error: TRANSIENT_ERRORS[fault.error % TRANSIENT_ERRORS.length] }
  }
  if (!holdsMoney(entry)) throw new Error(`authorized on #${entry.id}, which the ledger says is ${entry.state}`)
  const order = {
    id: nextId(w, "O"),
    cartId: cart.id,
    sessionId: session.id,
    payId: entry.pay_id!,
    amount: session.amount,
  }
  w.orders.set(order.id, order)
  cart.orderId = order.id
  if (!record(w, entry, { type: "order_placed", orderId: order.id })) {
    throw new Error(`order ${order.id} placed from #${entry.id}, which another order owns (${entry.order_id})`)
  }
  note(w, "order placed")
  w.log.push(`  medusa: order ${order.id} for cart ${cart.id} with ${order.payId}`)
  return { ok: true }
}

/** A late execution answer arrives: recorded, and the shopper's completion goes on from it. */
export function landAnswer(w: World, index: number): void {
  const [flight] = w.inFlight.splice(index % w.inFlight.length, 1)
  const entry = w.entries[flight.entryId]
  const cart = w.carts[entry.cartId]
  const session = w.sessions.get(entry.sessionId)!
  if (entry.state !== "sending") note(w, "late execution answer after the entry moved")
  const { fault, compensation } = w.pendingCompletions.get(entry.id)!
  w.pendingCompletions.delete(entry.id)
  try {
    record(w, entry, flight.answer)
    // the provider returns what the execution's own answer said
    const auth = flight.answer.type === "bank_status" ? authorized(w, session, entry, flight.answer.status) : undefined
    if (auth && "entry" in auth) afterAuthorization(w, cart, session, entry, fault, compensation)
  } finally {
    cart.locked = false // the completion ends (or its process died: the lock's time runs out)
  }
}

/** Answers arrive within the request budget: before any time passes, every late one has landed. */
export function landAllAnswers(w: World): void {
  while (w.inFlight.length > 0) landAnswer(w, 0)
}
