/**
 * What must hold after every step of the ledger model, and once everything has settled. The bank
 * (ledger-world.ts) is the ground truth; the ledger is judged by the rules' own views of it
 * (attentionReason, nextJobStep, isUnresolvedCharge), i.e. by what a person or a job would see.
 */
import { attentionReason, isStaleClaim, isUnresolvedCharge, nextJobStep } from "../guards"
import { FINAL_CHARGE_STATES, chargeStateOfBankStatus, isChargeKind } from "../states"
import { at, note, bankHolds, paymentOfEntry, type BankPayment, type Entry, type World } from "./ledger-world"

/**
 * Something will act on the row, or a person is asked to. A fresh release claim counts: the
 * process holding it acts, or (it died) the row is listed once the claim is stale.
 */
export const visible = (w: World, e: Entry): boolean =>
  attentionReason(e, at(w)) !== undefined ||
  nextJobStep(e, at(w)) !== "none" ||
  (e.orphan_action === "acting" && !isStaleClaim(e, at(w)))

function fail(w: World, message: string): never {
  throw new Error(`${message}\n--- what happened (last steps) ---\n${w.log.slice(-60).join("\n")}`)
}

/**
 * The cart's own charge: once the cart has an order, only the payment that order was paid with
 * (a second charge of the same session, e.g. the shopper paying again after an admin's wrong "not
 * charged", is not the order's); before, any payment of its live session.
 */
const isOwnedBy = (w: World, p: BankPayment): boolean => {
  const cart = w.carts[p.cartId]
  const order = cart.orderId ? w.orders.get(cart.orderId) : undefined
  return order ? p.payId === order.payId : p.sessionId === cart.live
}

export function checkInvariants(w: World): void {
  const now = at(w)
  const money = [...w.bank.values()].filter(bankHolds)
  for (const cart of w.carts) {
    // (a) at most one charge per cart: one money-holding payment for its live session or order;
    // any other one is known to the orphan policy (payId known, session gone), listed for the
    // admin, or still blocks every new payment on the cart as an unresolved charge
    const mine = money.filter((p) => p.cartId === cart.id)
    const owned = mine.filter((p) => isOwnedBy(w, p))
    if (mine.length > 1) note(w, "a cart's second payment held money")
    if (owned.length > 1) fail(w, `(a) cart ${cart.id} has ${owned.length} charges: ${owned.map((p) => p.payId)}`)
    for (const p of mine.filter((q) => !isOwnedBy(w, q))) {
      const e = w.entries[p.entryId]
      const known = e.pay_id === p.payId && e.session_gone_at !== null
      if (!known && attentionReason(e, now) === undefined && !isUnresolvedCharge(e)) {
        fail(
          w,
          `(a) cart ${cart.id}: second charge ${p.payId} (#${e.id} ${e.state}) is neither known as orphan nor listed`
        )
      }
    }
    // (c) no order without money
    const order = cart.orderId ? w.orders.get(cart.orderId) : undefined
    if (order && !bankHolds(w.bank.get(order.payId))) {
      fail(w, `(c) order ${order.id} of cart ${cart.id}: its payment ${order.payId} holds no money`)
    }
  }
  for (const p of money) {
    // (b) no money at the bank without an order or a visible unresolved entry
    const cart = w.carts[p.cartId]
    const order = cart.orderId ? w.orders.get(cart.orderId) : undefined
    const e = w.entries[p.entryId]
    if (order?.payId !== p.payId && !visible(w, e)) {
      fail(w, `(b) ${p.payId} (${p.status}) of cart ${p.cartId}: no order, and #${e.id} (${e.state}) is invisible`)
    }
  }
  for (const order of w.orders.values()) {
    // Medusa's capture is what the bank took: a partial capture is recorded at its own amount, once
    const p = w.bank.get(order.payId)
    if (order.captured !== undefined && order.captured !== p?.confirmed) {
      fail(w, `order ${order.id} recorded a capture of ${order.captured}, the bank took ${p?.confirmed} (${p?.payId})`)
    }
  }
  for (const e of w.entries) {
    if (isChargeKind(e.kind)) {
      const truth = paymentOfEntry(w, e)
      // (d) the ledger never calls a charge over while the bank holds its money
      if ((FINAL_CHARGE_STATES as readonly string[]).includes(e.state) && bankHolds(truth)) {
        fail(w, `(d) #${e.id} says ${e.state}, the bank holds ${truth!.payId} (${truth!.status})`)
      }
      // the ledger names only the payment its own call created
      if (e.pay_id && truth?.payId !== e.pay_id) fail(w, `#${e.id} names ${e.pay_id}, its payment is ${truth?.payId}`)
      // (a) an order is owned by one charge: the one its payment was made from, never a second
      // charge of the same session (that one would be hidden from the list and the orphan policy)
      const owner = e.order_id ? w.orders.get(e.order_id) : undefined
      if (owner && owner.payId !== e.pay_id) {
        fail(w, `(a) #${e.id} (${e.pay_id}) is recorded as owned by order ${owner.id}, paid with ${owner.payId}`)
      }
    } else {
      // (d) for operations: `done` only when the bank shows the operation's effect, `refused` only when it did nothing
      const p = w.bank.get(e.pay_id!)!
      const effect = e.kind === "completion" ? p.status !== "WaitingConfirm" : !bankHolds(p)
      if (e.state === "done" && !effect)
        fail(w, `(d) operation #${e.id} (${e.kind}) says done, the bank shows ${p.status}`)
      if (e.state === "refused" && e.acted) fail(w, `(d) operation #${e.id} (${e.kind}) says refused, the bank did it`)
    }
  }
}

