/**
 * Issue 32's races and mistakes in the ledger model, played through the real rules (every move by
 * applyLedgerEvent, ledger-world.ts `record`):
 *   - an admin marks "not charged" what the bank did charge (its dashboard lagged), then the
 *     bank's late callback arrives: the bank's word reopens the entry; the shopper may place the
 *     order again in between, with a second execution on the same session, which the order then
 *     owns: the reopened one is a second charge of the cart (listed, the orphan policy's);
 *   - two admins press "attach payId" and "not charged" at once, in either order: the entry never
 *     ends refused and unpairable while the bank holds its money;
 *   - a release (admin or orphan policy) races the shopper placing the order from the same money,
 *     in either order, its process perhaps dying right after its claim: exactly one wins.
 */
import { attentionReason, holdsMoney, isStrandedMoney } from "../guards"
import { releaseMoney, deliverCallback } from "./ledger-backoffice"
import { completeCart } from "./ledger-checkout"
import type { CompletionFault, OperationOutcome } from "./ledger-faults"
import {
  at,
  bankHolds,
  entriesOfCart,
  note,
  paymentOfEntry,
  ProcessDied,
  readInto,
  record,
  type Entry,
  type World,
} from "./ledger-world"

const nth = <T>(items: T[], index: number): T | undefined => (items.length ? items[index % items.length] : undefined)

/** Listed executions without a payId that the bank did charge (TBC's dashboard may not show it yet). */
const chargedUnpaired = (w: World): Entry[] =>
  w.entries.filter(
    (e) =>
      e.kind === "execution" &&
      !e.pay_id &&
      (e.state === "sending" || e.state === "uncertain") &&
      bankHolds(paymentOfEntry(w, e)) &&
      attentionReason(e, at(w)) !== undefined
  )

/**
 * The admin's word contradicts the bank's; the bank's callback (sent or retried) then arrives.
 * `payAgain`: in between, the shopper places the order again on the same session (the guard lets
 * a new execution start once the first is refused), so the late callback reopens a second charge
 * of a cart that has its order: never recorded as that order's, listed, and the orphan policy's
 * after its grace (orderStepOf's ordered_elsewhere). `payAgainFails`: that completion fails after
 * authorizing and Medusa's compensation gives the second charge back, so the reopened first one is
 * the session's money: the order is placed from it (savedCardExecutionVerdict reads it back),
 * never from a third charge.
 */
export function adminContradicted(
  w: World,
  pick: number,
  fault: CompletionFault,
  op: OperationOutcome,
  payAgain = false,
  payAgainFails = false
): void {
  const e = nth(chargedUnpaired(w), pick)
  if (!e) return
  if (!record(w, e, { type: "admin_not_charged", reason: "TBC's dashboard shows nothing yet" })) {
    // the other instance paired the bank's answer between the admin's read and its write
    if (e.pay_id) return note(w, "admin's action refused: the entry moved meanwhile")
    throw new Error(`#${e.id}: "not charged" refused on an unanswered execution`)
  }
  note(w, "admin said not charged, the bank had charged")
  const p = paymentOfEntry(w, e)!
  const cart = w.carts[e.cartId]
  let given: string | undefined
  if (payAgain) {
    const executions = w.entries.length
    completeCart(w, cart, { at: payAgainFails ? "after" : "none", error: 0 }, "success", "ok")
    const order = w.orders.get(cart.orderId ?? "")
    if (order && order.payId !== p.payId) note(w, "the shopper paid again after an admin's wrong 'not charged'")
    const second = w.entries.slice(executions).find((x) => x.kind === "execution" && x.sessionId === e.sessionId)
    if (payAgainFails && second?.state === "returned") given = second.pay_id ?? undefined
  }
  w.callbacks = w.callbacks.filter((payId) => payId !== p.payId)
  try {
    deliverCallback(w, p.payId, fault, op)
  } catch (error) {
    if (!(error instanceof ProcessDied)) throw error
    // the handler's process died before answering: the bank sends the callback again
    note(w, "a callback's process died: the bank's retry came")
    deliverCallback(w, p.payId, fault, op)
  }
  if (e.pay_id !== p.payId) throw new Error(`#${e.id}: the bank's callback for ${p.payId} was not paired`)
  if (e.reopened_at) note(w, "the bank's word reopened an admin's 'not charged'")
  if (given && holdsMoney(e) && e.order_id === null) {
    // the next completion of the session (the shopper's, or the job's) reads the first charge back
    // (when the callback's own completion gave it back too, a new charge is the shopper's right)
    const executions = w.entries.filter((x) => x.kind === "execution" && x.sessionId === e.sessionId).length
    completeCart(w, cart, { at: "none", error: 0 }, "success", "ok")
    const sent = w.entries.filter((x) => x.kind === "execution" && x.sessionId === e.sessionId).length - executions
    if (sent > 0) throw new Error(`#${e.id}: a third charge of session ${e.sessionId} after ${given} was given back`)
    if (w.orders.get(cart.orderId ?? "")?.payId === p.payId) {
      note(w, "the second charge given back: the reopened first one became the order")
    }
  }
}

/** "Attach payId" (the payment TBC's dashboard shows) and "not charged", pressed at once. */
export function adminsRace(w: World, pick: number, attachFirst: boolean): void {
  const e = nth(chargedUnpaired(w), pick)
  if (!e) return
  const p = paymentOfEntry(w, e)!
  const attach = () => record(w, e, { type: "admin_attach_pay_id", payId: p.payId })
  const notCharged = () => record(w, e, { type: "admin_not_charged", reason: "TBC's dashboard shows nothing yet" })
  if (attachFirst) {
    attach()
    notCharged()
  } else {
    notCharged()
    attach()
  }
  if (e.pay_id !== p.payId) throw new Error(`#${e.id}: ${e.state} without ${p.payId}, which the bank holds`)
  readInto(w, e) // the attach route reads the bank right after
  note(w, `admins raced: ${attachFirst ? "attach" : "not charged"} first`)
}

/**
 * The shopper places the order from the cart's money while a release of that money runs; the
 * release's claim comes first or after the authorization, and its process may die right after
 * the claim. Exactly one wins: an order on money the bank still holds, or the money back.
 */
export function releaseRacesOrder(
  w: World,
  cartId: number,
  releaseFirst: boolean,
  dies: boolean,
  fault: CompletionFault,
  op: OperationOutcome
): void {
  const cart = w.carts[cartId]
  const e = [...entriesOfCart(w, cartId)]
    .reverse()
    .find((x) => x.sessionId === cart.live && x.pay_id && isStrandedMoney(x))
  if (!e || cart.orderId) return
  const release = () => releaseMoney(w, e, op, dies)
  const place = () => completeCart(w, cart, fault, "success", op)
  const released = releaseFirst ? release() : (place(), release())
  if (releaseFirst) place()
  note(w, `release raced the order: ${releaseFirst ? "release" : "order"} first${dies ? ", release died" : ""}`)
  // an order from this money (once it was given back, a saved-card session may charge anew:
  // savedCardExecutionVerdict, as the provider decides)
  const ordered = cart.orderId !== null && w.orders.get(cart.orderId)?.payId === e.pay_id
  if (ordered && released) throw new Error(`#${e.id}: an order AND a release claim on the same money`)
}
