/**
 * The web-payment state machine:
 *   Created → Succeeded | Failed (hosted page / control pay), or WaitingConfirm when preAuth;
 *   Created → Processing (control pay "processing": the bank is still deciding; no callback);
 *   Processing → Succeeded | WaitingConfirm | Failed | Expired (control pay "success"/"decline"/"expire");
 *   Created → Expired after expirationMinutes (sandbox clock);
 *   WaitingConfirm → Succeeded (completion ≤ authorized, within 30 days; the rest is returned);
 *   WaitingConfirm → Returned (full cancel only);
 *   Succeeded | PartialReturned → PartialReturned | Returned (cancel/refund).
 * Callbacks fire on entering Succeeded, Failed, Expired, WaitingConfirm, Returned, PartialReturned.
 */
import { minorToMajor } from "medusa-payment-tbc/lib"
import { limitVerdict } from "medusa-payment-tbc/lib"
import type { SandboxBank } from "./bank"
import { THIRTY_DAYS_MS, bankDay } from "./clock"
import { newRrn, newTransactionId } from "./ids"
import { conflict, fail } from "./problem"
import type { PaymentStatus, SandboxPayment, SavedCard } from "./store"
import { RESULT_CODES } from "./test-cards"

export const CALLBACK_STATUSES: readonly PaymentStatus[] = [
  "Succeeded",
  "Failed",
  "Expired",
  "WaitingConfirm",
  "Returned",
  "PartialReturned",
]

/** Methods whose success charges a card and can therefore save it. */
export const CARD_METHODS = [5, 9, 14]
export const SANDBOX_CARD_MASK = "5***********1234"
const CARD_LIFETIME_YEARS = 3

export function setStatus(bank: SandboxBank, payment: SandboxPayment, status: PaymentStatus): void {
  payment.status = status
  payment.history.push({ status, at: bank.now() })
  if (status !== "Created") {
    bank.store.openPayments.delete(payment.payId)
  }
  const url = payment.callbackUrl ?? bank.config.defaultCallbackUrl
  if (url && CALLBACK_STATUSES.includes(status)) {
    bank.callbacks.enqueue(payment.payId, url, status)
  }
}

/** Expires every Created payment whose time is up; cheap (only open payments are visited). */
export function sweepExpired(bank: SandboxBank): void {
  const { store } = bank
  const now = bank.now()
  if (now < store.nextExpiryAt) {
    return
  }
  let next = Infinity
  for (const payId of store.openPayments) {
    const payment = store.payments.get(payId)
    if (!payment || payment.status !== "Created") {
      store.openPayments.delete(payId)
    } else if (payment.expiresAt <= now) {
      setStatus(bank, payment, "Expired")
    } else {
      next = Math.min(next, payment.expiresAt)
    }
  }
  store.nextExpiryAt = next
}

/** Registers a new Created payment for the expiry sweep. */
export function trackOpenPayment(bank: SandboxBank, payment: SandboxPayment): void {
  bank.store.openPayments.add(payment.payId)
  bank.store.nextExpiryAt = Math.min(bank.store.nextExpiryAt, payment.expiresAt)
}

export interface PayOutcome {
  method: number
  /**
   * success/decline: the hosted page's answer; processing: the shopper paid and the bank is still
   * deciding (a later success/decline/expire ends it); expire: the bank gives up on the payment
   */
  outcome: "success" | "decline" | "processing" | "expire"
  /** default: what the create request asked for */
  saveCard?: boolean
  /** the masked card (card methods); default SANDBOX_CARD_MASK */
  cardMask?: string
  /** default 000 on success, 100 (do not honour) on decline */
  resultCode?: string
  /** method 4 paid by its Part-by-Part (BNPL) choice */
  bnpl?: boolean
}

/**
 * Why an installment (method 8) cannot be taken for this payment, or undefined: TBC's published
 * terms lend 100–10,000 GEL, so the live bank's installment page refuses a loan outside them
 * (docs/bank-behaviour.md). The plugin leaves 8 out of such a page and refuses its own choice.
 */
