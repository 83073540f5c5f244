/**
 * Everything the sandbox bank remembers, in memory. Amounts are integer tetri (minor units);
 * handlers convert to the bank's decimal major units only when answering.
 */
import type { CreatePaymentRequest, InstallmentProduct } from "medusa-payment-tbc/lib"
import { SandboxClock } from "./clock"
import { StatusFeed } from "./feed"

export type PaymentStatus =
  "Created" | "Processing" | "Succeeded" | "Failed" | "Expired" | "WaitingConfirm" | "Returned" | "PartialReturned"

export interface SandboxPayment {
  payId: string
  status: PaymentStatus
  currency: string
  amountMinor: number
  confirmedMinor: number
  /** reported returnedAmount: the preauth rest released at completion + refunds */
  returnedMinor: number
  /** the part of a preauthorization released by a smaller completion (not refundable money) */
  releasedMinor: number
  preAuth: boolean
  /** methods the page offers */
  methods: number[]
  /** the create body as received, normalised by the shared validator (executions: undefined) */
  request?: CreatePaymentRequest
  /** the execution body for saved-card payments */
  executionRequest?: Record<string, unknown>
  merchantPaymentId?: string
  callbackUrl?: string
  returnUrl?: string
  description?: string
  extra?: string
  extra2?: string
  initiator?: string
  createdAt: number
  expiresAt: number
  expirationMinutes: number
  /** when the customer paid (the preauthorization date for preAuth) */
  paidAt?: number
  completedAt?: number
  transactionId?: string
  rrn?: string
  paymentMethod?: number
  /** paid by Part-by-Part (BNPL), the choice method 4's page offers within the BNPL limits: `isBnpl` */
  bnpl?: boolean
  /** issued at creation when saveCard was requested */
  recId?: string
  /** the masked number of the card that paid (card methods and saved-card executions) */
  cardMask?: string
  /** the processing result code of the last payment attempt (test-cards.ts RESULT_CODES) */
  resultCode?: string
  /** the bank day of the partial returns made so far (one per day on the transaction day) */
  partialReturnDays: number[]
  history: { status: PaymentStatus; at: number }[]
}

export interface SavedCard {
  recId: string
  /** the payment that saved it */
  payId: string
  cardMask: string
  /** the card's own expiry, MMYY */
  cardExpiry: string
  /** the effective save-until date, MMYY (requested saveCardToDate capped at the card expiry) */
  expiryDate: string
  /** false until the saving payment succeeded (for preAuth: until its completion) */
  active: boolean
  deleted: boolean
}

export interface SandboxApplication {
  sessionId: string
  merchantKey: string
  campaignId?: string
  invoiceId?: string
  priceTotalMinor: number
  contributionMinor: number
  products: InstallmentProduct[]
  statusId: number
  createdAt: number
  history: { statusId: number; at: number }[]
}

export type TokenKind = "checkout" | "online_installments" | "online_mortgages"

export interface TokenRecord {
  kind: TokenKind
  issuedAt: number
  expiresAt: number
}

export class SandboxStore {
  readonly clock = new SandboxClock()
  readonly payments = new Map<string, SandboxPayment>()
  /** payIds still in Created, for the expiry sweep */
  readonly openPayments = new Set<string>()
  /** earliest expiresAt among open payments: sweeps before it are free (benchmarks create thousands) */
  nextExpiryAt = Infinity
  readonly byMerchantPaymentId = new Map<string, string>()
  readonly savedCards = new Map<string, SavedCard>()
  readonly applications = new Map<string, SandboxApplication>()
  readonly feed = new StatusFeed()
  readonly tokens = new Map<string, TokenRecord>()
  readonly calls: Record<string, number> = {}

  /** Forgets payments, cards, applications and the feed; tokens and call counters survive. */
  clearBusinessState(): void {
    this.payments.clear()
    this.openPayments.clear()
    this.nextExpiryAt = Infinity
    this.byMerchantPaymentId.clear()
    this.savedCards.clear()
    this.applications.clear()
    this.feed.clear()
    this.clock.reset()
  }

  /** Forgets expired tokens once there are many, so long benchmark runs do not grow without bound. */
  pruneTokens(now: number): void {
    if (this.tokens.size < 10_000) {
      return
    }
    for (const [token, record] of this.tokens) {
      if (record.expiresAt <= now) this.tokens.delete(token)
    }
  }

  resetCalls(): void {
    for (const key of Object.keys(this.calls)) {
      this.calls[key] = 0
    }
  }
}
