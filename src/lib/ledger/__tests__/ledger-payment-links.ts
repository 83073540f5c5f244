/**
 * The ledger model's payment-link part (ledger-model.properties.unit.spec.ts): the merchant opens
 * TBC payment links for what a phone order owes, the shopper pays them on the bank's page (also an
 * old tab's page of a link closed since), the order changes, is paid another way or canceled, and
 * time passes. A simulated bank (ground truth), Medusa's order (its total, what other money paid,
 * the link payments authorized into it) and the ledger; every decision goes through the real rules:
 * createLinkVerdict, payVerdict, closeReasonOf, linkStatusOf (../../payment-link-rules.ts) decide
 * the links, applyLedgerEvent records every answer, nextJobStep drives the lost-callback job and the
 * orphan sweep, attentionReason lists what a person must look at.
 * Closing a link deletes its live session (Medusa's deletePaymentSessionsWorkflow): a payment of
 * it that still lands is the orphan policy's (returned at the bank), never the order's.
 */
import fc from "fast-check"
import {
  closeReasonOf,
  createLinkVerdict,
  linkStatusOf,
  payVerdict,
  type LinkFacts,
  type StoredLinkStatus,
} from "../../payment-link-rules"
import type { PaymentLinkClosedReason } from "../../payment-links"
import { STALE_SENDING_MS, attentionReason, nextJobStep, type LedgerFacts } from "../guards"
import { patchAt } from "../facets"
import { sendingFacts } from "./ledger-world"
import { applyLedgerEvent, type LedgerEvent } from "../states"

const MINUTE = 60_000
const HOUR = 60 * MINUTE

interface Link extends LinkFacts {
  id: number
  status: StoredLinkStatus
  sessions: string[]
  session: string | null
}
interface Charge extends LedgerFacts {
  id: number
  linkId: number
  sessionId: string
  amount: number
  session_live: boolean
}
interface BankPay {
  payId: string
  entryId: number
  sessionId: string
  amount: number
  status: "Created" | "Succeeded" | "Expired" | "Returned"
}

export interface LinkWorld {
  now: number
  /** the order's total (tetri); an edit moves it */
  total: number
  /** what other money (cash, a saved-card charge) paid of it */
  paidElsewhere: number
  canceled: boolean
  /** link payments Medusa authorized into the order, by session (tetri) */
  medusaPaid: Map<string, number>
  links: Link[]
  entries: Charge[]
  bank: BankPay[]
  callbacks: string[]
  seq: number
  log: string[]
  seen: Map<string, number>
}

export type LinkStep =
  | { t: "open"; hours: number }
  | { t: "pay"; pick: number; answer: "ok" | "lost" }
  | { t: "shopper"; pick: number }
  | { t: "lapse"; pick: number }
  | { t: "callback"; pick: number; lose: boolean }
  | { t: "edit"; delta: number }
  | { t: "elsewhere" }
  | { t: "cancel" }
  | { t: "job" }
  | { t: "wait"; minutes: number }

export const linkStepArb: fc.Arbitrary<LinkStep> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ t: fc.constant("open" as const), hours: fc.constantFrom(1, 72) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant("pay" as const),
      pick: fc.nat(4),
      answer: fc.constantFrom("ok" as const, "ok" as const, "lost" as const),
    }),
  },
  { weight: 4, arbitrary: fc.record({ t: fc.constant("shopper" as const), pick: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("lapse" as const), pick: fc.nat(4) }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("callback" as const), pick: fc.nat(4), lose: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("edit" as const), delta: fc.constantFrom(-1500, 700, 2500) }) },
  { weight: 1, arbitrary: fc.constant({ t: "elsewhere" as const }) },
  { weight: 1, arbitrary: fc.constant({ t: "cancel" as const }) },
  { weight: 2, arbitrary: fc.constant({ t: "job" as const }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("wait" as const), minutes: fc.constantFrom(5, 90, 80 * 60) }) }
)

export function newLinkWorld(total = 5000): LinkWorld {
  return {
    now: Date.UTC(2026, 11, 2),
    total,
    paidElsewhere: 0,
    canceled: false,
    medusaPaid: new Map(),
    links: [],
    entries: [],
    bank: [],
    callbacks: [],
    seq: 0,
    log: [],
    seen: new Map(),
  }
}

const at = (w: LinkWorld) => new Date(w.now)
const note = (w: LinkWorld, what: string): void => void w.seen.set(what, (w.seen.get(what) ?? 0) + 1)
const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0)
const owed = (w: LinkWorld) => Math.max(0, w.total - w.paidElsewhere - sum(w.medusaPaid.values()))
const orderFacts = (w: LinkWorld) => ({ owedMinor: owed(w), status: w.canceled ? "canceled" : "pending" })
const chargesOf = (w: LinkWorld, link: Link) => w.entries.filter((e) => e.linkId === link.id)
const statusOf = (w: LinkWorld, link: Link) => linkStatusOf(link, chargesOf(w, link), at(w))

