/**
 * What the provider keeps in Medusa's `payment_sessions.data` / `payment.data` and how it builds
 * the create-payment request. `data` is readable by the storefront: ids, status, amounts and the
 * hosted-page link only — never a token, a secret, the signed callback URL or a saved card's recId.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { minorToMajor } from "../../lib/money"
import { paymentFactsOf, shopperFactsOf } from "../../lib/payment-facts"
import { productsMatchTotal } from "../../lib/tbc/validation/products"
import type { CheckoutMethod, CreatePaymentRequest, InstallmentProduct, PaymentDetails } from "../../lib/tbc/types"
import {
  choiceAvailability,
  methodsWithinLimits,
  pageLanguageFor,
  pagePlan,
  type CheckoutChoice,
} from "../../lib/checkout-choices"
import { joinUrl, originOf } from "../common"
import { medusaAmountToMinor } from "../common/medusa-values"
import { callbackUrlFor, webhookPath } from "./callbacks/callback-auth"
import { statementText } from "../../lib/statement-reference"
import { MERCHANT_CHARGES_CONSENT_KEY, recordedConsentOf, type RecordedConsent } from "../../lib/merchant-charges"
import type { TbcCheckoutOptions } from "./options"

export interface CheckoutData {
  /** Medusa's payment session id (= the bank's merchantPaymentId) */
  session_id?: string
  payId: string
  status: string
  preAuth: boolean
  /** major units, as the bank reports them */
  amount?: number
  currency?: string
  confirmedAmount?: number
  returnedAmount?: number
  /** the bank's hosted page; `redirect_url` is the same link under a storefront-friendly name */
  approvalUrl?: string
  redirect_url?: string
  /** when the payment was created / first seen authorized (ISO), for the 30-day completion rule */
  created_at?: string
  /** null until the bank holds the money (set by authorizePayment, never by the storefront) */
  authorized_at?: string | null
  /**
   * What Medusa asked this session to collect (major units, currency upper-case), set by
   * initiatePayment: authorizePayment accepts the bank's payment only for exactly this
   */
  session_amount?: number
  session_currency?: string
  /**
   * The last four digits of the paying card, from the bank's masked `paymentCardNumber`
   * ("4***********1111"): what storefronts show on the order page (Medusa's dtc-starter reads
   * `payment.data.card_last4`). Never more of the number; absent until the bank names the card.
   */
  card_last4?: string
  /**
   * The card's mask as the bank shows it ("4***********1111") and the method the shopper used on
   * the bank's page (5 card, 9 Apple Pay, 11 saved card, …): what a storefront's order page may
   * show (src/lib/payment-facts.ts). The bank's reference numbers stay in the ledger (admin only).
   */
  card_mask?: string
  payment_method?: number
  /**
   * The shopper's consent to charges by the store, given with `save_card` (validated and stamped
   * by the session-creation workflow): carried into the payment's data, where the saved-card
   * recording reads it and keeps it with the card (src/lib/merchant-charges.ts).
   */
  merchant_charges_consent?: RecordedConsent
}

const INSTALLMENT_METHOD = 8

/**
 * Keys of `data` only the server sets (the session-creation workflow drops a storefront's own):
 * the cart's locale, the bank page's language when the storefront names none (`data.locale`);
 * `purchaseOnly`, set by a payment link's payment (src/workflows/payment-links/pay-link.ts): the
 * money is taken at once even with preAuth on, since a link pays what an order owes, and a hold
 * would leave it owed (and a draft order unconverted) until someone captured it.
 */
export const SERVER_SESSION_DATA = { cartLocale: "tbc_cart_locale", purchaseOnly: "tbc_purchase_only" } as const

/**
 * The amount and currency the session is for: what initiatePayment recorded, or (sessions opened
 * before it recorded them) the amount and currency stored from the bank's create answer.
 */
export function sessionAmountOf(data: Record<string, unknown> | undefined): { amount: unknown; currency: unknown } {
  return data?.session_amount !== undefined
    ? { amount: data.session_amount, currency: data.session_currency }
    : { amount: data?.amount, currency: data?.currency }
}

/** The bank's payment id stored in `data`, or a clear error. */
export function payIdOf(data: Record<string, unknown> | undefined): string {
  const payId = data?.payId
  if (typeof payId !== "string" || payId === "") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "This payment has no TBC payment id (data.payId is missing).")
  }
  return payId
}

