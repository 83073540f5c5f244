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
import { holdsMoney, newPaymentVerdict } from "../guards"
import {
  bankCreate,
  bankHolds,
  bankSet,
  deleteSession,
  entriesOfCart,
  moneyStatus,
  nextId,
  note,
  readInto,
  record,
  writeEntry,
  type Cart,
  type Entry,
  type Method,
  type Session,
  type World,
} from "./ledger-world"

/** How the bank answers the call that creates a hosted-page payment. */
export const CREATE_OUTCOMES = [
  "ok",
  "clear_refusal",
  "unreadable_created",
  "unreadable_not_created",
  "crash_created",
  "crash_not_created",
] as const
/** How the bank answers a saved-card execution; `crash_*`: our process died before recording any answer. */
export const EXECUTION_OUTCOMES = [
  "success",
  "clear_refusal",
  "5xx_after_acting",
  "processing",
  "timeout_charged",
  "timeout_not_charged",
  "crash_charged",
  "crash_not_charged",
] as const
/** How the bank answers a cancel, refund or completion. */
export const OPERATION_OUTCOMES = ["ok", "unreadable_acted", "unreadable_not_acted"] as const
export type CreateOutcome = (typeof CREATE_OUTCOMES)[number]
export type ExecutionOutcome = (typeof EXECUTION_OUTCOMES)[number]
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number]

/** Errors a cart completion throws, shaped as Medusa's (type + message); truth is whether they last. */
class ModelMedusaError extends Error {
  constructor(
    readonly type: string,
    message: string
  ) {
    super(message)
  }
}
export const PERMANENT_ERRORS = [
  new ModelMedusaError("not_allowed", "Some variant does not have the required inventory"),
  new ModelMedusaError("invalid_data", "Variant v_1 does not have any inventory items associated with it."),
  new ModelMedusaError("not_found", "Cart with id: cart_1 was not found"),
]
export const TRANSIENT_ERRORS: unknown[] = [
  new ModelMedusaError(
    "unexpected_state",
    "Could not confirm the payment with the bank: the bank did not answer in time. Check the payment's status before trying again."
  ),
  new ModelMedusaError(
    "unexpected_state",
    "Could not confirm the payment with the bank: the bank is temporarily unavailable."
  ),
  new ModelMedusaError("database_error", "connection terminated unexpectedly"),
  new ModelMedusaError("conflict", "Failed to acquire lock for key cart_1"),
  new Error("Timed-out acquiring lock: cart_1"),
  new ModelMedusaError("payment_authorization_error", "Payment authorization failed"),
  "socket hang up",
]

/** Where a completion fails besides the cart's own state: before authorizing, or after it. */
export interface CompletionFault {
  at: "none" | "before" | "after"
  error: number
}

export type Completion = { ok: true } | { ok: false; error: unknown }

const notAuthorized = (session: Session) =>
  new ModelMedusaError("not_allowed", `Session: ${session.id} was not authorized with the provider.`)

/** The shopper opens a session; the session guard (newPaymentVerdict) runs before Medusa deletes anything. */
export function openSession(
  w: World,
  cart: Cart,
  method: Method,
  create: CreateOutcome
): "opened" | "refused" | "failed" {
  if (cart.orderId) return "refused" // a completed cart takes no new session (Medusa and our guard)
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
    const entry = writeEntry(w, "web", cart.id, session.id)
    if (create === "ok") {
      const p = bankCreate(w, entry, "web", session.amount, "Created", true)
      record(w, entry, { type: "bank_status", status: "Created", payId: p.payId })
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
    if (create !== "ok") {
      // initiatePayment threw: Medusa keeps no session (its re-created copy would meet the guard again)
      deleteSession(w, session.id)
      return "failed"
    }
  }
  cart.live = session.id
  return "opened"
}

/** The shopper changes the cart (items, address, customer): Medusa deletes its sessions. */
export function changeCart(w: World, cart: Cart): void {
  if (cart.orderId) return // a completed cart cannot change
  cart.total += 1
  deleteSession(w, cart.live)
}

/** A saved-card execution, sent once; what the bank does and what we can read of it. */
function execute(w: World, session: Session, outcome: ExecutionOutcome): Entry {
  const entry = writeEntry(w, "execution", session.cartId, session.id)
  note(w, `execution: ${outcome}`)
  const charge = () => bankCreate(w, entry, "execution", session.amount, moneyStatus(w))
  switch (outcome) {
    case "success": {
      const p = charge()
      record(w, entry, { type: "bank_status", status: p.status, payId: p.payId })
      break
    }
    case "processing": {
      const p = bankCreate(w, entry, "execution", session.amount, "Processing")
      record(w, entry, { type: "bank_status", status: p.status, payId: p.payId })
      break
    }
    case "clear_refusal":
      record(w, entry, { type: "clear_refusal", reason: "400 with a problem body" })
      break
    case "5xx_after_acting":
    case "timeout_charged":
      charge()
      record(w, entry, { type: "unreadable_answer", reason: outcome })
      break
    case "timeout_not_charged":
      record(w, entry, { type: "unreadable_answer", reason: "timeout" })
      break
    case "crash_charged":
      charge() // the process died before writing the answer: the row stays `sending`
      break
    case "crash_not_charged":
      break
  }
  return entry
}

