/**
 * The public surface of the TBC bank client: what providers, jobs, routes and the sandbox
 * code against. Wire names follow what the live bank expects (docs/bank-behaviour.md):
 * `returnurl` lower case, `subTotal`, `installmentProducts[{name,price,quantity}]`.
 *
 * Amounts on this surface are decimal MAJOR units (GEL, e.g. 12.34), exactly as on the wire,
 * with at most 2 decimals. Sums and comparisons are done in integer minor units (tetri) by
 * `src/lib/money.ts`; never add these numbers as floats.
 */

export const TBC_BASE_URLS = {
  test: "https://test-api.tbcbank.ge",
  production: "https://api.tbcbank.ge",
} as const

/** "test" | "production" | an absolute http(s) URL (e.g. the local sandbox). */
export type TbcEnvironment = keyof typeof TBC_BASE_URLS | (string & {})

/** 4 Web QR, 5 card, 6 loyalty points, 7 internet bank, 8 installment, 9 Apple Pay / wallet, 14 Google Pay. */
export const CHECKOUT_METHODS = [4, 5, 6, 7, 8, 9, 14] as const
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number]
/** Methods that the bank's API refuses unless activated for the merchant (the older API reference: 6 and 9). */
export const ACTIVATION_REQUIRED_METHODS = [6, 9] as const
/** The one method every merchant has from the start (TBC portal, "Payment methods": "Activated by default"). */
export const CARD_METHOD = 5
/**
 * Methods the bank switches on for a merchant first (TBC portal, "Payment methods": 4, 7, 9 and 14
 * from the back-office, 8 once the installment campaign is set in the dashboard; 6 by the older API reference
 * interface): every method but card. The provider options refuse any of these in `methods` at
 * boot unless `activatedMethods` lists it (docs/bank-behaviour.md).
 */
export const MERCHANT_ACTIVATED_METHODS = CHECKOUT_METHODS.filter((m) => m !== CARD_METHOD)
/**
 * Methods that may not be combined with saveCard: 4, 8 and 9 by the bank's documentation; 14
 * (Google Pay) by the same reasoning as Apple Pay, a wallet pays with a device token, not a card
 * number the bank could keep (docs/bank-behaviour.md).
 */
export const NO_SAVE_CARD_METHODS = [4, 8, 9, 14] as const

/** The methods among `methods` that may go with a saveCard request (the bank refuses 4, 8, 9 and 14 with it). */
export function methodsThatSaveCards<T extends number>(methods: readonly T[]): T[] {
  return methods.filter((method) => !(NO_SAVE_CARD_METHODS as readonly number[]).includes(method))
}

export const CHECKOUT_STATUSES = [
  "Created",
  "Processing",
  "Succeeded",
  "Failed",
  "Expired",
  "WaitingConfirm",
  "CancelPaymentProcessing",
  "PaymentCompletionProcessing",
  "Returned",
  "PartialReturned",
] as const
/** Known statuses; unknown strings from the bank are passed through untouched. */
export type CheckoutPaymentStatus = (typeof CHECKOUT_STATUSES)[number] | (string & {})

export type CheckoutLanguage = "KA" | "EN" | "RU"

export interface CheckoutAmount {
  currency: "GEL" | "USD" | "EUR"
  total: number
  subTotal?: number
  tax?: number
  shipping?: number
}

export interface InstallmentProduct {
  name: string
  price: number
  quantity: number
}

/** Body of POST /v1/tpay/payments (request side, our names = wire names). */
export interface CreatePaymentRequest {
  amount: CheckoutAmount
  returnurl: string
  extra?: string
  extra2?: string
  expirationMinutes?: number
  methods?: CheckoutMethod[]
  installmentProducts?: InstallmentProduct[]
  callbackUrl?: string
  preAuth?: boolean
  language?: CheckoutLanguage
  merchantPaymentId?: string
  skipInfoMessage?: boolean
  saveCard?: boolean
  saveCardToDate?: string
  description?: string
  userIpAddress?: string
}

export interface PaymentLink {
  uri: string
  method?: string
  rel: string
}

export interface RecurringCard {
  recId: string
  cardMask?: string
  /** MMYY */
  expiryDate?: string
}

/** A web payment as the bank describes it (create, details, execution responses), normalised. */
export interface PaymentDetails {
  payId: string
  status: CheckoutPaymentStatus
  currency?: string
  amount?: number
  confirmedAmount?: number
  returnedAmount?: number
  links: PaymentLink[]
  /** links[rel=approval_url].uri, when present */
  approvalUrl?: string
  transactionId?: string
  paymentMethod?: number
  preAuth?: boolean
  recId?: string
  recurringCard?: RecurringCard
  rrn?: string
  paymentCardNumber?: string
  extra?: string
  extra2?: string
  initiator?: string
  resultCode?: string
  operationType?: string
  expirationMinutes?: number
  httpStatusCode?: number
  developerMessage?: string
  userMessage?: string
  /** every field the bank sent, including unknown ones */
  raw: Record<string, unknown>
}