function record(w: LinkWorld, e: Charge, event: LedgerEvent): boolean {
  const t = applyLedgerEvent(e, event)
  if (!t.ok) {
    if (event.type === "bank_status")
      throw new Error(`bank event ${JSON.stringify(event)} refused on #${e.id}: ${t.reason}`)
    return false
  }
  e.state = t.state
  e.pay_id = t.pay_id
  Object.assign(e, patchAt(t.facets ?? {}, at(w)))
  w.log.push(`  #${e.id} → ${e.state}${e.pay_id ? ` ${e.pay_id}` : ""} (${event.type})`)
  return true
}

/** closePaymentLink: closed, its live session deleted unless Medusa has the link's money. */
function close(w: LinkWorld, link: Link, reason: PaymentLinkClosedReason): void {
  if (link.status !== "open" || statusOf(w, link) === "paid") return
  link.status = "closed"
  link.closed_reason = reason
  note(w, `closed: ${reason}`)
  for (const e of chargesOf(w, link)) {
    if (e.session_live && !w.medusaPaid.has(e.sessionId)) {
      e.session_live = false
      record(w, e, { type: "session_gone" })
    }
  }
}

/** reviewOrderLinks, on Medusa's order events and before a link is shown or paid. */
function review(w: LinkWorld): void {
  for (const link of w.links.filter((l) => l.status === "open")) {
    const reason = closeReasonOf(link, orderFacts(w), at(w))
    if (reason) close(w, link, reason)
  }
}

/** The bank holds or took the money of a live session: Medusa's processPaymentWorkflow, then the link subscriber. */
function placeOnOrder(w: LinkWorld, e: Charge): void {
  const p = w.bank.find((b) => b.payId === e.pay_id)
  if (!p || p.status !== "Succeeded" || w.medusaPaid.has(e.sessionId) || !e.session_live) return
  record(w, e, { type: "authorized" })
  w.medusaPaid.set(e.sessionId, p.amount)
  w.links[e.linkId].status = "paid"
  record(w, e, { type: "order_placed", orderId: "order_1" })
  note(w, "link paid into the order")
  review(w)
}

/** The orphan policy (refund): money of a gone session goes back at the bank, recorded. */
function orphan(w: LinkWorld, e: Charge): void {
  const p = w.bank.find((b) => b.payId === e.pay_id)!
  if (!record(w, e, { type: "orphan_claim", now: at(w), takeNotified: false })) return
  p.status = "Returned"
  record(w, e, { type: "bank_status", status: "Returned", payId: p.payId })
  record(w, e, { type: "orphan_action", action: "refunded", amount: p.amount, error: null })
  note(w, "late payment of a closed link returned")
}

function settleEntry(w: LinkWorld, e: Charge): void {
  let step = nextJobStep(e, at(w))
  if (step === "read_bank") {
    const p = w.bank.find((b) => b.payId === e.pay_id)!
    record(w, e, { type: "bank_status", status: p.status, payId: p.payId })
    step = nextJobStep(e, at(w))
  }
  if (step === "complete_order") {
    if (e.session_live) placeOnOrder(w, e)
    else record(w, e, { type: "session_gone" })
    step = nextJobStep(e, at(w))
  }
  if (step === "orphan_policy") orphan(w, e)
}

function pay(w: LinkWorld, pick: number, answer: "ok" | "lost"): void {
  if (w.links.length === 0) return
  const link = w.links[pick % w.links.length]
  review(w)
  const verdict = payVerdict(link, chargesOf(w, link), orderFacts(w), at(w))
  if (verdict.kind === "close") return close(w, link, verdict.reason)
  if (verdict.kind !== "pay") return note(w, `pay: ${verdict.kind}`)
  const sessionId = `S${++w.seq}`
  const e: Charge = {
    id: w.entries.length,
    linkId: link.id,
    ...sendingFacts("web", at(w)),
    sessionId,
    amount: verdict.amountMinor,
    session_live: true,
  }
  w.entries.push(e)
  link.sessions.push(sessionId)
  link.session = sessionId
  const p: BankPay = { payId: `P${++w.seq}`, entryId: e.id, sessionId, amount: e.amount, status: "Created" }
  w.bank.push(p)
  if (answer === "lost") {
    // the bank made the page, the answer never came: the shopper has no URL to pay it
    record(w, e, { type: "unreadable_answer", reason: "timeout" })
    return note(w, "pay: answer lost")
  }
  record(w, e, { type: "bank_status", status: "Created", payId: p.payId })
  note(w, "pay: bank page")
}