/**
 * authorizePayment of the cart's session: a web session reads its payment at the bank; a
 * saved-card session reads back its execution when it has one, else executes once, and only when
 * the guard allows a new charge on the cart (never while one is unresolved).
 */
function authorize(w: World, session: Session, outcome: ExecutionOutcome): { entry: Entry } | { error: unknown } {
  const mine = w.entries.filter((e) => e.sessionId === session.id && (e.kind === "web" || e.kind === "execution"))
  const known = [...mine].reverse().find((e) => e.pay_id && e.state !== "refused" && e.state !== "expired")
  let entry: Entry
  if (known) {
    entry = known
    readInto(w, entry)
  } else if (session.method === "web") {
    return { error: new ModelMedusaError("payment_authorization_error", "no payment at the bank for this session") }
  } else {
    const verdict = newPaymentVerdict(entriesOfCart(w, session.cartId))
    if (!verdict.allowed) {
      note(w, `execution refused: ${verdict.reason}`)
      return { error: new ModelMedusaError("payment_authorization_error", verdict.message) }
    }
    entry = execute(w, session, outcome)
    if (entry.state === "sending") return { error: new Error("the process died") }
    if (!entry.pay_id) return { error: new ModelMedusaError("payment_authorization_error", "not charged / checking") }
  }
  const status = sessionOutcome(w.bank.get(entry.pay_id!)!.status).status
  if (status === SESSION_STATUS.AUTHORIZED || status === SESSION_STATUS.CAPTURED) return { entry }
  return { error: notAuthorized(session) }
}

/**
 * A cancel or refund of a charge's money (Medusa's compensation, the orphan policy, the admin),
 * with its own ledger row. True when the bank's answer was read and the money is back.
 */
export function returnMoney(w: World, charge: Entry, outcome: OperationOutcome): boolean {
  const op = writeEntry(
    w,
    charge.state === "held" ? "cancel" : "refund",
    charge.cartId,
    charge.sessionId,
    charge.pay_id
  )
  const p = w.bank.get(charge.pay_id!)!
  op.acted = outcome !== "unreadable_not_acted" && bankHolds(p)
  if (op.acted) bankSet(w, p, "Returned")
  if (outcome !== "ok") {
    record(w, op, { type: "unreadable_answer", reason: "504" })
    return false
  }
  record(w, op, { type: "bank_status", status: p.status, payId: p.payId })
  record(w, charge, { type: "bank_status", status: p.status, payId: p.payId })
  return !bankHolds(p)
}

/** Medusa's completeCartWorkflow on the cart's live session. */
export function completeCart(
  w: World,
  cart: Cart,
  fault: CompletionFault,
  execution: ExecutionOutcome,
  compensation: OperationOutcome
): Completion {
  if (cart.orderId) return { ok: true } // completed already: Medusa answers with the order
  const session = cart.live ? w.sessions.get(cart.live) : undefined
  if (!session) return { ok: false, error: new ModelMedusaError("invalid_data", "the cart has no payment session") }
  if (cart.soldOut) return { ok: false, error: PERMANENT_ERRORS[fault.error % PERMANENT_ERRORS.length] }
  const transient = TRANSIENT_ERRORS[fault.error % TRANSIENT_ERRORS.length]
  if (fault.at === "before") return { ok: false, error: transient }
  const auth = authorize(w, session, execution)
  if ("error" in auth) return { ok: false, error: auth.error }
  if (fault.at === "after") {
    w.log.push(`  medusa: completion of cart ${cart.id} failed after authorizing: compensation cancels`)
    note(w, "compensation cancels after authorization")
    returnMoney(w, auth.entry, compensation)
    return { ok: false, error: transient }
  }
  if (!holdsMoney(auth.entry))
    throw new Error(`authorized on #${auth.entry.id}, which the ledger says is ${auth.entry.state}`)
  const order = {
    id: nextId(w, "O"),
    cartId: cart.id,
    sessionId: session.id,
    payId: auth.entry.pay_id!,
    amount: session.amount,
  }
  w.orders.set(order.id, order)
  cart.orderId = order.id
  auth.entry.order_id = order.id
  note(w, "order placed")
  w.log.push(`  medusa: order ${order.id} for cart ${cart.id} with ${order.payId}`)
  return { ok: true }
}