export function installmentOutOfRange(payment: Pick<SandboxPayment, "amountMinor" | "currency">, method: number) {
  if (method !== 8) return undefined
  return loanOutOfRange("an installment (method 8)", payment.amountMinor, payment.currency)
}

/**
 * Why TBC would not lend `amountMinor` (outside its published 100–10,000 GEL), in the bank's words
 * (no plugin option named), or undefined: the one limit of the installment page and of an Online
 * Installments application.
 */
export function loanOutOfRange(what: string, amountMinor: number, currency = "GEL"): string | undefined {
  const verdict = limitVerdict("8", what, undefined, amountMinor, currency)
  return verdict.available ? undefined : verdict.message?.replace(/ \(option [^)]*\)$/, "")
}

/** The customer's choice on the hosted page (or the control API's stand-in for it). */
export function payPayment(bank: SandboxBank, payment: SandboxPayment, pay: PayOutcome): void {
  sweepExpired(bank)
  const deciding = payment.status === "Processing"
  if (payment.status !== "Created" && !deciding) {
    conflict("sandbox", `payment ${payment.payId} is ${payment.status}, it can no longer be paid`)
  }
  if (pay.outcome === "processing" && deciding) {
    conflict("sandbox", `payment ${payment.payId} is already Processing`)
  }
  if (!payment.methods.includes(pay.method)) {
    fail({
      status: 400,
      title: "Method not offered",
      detail: `method ${pay.method} is not offered for this payment (offered: ${payment.methods.join(", ")})`,
    })
  }
  const outOfRange = installmentOutOfRange(payment, pay.method)
  if (outOfRange) {
    fail({ status: 400, title: "Installment not available", detail: outOfRange })
  }
  payment.paymentMethod = pay.method
  payment.bnpl = pay.method === 4 && pay.bnpl === true ? true : undefined
  payment.paidAt = bank.now()
  if (pay.outcome === "processing") {
    setStatus(bank, payment, "Processing")
    return
  }
  if (pay.outcome === "expire") {
    setStatus(bank, payment, "Expired")
    return
  }
  if (CARD_METHODS.includes(pay.method)) {
    // a typed test card is known even when declined; the shopper's Decline button used no card
    payment.cardMask = pay.cardMask ?? (pay.outcome === "success" ? SANDBOX_CARD_MASK : undefined)
  }
  payment.resultCode = pay.resultCode ?? (pay.outcome === "decline" ? RESULT_CODES.doNotHonour : RESULT_CODES.approved)
  if (pay.outcome === "decline") {
    setStatus(bank, payment, "Failed")
    return
  }
  payment.transactionId = newTransactionId()
  payment.rrn = newRrn()
  const wantsCard = pay.saveCard ?? payment.request?.saveCard === true
  if (payment.recId && wantsCard && CARD_METHODS.includes(pay.method)) {
    saveCard(bank, payment, payment.recId, !payment.preAuth)
  }
  if (payment.preAuth) {
    setStatus(bank, payment, "WaitingConfirm")
  } else {
    payment.confirmedMinor = payment.amountMinor
    setStatus(bank, payment, "Succeeded")
  }
}

function saveCard(bank: SandboxBank, payment: SandboxPayment, recId: string, active: boolean): SavedCard {
  const cardExpiry = mmyy(addYears(bank.now(), CARD_LIFETIME_YEARS))
  const requested = payment.request?.saveCardToDate
  const card: SavedCard = {
    recId,
    payId: payment.payId,
    cardMask: payment.cardMask ?? SANDBOX_CARD_MASK,
    cardExpiry,
    expiryDate: requested && yymm(requested) < yymm(cardExpiry) ? requested : cardExpiry,
    active,
    deleted: false,
  }
  bank.store.savedCards.set(recId, card)
  return card
}

