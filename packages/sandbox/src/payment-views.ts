/** JSON shapes of web payments as the live tpay API answers them (see docs/bank-behaviour.md, "Answers real clients read"). */
import { minorToMajor } from "medusa-payment-tbc/lib"
import type { SandboxBank } from "./bank"
import type { SandboxPayment } from "./store"

export function approvalUrl(bank: SandboxBank, payment: SandboxPayment): string {
  const language = payment.request?.language
  return `${bank.baseUrl}/checkout/${payment.payId}` + (language ? `?lang=${language.toLowerCase()}` : "")
}

/** The create answer's links: self and the approval URL (the only answer that carries it). */
function links(bank: SandboxBank, payment: SandboxPayment) {
  return [
    { uri: `${bank.baseUrl}/v1/tpay/payments/${payment.payId}`, method: "GET", rel: "self" },
    { uri: approvalUrl(bank, payment), method: "REDIRECT", rel: "approval_url" },
  ]
}

const OK = { httpStatusCode: 200, developerMessage: "Success", userMessage: "Operation completed successfully" }

/** Answer of POST /v1/tpay/payments. */
export function createdView(bank: SandboxBank, payment: SandboxPayment): Record<string, unknown> {
  return {
    payId: payment.payId,
    status: payment.status,
    currency: payment.currency,
    amount: minorToMajor(payment.amountMinor),
    links: links(bank, payment),
    preAuth: payment.preAuth,
    ...(payment.recId ? { recId: payment.recId } : {}),
    expirationMinutes: payment.expirationMinutes,
    ...OK,
  }
}

function recurringCard(bank: SandboxBank, payment: SandboxPayment) {
  const card = payment.recId ? bank.store.savedCards.get(payment.recId) : undefined
  return card ? { recId: card.recId, cardMask: card.cardMask, expiryDate: card.expiryDate } : null
}

/** What the details report as operationType (a sandbox choice: the live values are not documented). */
function operationType(payment: SandboxPayment): string {
  if (payment.paymentMethod === SAVED_CARD_METHOD) return "Recurring"
  return payment.preAuth ? "PreAuthorization" : "Payment"
}

const SAVED_CARD_METHOD = 11

/**
 * Answer of GET /v1/tpay/payments/{payId} (and of execution). `links` is empty, as the live API
 * answers details and executions: only the create answer carries the approval URL.
 */
export function detailsView(bank: SandboxBank, payment: SandboxPayment): Record<string, unknown> {
  return {
    payId: payment.payId,
    status: payment.status,
    currency: payment.currency,
    amount: minorToMajor(payment.amountMinor),
    confirmedAmount: minorToMajor(payment.confirmedMinor),
    returnedAmount: minorToMajor(payment.returnedMinor),
    links: [],
    transactionId: payment.transactionId ?? null,
    paymentMethod: payment.paymentMethod ?? null,
    preAuth: payment.preAuth,
    recurringCard: recurringCard(bank, payment),
    rrn: payment.rrn ?? null,
    extra: payment.extra ?? null,
    extra2: payment.extra2 ?? null,
    initiator: payment.initiator ?? null,
    paymentCardNumber: payment.cardMask ?? null,
    resultCode: payment.resultCode ?? null,
    operationType: operationType(payment),
    // BNPL (Part-by-Part) is offered on method 4's page, not as a method number of its own
    isBnpl: payment.bnpl === true,
    ...(bank.faults.detailsNameMerchantPaymentId && payment.merchantPaymentId
      ? { merchantPaymentId: payment.merchantPaymentId }
      : {}),
    ...OK,
  }
}

/** Answer of completion: the reference's fields plus payId (so readers need no context). */
export function completionView(payment: SandboxPayment): Record<string, unknown> {
  return {
    payId: payment.payId,
    status: payment.status,
    amount: minorToMajor(payment.amountMinor),
    confirmedAmount: minorToMajor(payment.confirmedMinor),
    ...OK,
  }
}

/** Answer of cancel and delete: the business message only, as the live API. */
export function messageView(developerMessage: string): Record<string, unknown> {
  return { httpStatusCode: 200, developerMessage, userMessage: "Operation completed successfully" }
}

/** One payment in GET /_sandbox/state. */
export function stateView(payment: SandboxPayment): Record<string, unknown> {
  return {
    payId: payment.payId,
    status: payment.status,
    amount: minorToMajor(payment.amountMinor),
    currency: payment.currency,
    confirmedAmount: minorToMajor(payment.confirmedMinor),
    returnedAmount: minorToMajor(payment.returnedMinor),
    preAuth: payment.preAuth,
    paymentMethod: payment.paymentMethod ?? null,
    merchantPaymentId: payment.merchantPaymentId ?? null,
    // an execution's initiator as sent ("merchant": a merchant-initiated transaction; null: the customer's)
    initiator: payment.initiator ?? null,
    recId: payment.recId ?? null,
    methods: payment.methods,
    callbackUrl: payment.callbackUrl ?? null,
    returnUrl: payment.returnUrl ?? null,
    transactionId: payment.transactionId ?? null,
    createdAt: payment.createdAt,
    expiresAt: payment.expiresAt,
    paidAt: payment.paidAt ?? null,
    completedAt: payment.completedAt ?? null,
    request: payment.request ?? payment.executionRequest ?? null,
    history: payment.history,
    paymentCardNumber: payment.cardMask ?? null,
    resultCode: payment.resultCode ?? null,
  }
}
