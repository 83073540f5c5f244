/** Handlers of the checkout (tpay) endpoints under /v1/tpay/payments. */
import { majorToMinorExact } from "medusa-payment-tbc/lib"
import { ACTIVATION_REQUIRED_METHODS, methodsThatSaveCards, type CreatePaymentRequest } from "medusa-payment-tbc/lib"
import {
  checkCreatePaymentRequest,
  checkExecuteSavedCardRequest,
  checkOperationAmount,
  isRecord,
} from "medusa-payment-tbc/lib"
import { isPurchaseOnly } from "medusa-payment-tbc/lib"
import type { SandboxBank } from "./bank"
import { jsonReply, type Reply, type SandboxRequest } from "./http-io"
import { newPayId, newRecId, newRrn, newTransactionId } from "./ids"
import {
  cancelPayment,
  completePayment,
  mmyy,
  setStatus,
  sweepExpired,
  trackOpenPayment,
  yymm,
} from "./payment-machine"
import { completionView, createdView, detailsView, messageView } from "./payment-views"
import { conflict, fail, invalid, notFound } from "./problem"
import type { SandboxPayment } from "./store"
import { RESULT_CODES } from "./test-cards"
import { requireToken } from "./tokens"
import { CREATE_PAYMENT_SHAPE, EXECUTION_SHAPE, OPERATION_AMOUNT_SHAPE, tolerated } from "./tolerance"

const DEFAULT_EXPIRATION_MINUTES = 12
/** paymentMethod the live bank reports for a saved-card execution */
const SAVED_CARD_METHOD = 11

/** What the page offers when the request names no methods: everything enabled for the merchant. */
function defaultMethods(bank: SandboxBank, request: CreatePaymentRequest): number[] {
  const methods = [
    4,
    5,
    7,
    14,
    ...bank.config.activatedMethods.filter((m) => (ACTIVATION_REQUIRED_METHODS as readonly number[]).includes(m)),
  ]
  if (request.installmentProducts?.length && request.amount.currency === "GEL") {
    methods.push(8)
  }
  const saving = request.saveCard ? methodsThatSaveCards(methods) : methods
  // a preauthorization never offers a purchase-only wallet (Google Pay, Apple Pay)
  const allowed = request.preAuth ? saving.filter((m) => !isPurchaseOnly(m)) : saving
  return [...new Set(allowed)].sort((a, b) => a - b)
}

export function getPayment(bank: SandboxBank, payId: string): SandboxPayment {
  sweepExpired(bank)
  const payment = bank.store.payments.get(payId)
  if (!payment) {
    notFound("checkout", `payment ${payId}`)
  }
  return payment
}

export function createPaymentHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "checkout")
  const checked = checkCreatePaymentRequest(tolerated(bank, req.json("checkout"), CREATE_PAYMENT_SHAPE), {
    activatedMethods: bank.config.activatedMethods,
    productSum: bank.config.productSum,
  })
  if (!checked.ok) {
    invalid("checkout", checked.issues)
  }
  const request = checked.value
  sweepExpired(bank)
  const existing = sameOpenPayment(bank, request)
  if (existing) {
    return jsonReply(createdView(bank, existing))
  }
  const now = bank.now()
  const expirationMinutes = request.expirationMinutes ?? DEFAULT_EXPIRATION_MINUTES
  const payment: SandboxPayment = {
    payId: newPayId(),
    status: "Created",
    currency: request.amount.currency,
    amountMinor: majorToMinorExact(request.amount.total) ?? 0,
    confirmedMinor: 0,
    returnedMinor: 0,
    releasedMinor: 0,
    preAuth: request.preAuth === true,
    methods: request.methods ?? defaultMethods(bank, request),
    request,
    merchantPaymentId: request.merchantPaymentId,
    callbackUrl: request.callbackUrl,
    returnUrl: request.returnurl,
    description: request.description,
    extra: request.extra,
    extra2: request.extra2,
    createdAt: now,
    expirationMinutes,
    expiresAt: now + expirationMinutes * 60_000,
    recId: request.saveCard ? newRecId() : undefined,
    partialReturnDays: [],
    history: [{ status: "Created", at: now }],
  }
  bank.store.payments.set(payment.payId, payment)
  trackOpenPayment(bank, payment)
  if (payment.merchantPaymentId) {
    bank.store.byMerchantPaymentId.set(payment.merchantPaymentId, payment.payId)
  }
  return jsonReply(createdView(bank, payment))
}