export function playLinks(w: LinkWorld, s: LinkStep): void {
  w.log.push(JSON.stringify(s))
  if (s.t === "open") {
    const existing = w.links.map((l) => ({ id: String(l.id), status: statusOf(w, l) }))
    const verdict = createLinkVerdict({ ...orderFacts(w), currency_code: "gel" }, existing)
    if (verdict.kind === "refuse") return note(w, `open refused: ${verdict.message}`)
    for (const id of verdict.replaces) close(w, w.links[Number(id)], "merchant")
    const expires_at = new Date(w.now + s.hours * HOUR)
    w.links.push({
      id: w.links.length,
      status: "open",
      amount: verdict.amountMinor,
      expires_at,
      sessions: [],
      session: null,
    })
    note(w, "link opened")
  } else if (s.t === "pay") pay(w, s.pick, s.answer)
  else if (s.t === "shopper" || s.t === "lapse") {
    // the shopper on a bank page they were given (also an old tab's, of a link closed since)
    const pages = w.bank.filter((p) => p.status === "Created" && w.entries[p.entryId].pay_id === p.payId)
    const p = pages[s.pick % Math.max(1, pages.length)]
    if (!p) return
    p.status = s.t === "shopper" ? "Succeeded" : "Expired"
    w.callbacks.push(p.payId)
  } else if (s.t === "callback") {
    if (w.callbacks.length === 0) return
    const [payId] = w.callbacks.splice(s.pick % w.callbacks.length, 1)
    if (s.lose) return
    const p = w.bank.find((b) => b.payId === payId)!
    const e = w.entries[p.entryId]
    record(w, e, { type: "bank_status", status: p.status, payId })
    if (p.status !== "Succeeded") return
    // Medusa's webhook: a live session is authorized into the order; a gone one is the orphan policy's
    if (e.session_live) placeOnOrder(w, e)
    else orphan(w, e)
  } else if (s.t === "edit") {
    if (w.canceled) return
    w.total = Math.max(w.paidElsewhere + sum(w.medusaPaid.values()), w.total + s.delta)
    review(w)
  } else if (s.t === "elsewhere") {
    if (w.canceled || owed(w) === 0) return
    w.paidElsewhere += owed(w)
    note(w, "paid elsewhere")
    review(w)
  } else if (s.t === "cancel") {
    // Medusa cancels an order nothing captured yet
    if (w.canceled || w.paidElsewhere > 0 || w.medusaPaid.size > 0) return
    w.canceled = true
    note(w, "order canceled")
    review(w)
  } else if (s.t === "job") for (const e of w.entries) settleEntry(w, e)
  else w.now += s.minutes * MINUTE
}

function fail(w: LinkWorld, message: string): never {
  throw new Error(`${message}\n--- what happened ---\n${w.log.slice(-40).join("\n")}`)
}

/** After every step. */
export function checkLinkInvariants(w: LinkWorld): void {
  const medusa = sum(w.medusaPaid.values())
  // at most what the order owes is taken into it
  if (w.paidElsewhere + medusa > w.total) fail(w, `the order was paid ${w.paidElsewhere + medusa} of ${w.total}`)
  if (w.canceled && medusa > 0) fail(w, "a canceled order took a link's money")
  for (const link of w.links) {
    const paid = link.sessions.filter((s) => w.medusaPaid.has(s))
    if (paid.length > 1) fail(w, `link ${link.id} was paid ${paid.length} times`)
    if (paid.length === 1 && statusOf(w, link) !== "paid") fail(w, `link ${link.id} paid, shown ${statusOf(w, link)}`)
  }
  for (const p of w.bank.filter((b) => b.status === "Succeeded" && !w.medusaPaid.has(b.sessionId))) {
    // nothing held or taken without the order or a visible entry
    const e = w.entries[p.entryId]
    if (attentionReason(e, at(w)) === undefined && nextJobStep(e, at(w)) === "none") {
      fail(w, `${p.payId} was taken, is not the order's, and #${e.id} (${e.state}) is invisible`)
    }
  }
}

/** The end: callbacks lost, unpaid bank pages lapse, time passes, the jobs run until nothing changes. */
export function settleLinks(w: LinkWorld): void {
  w.callbacks = []
  for (const p of w.bank) if (p.status === "Created") p.status = "Expired"
  for (let round = 0; round < 3; round++) {
    w.now += STALE_SENDING_MS + 30 * MINUTE
    for (const e of w.entries) settleEntry(w, e)
  }
  for (const p of w.bank.filter((b) => b.status === "Succeeded")) {
    if (!w.medusaPaid.has(p.sessionId)) fail(w, `settled: ${p.payId} was taken and is neither the order's nor returned`)
  }
  for (const e of w.entries.filter((x) => x.pay_id)) {
    if (nextJobStep(e, at(w)) !== "none") fail(w, `settled: #${e.id} still has a job step`)
  }
  checkLinkInvariants(w)
}