/**
 * Fresh bank facts merged over what we stored (the bank wins); fields without a value are left
 * out. Written as plain assignments: it runs on every provider operation.
 */
export function dataFromDetails(
  previous: Record<string, unknown> | undefined,
  details: PaymentDetails,
  extra: Partial<CheckoutData> = {}
): CheckoutData {
  const prior = (previous ?? {}) as Partial<CheckoutData>
  const approvalUrl = details.approvalUrl ?? prior.approvalUrl
  const data = {} as CheckoutData
  const put = <K extends keyof CheckoutData>(key: K, value: CheckoutData[K] | undefined) => {
    if (value !== undefined) data[key] = value
  }
  if (prior.session_id) data.session_id = prior.session_id
  put("payId", details.payId || (prior.payId as string))
  put("status", details.status)
  data.preAuth = details.preAuth ?? prior.preAuth ?? false
  put("amount", details.amount ?? prior.amount)
  put("currency", details.currency ?? prior.currency)
  put("confirmedAmount", details.confirmedAmount)
  put("returnedAmount", details.returnedAmount)
  if (approvalUrl) {
    data.approvalUrl = approvalUrl
    data.redirect_url = approvalUrl
  }
  if (prior.created_at) data.created_at = prior.created_at
  if (typeof prior.authorized_at === "string") data.authorized_at = prior.authorized_at
  if (prior.session_amount !== undefined) data.session_amount = prior.session_amount
  if (prior.session_currency !== undefined) data.session_currency = prior.session_currency
  put("card_last4", /(\d{4})$/.exec(details.paymentCardNumber ?? "")?.[1] ?? prior.card_last4)
  const shown = shopperFactsOf(paymentFactsOf(details))
  put("card_mask", shown.card_mask ?? prior.card_mask)
  put("payment_method", shown.payment_method ?? prior.payment_method)
  if (prior.merchant_charges_consent !== undefined) {
    put(MERCHANT_CHARGES_CONSENT_KEY, recordedConsentOf(prior.merchant_charges_consent))
  }
  for (const key of Object.keys(extra) as Array<keyof CheckoutData>) put(key, extra[key] as never)
  return data
}

/**
 * `extra` for a session (printed on the shopper's statement): the statement reference of the cart
 * the session-creation workflow named in `data.tbc_cart_id`, or of the session when none is named,
 * after the store's statement text `prefix` (option statementText) when it has one.
 */
export function statementExtra(
  data: Record<string, unknown> | undefined,
  sessionId: string,
  prefix?: string | null
): { extra?: string } {
  const cartId = data?.tbc_cart_id
  const extra = statementText(typeof cartId === "string" && cartId !== "" ? cartId : sessionId, prefix)
  return extra ? { extra } : {}
}

/**
 * The return URL for one session: the storefront may ask for its own page (`data.return_url`),
 * but only on an origin the merchant allowed (returnUrl's origin or allowedReturnOrigins),
 * so the bank's page never sends shoppers to someone else's site.
 */
export function returnUrlFor(options: TbcCheckoutOptions, requested: unknown): string {
  const fallback = options.returnUrl
  if (requested === undefined || requested === null || requested === "") {
    return fallback
  }
  const origin = originOf(requested)
  const allowed = new Set([originOf(fallback), ...options.allowedReturnOrigins])
  if (!origin || !allowed.has(origin)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "data.return_url must be an http(s) URL on the store's own origin (returnUrl) or one listed in allowedReturnOrigins."
    )
  }
  return requested as string
}

/**
 * Installment products for method 8 — only those injected server-side from the cart (the
 * session-creation workflow overwrites data.installmentProducts), and only when they add up to the
 * amount exactly under both readings of the bank's "sum of prices" (Σ price and Σ price ×
 * quantity; docs/bank-behaviour.md). Otherwise method 8 is left out (the shopper can still pay by
 * card) rather than failing the checkout: the bank would refuse the whole payment.
 */
export function installmentProductsFor(
  data: Record<string, unknown> | undefined,
  amountMinor: number
): InstallmentProduct[] | undefined {
  const products = data?.installmentProducts
  if (!Array.isArray(products) || products.length === 0) return undefined
  for (const product of products as Array<Record<string, unknown>>) {
    if (
      typeof product?.name !== "string" ||
      typeof product.price !== "number" ||
      typeof product.quantity !== "number"
    ) {
      return undefined
    }
  }
  return productsMatchTotal(products, amountMinor, "both") ? (products as InstallmentProduct[]) : undefined
}