/**
 * Sandbox choice: a create with the merchantPaymentId of a payment that is still Created and an
 * identical (normalised) body returns that payment (a retried request); any other body creates
 * a new payment, so a changed amount is never answered with a stale one.
 */
function sameOpenPayment(bank: SandboxBank, request: CreatePaymentRequest): SandboxPayment | undefined {
  if (!request.merchantPaymentId) {
    return undefined
  }
  const payId = bank.store.byMerchantPaymentId.get(request.merchantPaymentId)
  const payment = payId ? bank.store.payments.get(payId) : undefined
  if (payment?.status === "Created" && JSON.stringify(payment.request) === JSON.stringify(request)) {
    return payment
  }
  return undefined
}

export function getPaymentHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "checkout")
  return jsonReply(detailsView(bank, getPayment(bank, req.params.payId)))
}

function amountFrom(bank: SandboxBank, req: SandboxRequest, required: boolean): number | undefined {
  const body = tolerated(bank, req.json("checkout"), OPERATION_AMOUNT_SHAPE)
  const amount = isRecord(body) ? body.amount : undefined
  if (amount === undefined || amount === null) {
    if (!required) {
      return undefined
    }
  }
  const checked = checkOperationAmount("amount", amount)
  if (!checked.ok) {
    invalid("checkout", checked.issues)
  }
  return majorToMinorExact(checked.value) ?? 0
}

export function completionHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "checkout")
  const payment = getPayment(bank, req.params.payId)
  const amountMinor = amountFrom(bank, req, true) as number
  completePayment(bank, payment, amountMinor)
  return jsonReply(completionView(payment))
}

export function cancelHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "checkout")
  const payment = getPayment(bank, req.params.payId)
  cancelPayment(bank, payment, amountFrom(bank, req, false))
  return jsonReply(messageView(payment.status === "Returned" ? "Payment returned" : "Payment partially returned"))
}

export function executionHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "checkout")
  const body = tolerated(bank, req.json("checkout"), EXECUTION_SHAPE)
  const checked = checkExecuteSavedCardRequest(body)
  if (!checked.ok) {
    invalid("checkout", checked.issues)
  }
  const request = checked.value
  const card = bank.store.savedCards.get(request.recId)
  if (!card || card.deleted) {
    notFound("checkout", `saved card ${request.recId}`)
  }
  if (!card.active) {
    conflict("checkout", "the saved card is not active yet: its preauthorization was not completed", "006")
  }
  const now = bank.now()
  if (yymm(mmyy(now)) > yymm(card.expiryDate)) {
    fail({
      status: 400,
      title: "Card expired",
      detail: `the saved card was saved until ${card.expiryDate}`,
      area: "checkout",
      code: "007",
    })
  }
  const payment: SandboxPayment = {
    payId: newPayId(),
    status: "Created",
    currency: request.money.currency,
    amountMinor: majorToMinorExact(request.money.amount) ?? 0,
    confirmedMinor: 0,
    returnedMinor: 0,
    releasedMinor: 0,
    preAuth: request.preAuth === true,
    methods: [SAVED_CARD_METHOD],
    executionRequest: isRecord(body) ? { ...request } : undefined,
    merchantPaymentId: request.merchantPaymentId,
    extra: request.extra,
    extra2: request.extra2,
    initiator: request.initiator,
    createdAt: now,
    expirationMinutes: 0,
    expiresAt: now,
    paidAt: now,
    paymentMethod: SAVED_CARD_METHOD,
    recId: card.recId,
    cardMask: card.cardMask,
    resultCode: RESULT_CODES.approved,
    transactionId: newTransactionId(),
    rrn: newRrn(),
    partialReturnDays: [],
    history: [{ status: "Created", at: now }],
  }
  bank.store.payments.set(payment.payId, payment)
  if (bank.faults.takeProcessingExecution()) {
    // the bank is still deciding: a control pay call (success/decline/expire) ends it later
    setStatus(bank, payment, "Processing")
    return jsonReply(detailsView(bank, payment))
  }
  if (!payment.preAuth) {
    payment.confirmedMinor = payment.amountMinor
  }
  setStatus(bank, payment, payment.preAuth ? "WaitingConfirm" : "Succeeded")
  return jsonReply(detailsView(bank, payment))
}

export function deleteCardHandler(bank: SandboxBank, req: SandboxRequest): Reply {
  requireToken(bank, req, "checkout")
  const card = bank.store.savedCards.get(req.params.recId)
  if (!card || card.deleted) {
    notFound("checkout", `saved card ${req.params.recId}`)
  }
  card.deleted = true
  return jsonReply(messageView("Card deleted"))
}