/** {httpStatusCode, developerMessage, userMessage} business answer of cancel/delete. */
export interface BankMessage {
  httpStatusCode?: number
  developerMessage?: string
  userMessage?: string
  raw: Record<string, unknown>
}

export interface ExecuteSavedCardRequest {
  recId: string
  money: { amount: number; currency: "GEL" | "USD" | "EUR" }
  preAuth?: boolean
  /** "merchant" for a merchant-initiated transaction; absent = customer-initiated */
  initiator?: string
  merchantPaymentId?: string
  extra?: string
  extra2?: string
}

/** Bounds known to the caller, so the client can refuse an over-amount before sending. */
export interface AmountContext {
  /** completion: the preauthorized amount; refund: what is left to return */
  maxAmount?: number
}

export interface CheckoutApi {
  createPayment(req: CreatePaymentRequest): Promise<PaymentDetails>
  getPayment(payId: string): Promise<PaymentDetails>
  /** POST /v1/tpay/payments/{payId}/completion {amount} */
  completePayment(payId: string, amount: number, ctx?: AmountContext): Promise<PaymentDetails>
  /** POST /v1/tpay/payments/{payId}/cancel, full when amount is undefined */
  cancelPayment(payId: string, amount?: number, ctx?: AmountContext & { extra?: string }): Promise<BankMessage>
  /** POST /v1/tpay/payments/execution */
  executeWithSavedCard(req: ExecuteSavedCardRequest): Promise<PaymentDetails>
  /** POST /v1/tpay/payments/{recId}/delete */
  deleteSavedCard(recId: string): Promise<BankMessage>
}

export const INSTALLMENT_STATUS = {
  Pending: 0,
  InProgress: 1,
  Approved: 2,
  Expired: 3,
  Canceled: 4,
  WaitingForMerchant: 5,
  Declined: 6,
  CanceledByMerchant: 7,
  Disbursed: 8,
  PendingDisbursed: 9,
  NeedConfirmation: 10,
  WaitingForIncomeDocumentsUpload: 11,
  WaitingForIncomeDocumentsVerification: 12,
  DocumentDeclined: 13,
} as const
export type InstallmentStatusId = (typeof INSTALLMENT_STATUS)[keyof typeof INSTALLMENT_STATUS]

export interface CreateApplicationRequest {
  /** merchantKey comes from the client's credentials */
  campaignId?: string
  invoiceId?: string
  priceTotal: number
  products: InstallmentProduct[]
}

export interface CreatedApplication {
  sessionId: string
  /** from the Location header */
  redirectUrl: string
  raw: Record<string, unknown>
}

export interface ApplicationStatus {
  statusId: number
  description?: string
  amount?: number
  contributionAmount?: number
  raw: Record<string, unknown>
}

export interface StatusChange {
  sessionId: string
  statusId: number
  statusDescription?: string
  changeDate?: string
  amount?: number
  contributionAmount?: number
}

export interface StatusChangesPage {
  synchronizationRequestId: string
  totalCount: number
  statusChanges: StatusChange[]
}

export interface InstallmentsApi {
  createApplication(req: CreateApplicationRequest): Promise<CreatedApplication>
  cancelApplication(sessionId: string): Promise<void>
  confirmApplication(sessionId: string): Promise<void>
  getStatus(sessionId: string): Promise<ApplicationStatus>
  getStatusChanges(take: number): Promise<StatusChangesPage>
  syncStatusChanges(synchronizationRequestId: string): Promise<void>
}

export interface MortgagesApi {
  /** Only token issuance is specified for the mortgage scope. */
  getAccessToken(): Promise<string>
}

export interface CheckoutCredentials {
  apiKey: string
  clientId: string
  clientSecret: string
}

export interface OAuthCredentials {
  /** the developer app API key (Basic auth user) */
  apiKey: string
  /** the developer app secret (Basic auth password) */
  apiSecret: string
}

export interface TbcLogger {
  debug(msg: string): void
  info(msg: string): void
  warn(msg: string): void
  error(msg: string): void
  /**
   * Whether a line of this level would be written (Medusa's logger has it). When it says no to
   * "debug", the client does not build and redact its per-call debug line at all.
   */
  shouldLog?(level: string): boolean
}

/** True unless the logger says it drops debug lines (a logger without `shouldLog` gets them all). */
export function logsDebug(logger: TbcLogger | undefined): logger is TbcLogger {
  return logger !== undefined && (logger.shouldLog?.("debug") ?? true)
}

export interface TbcClientOptions {
  environment: TbcEnvironment
  checkout?: CheckoutCredentials
  installments?: OAuthCredentials & { merchantKey: string }
  mortgages?: OAuthCredentials
  /** which of the activation-required methods (6, 9) the bank activated for this merchant */
  activatedMethods?: number[]
  /** per request; default 15000 */
  timeoutMs?: number
  /** retries for safe calls (GET, token, never-sent mutations); default 2 */
  maxRetries?: number
  /** base backoff in ms; default 200 */
  retryBaseMs?: number
  logger?: TbcLogger
}