export interface CreateRequestInput {
  options: TbcCheckoutOptions
  sessionId: string
  amount: BigNumberInput
  currencyCode: string
  data?: Record<string, unknown>
  /** the per-method service's choice (its one method); undefined: the all-methods page */
  choice?: CheckoutChoice
  /** the service's identifier, for its callback path (default tbc-checkout) */
  identifier?: string
}

/**
 * The create-web-payment body for one Medusa session, and the amount in tetri. The bank's rules
 * are applied here, before any call: a per-method choice that is not enabled or whose limits
 * exclude the amount is refused (NOT_ALLOWED, naming the method and the option); the all-methods
 * page leaves out what the amount or the missing installment products exclude; purchase-only
 * methods never go with a preauthorization (pagePlan).
 */
export function buildCreateRequest(input: CreateRequestInput): {
  request: CreatePaymentRequest
  amountMinor: number
  droppedInstallments: boolean
  /** methods of the all-methods page left out because the amount is outside their limits */
  outOfRange: CheckoutMethod[]
  /** purchase-only methods left out of a page that holds the money */
  droppedPurchaseOnly: CheckoutMethod[]
} {
  const { options, sessionId, data, choice } = input
  const amountMinor = medusaAmountToMinor(input.amount)
  const currency = input.currencyCode.toUpperCase() as CreatePaymentRequest["amount"]["currency"]
  if (choice) {
    const verdict = choiceAvailability(choice, options, { amountMinor, currency })
    if (!verdict.available) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `${verdict.message}.`)
  }
  const limited = choice
    ? { methods: [choice.method], outOfRange: [] }
    : methodsWithinLimits(options.methods, options.methodLimits, amountMinor, currency)
  let methods: CheckoutMethod[] = limited.methods
  let installmentProducts: InstallmentProduct[] | undefined
  let droppedInstallments = false
  if (methods.includes(INSTALLMENT_METHOD)) {
    installmentProducts = currency === "GEL" ? installmentProductsFor(data, amountMinor) : undefined
    if (!installmentProducts) {
      methods = methods.filter((m) => m !== INSTALLMENT_METHOD)
      droppedInstallments = true
    }
  }
  if (methods.length === 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      limited.outOfRange.length > 0 && !droppedInstallments
        ? `No TBC payment method can be offered for this amount: ${limited.outOfRange.map((m) => `method ${m}`).join(", ")} outside its limits (option methodLimits).`
        : "TBC installments (method 8) cannot be offered for this cart and no other payment method is enabled."
    )
  }
  const plan = pagePlan(methods, options.preAuth && data?.[SERVER_SESSION_DATA.purchaseOnly] !== true)
  const language = pageLanguageFor(data?.locale, data?.[SERVER_SESSION_DATA.cartLocale], options.language)
  const identifier = input.identifier
  const request: CreatePaymentRequest = {
    amount: { currency, total: minorToMajor(amountMinor) },
    returnurl: returnUrlFor(options, data?.return_url),
    callbackUrl: options.signCallbackUrl
      ? callbackUrlFor(options.storeUrl, options.registrationId, options.clientSecret, sessionId, identifier)
      : joinUrl(options.storeUrl, webhookPath(options.registrationId, identifier)),
    preAuth: plan.preAuth,
    methods: plan.methods,
    merchantPaymentId: sessionId,
    // the shopper's card statement: the store's text (option statementText), then the cart's
    // reference; the bank's rule: printable ASCII, ≤ 25 (src/lib/statement-reference.ts)
    ...statementExtra(data, sessionId, options.statementText),
    ...(installmentProducts && plan.methods.includes(INSTALLMENT_METHOD) ? { installmentProducts } : {}),
    ...(language ? { language } : {}),
    ...(options.expirationMinutes ? { expirationMinutes: options.expirationMinutes } : {}),
    ...(options.description ? { description: options.description } : {}),
  }
  return {
    request,
    amountMinor,
    droppedInstallments,
    outOfRange: limited.outOfRange,
    droppedPurchaseOnly: plan.droppedPurchaseOnly,
  }
}