/** Completion of a preauthorization: amount ≤ authorized, within 30 days; the rest is returned. */
export function completePayment(bank: SandboxBank, payment: SandboxPayment, amountMinor: number): void {
  if (payment.status === "Succeeded" && payment.completedAt !== undefined) {
    conflict("checkout", `payment ${payment.payId} is already completed`, "002")
  }
  if (payment.status !== "WaitingConfirm") {
    conflict("checkout", `payment ${payment.payId} is ${payment.status}; only WaitingConfirm can be completed`)
  }
  if (bank.now() - (payment.paidAt ?? payment.createdAt) > THIRTY_DAYS_MS) {
    fail({
      status: 400,
      title: "Completion period expired",
      detail: "a preauthorization must be completed within 30 days",
      area: "checkout",
      code: "003",
    })
  }
  if (amountMinor > payment.amountMinor) {
    amountTooLarge("amount", payment.amountMinor)
  }
  payment.confirmedMinor = amountMinor
  payment.releasedMinor = payment.amountMinor - amountMinor
  payment.returnedMinor = payment.releasedMinor
  payment.completedAt = bank.now()
  const card = payment.recId ? bank.store.savedCards.get(payment.recId) : undefined
  if (card && card.payId === payment.payId) {
    card.active = true // a preauth's saved card becomes usable only after completion
  }
  setStatus(bank, payment, "Succeeded")
}

/**
 * Cancel / refund. WaitingConfirm: full only. Succeeded/PartialReturned: full (amount absent or
 * = what is left) → Returned, less → PartialReturned. On the transaction's bank day only one
 * partial return is allowed (returning everything that is left stays possible).
 */
export function cancelPayment(bank: SandboxBank, payment: SandboxPayment, amountMinor?: number): void {
  if (payment.status === "WaitingConfirm") {
    if (amountMinor !== undefined && amountMinor !== payment.amountMinor) {
      fail({
        status: 400,
        title: "Partial cancel not allowed",
        detail:
          "a preauthorized payment can only be cancelled in full before completion; complete a smaller amount instead",
        area: "checkout",
        code: "004",
      })
    }
    payment.returnedMinor = payment.amountMinor
    setStatus(bank, payment, "Returned")
    return
  }
  if (payment.status !== "Succeeded" && payment.status !== "PartialReturned") {
    conflict("checkout", `payment ${payment.payId} is ${payment.status}; it cannot be cancelled`)
  }
  const refunded = payment.returnedMinor - payment.releasedMinor
  const left = payment.confirmedMinor - refunded
  const amount = amountMinor ?? left
  if (amount > left) {
    amountTooLarge("amount", left)
  }
  if (amount < left) {
    const today = bankDay(bank.now())
    const transactionDay = bankDay(payment.completedAt ?? payment.paidAt ?? payment.createdAt)
    if (today === transactionDay && payment.partialReturnDays.includes(today)) {
      fail({
        status: 400,
        title: "Partial cancel limit",
        detail: "on the transaction day a partial cancel may be made only once",
        area: "checkout",
        code: "005",
      })
    }
    payment.partialReturnDays.push(today)
  }
  payment.returnedMinor += amount
  setStatus(bank, payment, refunded + amount >= payment.confirmedMinor ? "Returned" : "PartialReturned")
}

function amountTooLarge(field: string, maxMinor: number): never {
  const message = `must be at most ${minorToMajor(maxMinor)}`
  fail({
    status: 400,
    title: "Invalid amount",
    detail: `${field}: ${message} (max_amount)`,
    area: "checkout",
    issues: [{ field, rule: "max_amount", message }],
  })
}

function addYears(timestamp: number, years: number): number {
  const date = new Date(timestamp)
  date.setUTCFullYear(date.getUTCFullYear() + years)
  return date.getTime()
}

export function mmyy(timestamp: number): string {
  const date = new Date(timestamp)
  return String(date.getUTCMonth() + 1).padStart(2, "0") + String(date.getUTCFullYear() % 100).padStart(2, "0")
}

/** MMYY → comparable YYMM number */
export function yymm(value: string): number {
  return Number(value.slice(2, 4)) * 100 + Number(value.slice(0, 2))
}
