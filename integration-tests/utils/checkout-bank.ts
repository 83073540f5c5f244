/**
 * The tests' view of the sandbox bank through its control API (`/_sandbox/...`), the same API a
 * developer uses by hand: pay on the hosted page, read call counters and payments, inject faults.
 */
import { TbcClient } from "../../src/lib/tbc"
import { SANDBOX_DEFAULTS } from "../../packages/sandbox/src"
import type { StorePaymentSession } from "./checkout-store"

/** Names of the sandbox's per-endpoint call counters (GET /_sandbox/state) the tests compare. */
export const BANK_CALLS = {
  completion: "POST /v1/tpay/payments/{payId}/completion",
  cancel: "POST /v1/tpay/payments/{payId}/cancel",
} as const

/** processing: paid, the bank still deciding; a later success/decline/expire ends it */
export type HostedPageOutcome = "success" | "decline" | "processing" | "expire"

/** A payment as the sandbox keeps it (the fields the tests compare). */
export interface SandboxPayment {
  payId: string
  status: string
  amount: number
  confirmedAmount?: number
  returnedAmount?: number
  preAuth?: boolean
  merchantPaymentId?: string | null
  /** the signed callback URL the provider sent with the payment */
  callbackUrl?: string | null
  /** the methods the bank's page offers */
  methods?: number[]
  /** the create request as the bank received it (language, preAuth, methods, extra …) */
  request?: Record<string, unknown> | null
  /** the statuses the payment went through, oldest first */
  history?: { status: string; at: number }[]
}

async function controlCall<T>(baseUrl: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) {
    throw new Error(`sandbox ${method} ${path} answered ${response.status}: ${text}`)
  }
  return (text ? JSON.parse(text) : undefined) as T
}

export class SandboxBankControl {
  /** `baseUrl` is read lazily: the sandbox URL is only known once the suite's beforeAll ran. */
  constructor(private readonly baseUrl: () => string) {}

  /** The shopper finishes the hosted page: card (method 5) paid or declined. */
  async pay(payId: string, outcome: HostedPageOutcome, method = 5): Promise<void> {
    await controlCall(this.baseUrl(), "POST", `/_sandbox/payments/${encodeURIComponent(payId)}/pay`, {
      method,
      outcome,
    })
  }

  async state(): Promise<Record<string, any>> {
    return controlCall(this.baseUrl(), "GET", "/_sandbox/state")
  }

  async payment(payId: string): Promise<SandboxPayment> {
    const state = await this.state()
    const payments: SandboxPayment[] = Array.isArray(state.payments)
      ? state.payments
      : Object.values(state.payments ?? {})
    const found = payments.find((payment) => payment.payId === payId)
    if (!found) throw new Error(`sandbox has no payment ${payId}`)
    return found
  }

  /** How often an endpoint was called, by its counter name in GET /_sandbox/state. */
  async calls(counter: string): Promise<number> {
    const state = await this.state()
    return Number(state.calls?.[counter] ?? 0)
  }

  async setFaults(faults: Record<string, unknown>): Promise<void> {
    await controlCall(this.baseUrl(), "POST", "/_sandbox/faults", faults)
  }

  /**
   * The bank's callbacks (for one payment, or all when no payId is given) are lost: the merchant
   * is never notified.
   */
  async dropCallbacks(payId?: string): Promise<void> {
    await this.setFaults({ callbacks: { drop: true, ...(payId ? { payId } : {}) } })
  }

  /** A client of the bank with the sandbox's own merchant credentials (close it after use). */
  private merchantClient(): TbcClient {
    return new TbcClient({
      environment: this.baseUrl(),
      checkout: {
        apiKey: SANDBOX_DEFAULTS.apiKey,
        clientId: SANDBOX_DEFAULTS.clientId,
        clientSecret: SANDBOX_DEFAULTS.clientSecret,
      },
    })
  }

  /**
   * `count` payments created at the bank with the sandbox's credentials and never paid (they
   * expire with the hosted page): real payIds for ledger rows a test writes itself.
   */
  async unpaidPayments(count: number, total = 1): Promise<string[]> {
    const client = this.merchantClient()
    try {
      const payIds: string[] = []
      for (let i = 0; i < count; i += 20) {
        const batch = Array.from({ length: Math.min(20, count - i) }, (_, k) =>
          client.checkout.createPayment({
            amount: { currency: "GEL", total },
            returnurl: "https://other-store.example/return",
            merchantPaymentId: `unpaid-${i + k}`,
          })
        )
        payIds.push(...(await Promise.all(batch)).map((created) => created.payId))
      }
      return payIds
    } finally {
      client.close()
    }
  }

  /**
   * Another store's payment at the same bank (created with the sandbox's credentials, its own
   * merchantPaymentId and return URL), paid by card: a real, final payId that is not ours.
   */
  async paidPaymentOfAnotherStore(payment: {
    total: number
    merchantPaymentId: string
    callbackUrl?: string
  }): Promise<{ payId: string }> {
    const other = this.merchantClient()
    try {
      const created = await other.checkout.createPayment({
        amount: { currency: "GEL", total: payment.total },
        returnurl: "https://other-store.example/return",
        merchantPaymentId: payment.merchantPaymentId,
        ...(payment.callbackUrl ? { callbackUrl: payment.callbackUrl } : {}),
      })
      await this.pay(created.payId, "success")
      return { payId: created.payId }
    } finally {
      other.close()
    }
  }

  /**
   * The merchant releases a held preauthorization at the bank directly (dashboard, another
   * system): the bank says Returned while Medusa still shows the payment uncaptured.
   */
  async releaseHoldOutsideMedusa(payId: string): Promise<void> {
    const client = this.merchantClient()
    try {
      await client.checkout.cancelPayment(payId)
    } finally {
      client.close()
    }
  }

  /**
   * The merchant returns money in TBC's merchant dashboard (the sandbox's control, not the API):
   * `amount` GEL refunded, or without it everything left (a hold released); the bank calls back.
   */
  async dashboardReturn(payId: string, amount?: number): Promise<SandboxPayment> {
    const path = `/_sandbox/payments/${encodeURIComponent(payId)}/dashboard-return`
    return controlCall(this.baseUrl(), "POST", path, amount === undefined ? {} : { amount })
  }

  /** Moves the bank's clock forward, e.g. past the one-partial-return-per-day rule. */
  async advanceClockDays(days: number): Promise<void> {
    await controlCall(this.baseUrl(), "POST", "/_sandbox/clock", { advanceMs: days * 24 * 60 * 60 * 1000 })
  }
}

/** The bank's payment id the provider stored in the session (exposed to the storefront). */
export function payIdOf(session: Pick<StorePaymentSession, "id" | "data">): string {
  const payId = session.data?.payId
  if (typeof payId !== "string" || payId === "") {
    throw new Error(`session ${session.id} has no data.payId: ${JSON.stringify(session.data)}`)
  }
  return payId
}