/**
 * After the jobs alone ran a few times in a calm world: every charge whose payId is known is
 * finished without a person: its money became an order, went back, or waits for the admin because
 * the orphan policy is "notify"; and no job step is left on it.
 */
export function checkJobsSettled(w: World): void {
  for (const e of w.entries.filter((x) => isChargeKind(x.kind) && x.pay_id)) {
    // an operation on it whose process died before its answer was recorded stays `sending` and is
    // listed (attentionReason): until a person settles it no other operation may open (one open
    // operation per charge), so the jobs leave this money to the admin
    const stuck = w.entries.find((o) => !isChargeKind(o.kind) && o.pay_id === e.pay_id && o.state === "sending")
    if (stuck) {
      if (attentionReason(stuck, at(w)) === undefined) fail(w, `jobs settled: #${stuck.id} is stuck sending, unlisted`)
      note(w, "jobs settled: money left to the admin behind a stuck operation")
      continue
    }
    const step = nextJobStep(e, at(w))
    if (step !== "none") fail(w, `jobs settled: #${e.id} (${e.state} ${e.pay_id}) still has a job step: ${step}`)
    const p = w.bank.get(e.pay_id!)!
    const order = w.orders.get(w.carts[e.cartId].orderId ?? "")
    // left for the admin: the "notify" policy's, a release whose process died or that failed (listed)
    const admins = e.orphan_action === "notified" || e.orphan_action === "acting" || e.orphan_action === "failed"
    if (bankHolds(p) && order?.payId !== p.payId && !admins) {
      fail(w, `jobs settled: ${p.payId} (${p.status}) of #${e.id} holds money the jobs left alone`)
    }
  }
}

/**
 * After the world has settled (no more clicks, every job and admin pass done): every cart's money
 * is its order's, nothing is left for a job or a person, and every charge row agrees with the bank.
 */
export function checkSettled(w: World): void {
  checkInvariants(w)
  for (const p of w.bank.values()) {
    const order = w.carts[p.cartId].orderId
    if (bankHolds(p) && w.orders.get(order ?? "")?.payId !== p.payId) {
      fail(w, `settled: ${p.payId} (${p.status}) of cart ${p.cartId} still holds money without its order`)
    }
  }
  for (const e of w.entries) {
    const reason = attentionReason(e, at(w))
    if (reason) fail(w, `settled: #${e.id} (${e.kind} ${e.state}) still listed: ${reason}`)
    if (!isChargeKind(e.kind)) continue
    const step = nextJobStep(e, at(w))
    if (step !== "none") fail(w, `settled: #${e.id} (${e.kind} ${e.state}) still has a job step: ${step}`)
    const truth = paymentOfEntry(w, e)
    const expected = truth ? chargeStateOfBankStatus(truth.status) : "refused"
    if (e.state !== expected || (truth && e.pay_id !== truth.payId)) {
      fail(
        w,
        `settled: #${e.id} says ${e.state} ${e.pay_id ?? "-"}, the bank ${truth ? `${truth.payId} ${truth.status}` : "nothing"}`
      )
    }
  }
}
