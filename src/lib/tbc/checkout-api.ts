import {
  verifyWithFreshToken,
  pathId,
  type AreaContext,
  type ConnectionCheck,
  type VerifiableCredentials,
} from "./area"
import { throwIfBusinessError } from "./problems"
import { readBankMessage, readPaymentDetails } from "./responses"
import { sendWithToken } from "./tokens"
import { route, type Route, type RetryPolicy, type TransportResponse } from "./transport"
import type {
  AmountContext,
  BankMessage,
  CheckoutApi,
  CreatePaymentRequest,
  ExecuteSavedCardRequest,
  PaymentDetails,
} from "./types"
import {
  LIMITS,
  ansString,
  checkField,
  validateCreatePaymentRequest,
  validateExecuteSavedCardRequest,
  validateOperationAmount,
  valueOrThrow,
} from "./validation"

/**
 * TBC E-Commerce ("tpay") web payments. Every call carries the developer-app `apikey` header
 * and the checkout Bearer token; every request is validated before anything is sent.
 */

export type CheckoutClient = CheckoutApi & VerifiableCredentials

export interface CheckoutApiOptions extends AreaContext {
  apiKey: string
  /** activation-required methods (6, 9) the bank activated for this merchant */
  activatedMethods: readonly number[]
}

const PAYMENTS = "/v1/tpay/payments"
/** Built once: a zod schema costs far more to build than to run. */
const EXTRA = ansString(LIMITS.extra)

export class CheckoutApiClient implements CheckoutClient {
  constructor(private readonly options: CheckoutApiOptions) {}

  /** POST /v1/tpay/payments: validated against the merchant's activated methods first. */
  async createPayment(req: CreatePaymentRequest): Promise<PaymentDetails> {
    const body = validateCreatePaymentRequest(req, { activatedMethods: this.options.activatedMethods })
    const r = route("POST", PAYMENTS)
    return this.readDetails(r, await this.send(r, "mutating", body))
  }

  /** GET /v1/tpay/payments/{payId} */
  async getPayment(payId: string): Promise<PaymentDetails> {
    const r = route("GET", `${PAYMENTS}/{payId}`, { payId: pathId("payId", payId) })
    return this.readDetails(r, await this.send(r, "idempotent"))
  }

  /** POST /v1/tpay/payments/{payId}/completion {amount}; amount ≤ ctx.maxAmount (the preauthorized sum). */
  async completePayment(payId: string, amount: number, ctx?: AmountContext): Promise<PaymentDetails> {
    const id = pathId("payId", payId)
    const checked = validateOperationAmount("amount", amount, ctx)
    const r = route("POST", `${PAYMENTS}/{payId}/completion`, { payId: id })
    return this.readDetails(r, await this.send(r, "mutating", { amount: checked }))
  }

  /** POST /v1/tpay/payments/{payId}/cancel: `{}` cancels/refunds in full, `{amount}` partially. */
  async cancelPayment(payId: string, amount?: number, ctx?: AmountContext & { extra?: string }): Promise<BankMessage> {
    const id = pathId("payId", payId)
    const body: { amount?: number; extra?: string } = {}
    if (amount !== undefined) {
      body.amount = validateOperationAmount("amount", amount, ctx)
    }
    if (ctx?.extra !== undefined) {
      body.extra = valueOrThrow("extra", checkField("extra", EXTRA, ctx.extra))
    }
    const r = route("POST", `${PAYMENTS}/{payId}/cancel`, { payId: id })
    return this.readMessage(r, await this.send(r, "mutating", body))
  }

  /** POST /v1/tpay/payments/execution: charge a saved card by recId. */
  async executeWithSavedCard(req: ExecuteSavedCardRequest): Promise<PaymentDetails> {
    const body = validateExecuteSavedCardRequest(req)
    const r = route("POST", `${PAYMENTS}/execution`)
    return this.readDetails(r, await this.send(r, "mutating", body))
  }

  /** POST /v1/tpay/payments/{recId}/delete (POST, not DELETE; no body). */
  async deleteSavedCard(recId: string): Promise<BankMessage> {
    const r = route("POST", `${PAYMENTS}/{recId}/delete`, { recId: pathId("recId", recId) })
    return this.readMessage(r, await this.send(r, "mutating"))
  }

  /** Obtains a fresh checkout token: proves api key, client id and secret work right now. */
  verifyCredentials(): Promise<ConnectionCheck> {
    return verifyWithFreshToken("checkout", this.options.tokens)
  }

  private async send(r: Route, retry: RetryPolicy, json?: unknown): Promise<TransportResponse> {
    const { transport, tokens, logger, apiKey } = this.options
    const res = await sendWithToken(transport, tokens, { route: r, retry, json, headers: { apikey: apiKey } }, logger)
    throwIfBusinessError(r.operation, res.body, transport.redactor)
    return res
  }

  private readDetails(r: Route, res: TransportResponse): PaymentDetails {
    return readPaymentDetails(res.body, { operation: r.operation, status: res.status })
  }

  private readMessage(r: Route, res: TransportResponse): BankMessage {
    return readBankMessage(res.body, { operation: r.operation, status: res.status })
  }
}
