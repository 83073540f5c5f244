/**
 * Which payment sessions are TBC's, what to send when creating one, and where the bank's page is.
 * Pure and dependency-free: runs in a browser, in Node and in a React Server Component alike.
 */

import { toTbcLocale } from "./words"

/**
 * The version of the kit's words for the consent to charges by the store (`checkout.saveCardMerchantCharges`
 * in each language). The plugin accepts only versions it knows (its src/lib/merchant-charges.ts);
 * a new wording gets a new version in both.
 */
export const TBC_MERCHANT_CHARGES_WORDS_VERSION = "2026-12"

/** Medusa registers providers as `pp_<identifier>_<id>`; the id is the store's choice ("tbc" in the README). */
export const TBC_CHECKOUT_PREFIX = "pp_tbc-checkout_"
export const TBC_INSTALLMENTS_PREFIX = "pp_tbc-installments_"

/**
 * The identifiers of TBC's hosted checkout: the all-methods page and one provider per method
 * (`pp_tbc-card_<id>`, `pp_tbc-apple-pay_<id>`, …), all registered by the one tbc-checkout entry.
 */
export const TBC_CHECKOUT_IDENTIFIERS: readonly string[] = [
  "tbc-checkout",
  "tbc-card",
  "tbc-apple-pay",
  "tbc-google-pay",
  "tbc-qr",
  "tbc-bnpl",
  "tbc-internet-bank",
  "tbc-installment-plan",
]

export const isTbcCheckout = (providerId?: string | null): boolean =>
  TBC_CHECKOUT_IDENTIFIERS.some((identifier) => Boolean(providerId?.startsWith(`pp_${identifier}_`)))
export const isTbcInstallments = (providerId?: string | null): boolean =>
  Boolean(providerId?.startsWith(TBC_INSTALLMENTS_PREFIX))
export const isTbcProvider = (providerId?: string | null): boolean =>
  isTbcCheckout(providerId) || isTbcInstallments(providerId)

/** The part of a Store API payment session this kit reads. */
export interface StorePaymentSession {
  id?: string
  provider_id: string
  status?: string
  data?: Record<string, unknown> | null
}

/** What a shopper chose at checkout, turned into `data` of `POST …/payment-sessions`. */
export interface TbcPaymentChoice {
  providerId: string
  /**
   * Where the bank's page sends the shopper back (checkout only; an origin the store allows:
   * the provider's returnUrl origin or allowedReturnOrigins). Include the cart id, e.g.
   * `https://shop.ge/checkout/tbc-return?cart=cart_…`: the bank adds nothing of its own.
   */
  returnUrl?: string
  /** Save the card with this payment (logged-in customers, provider option saveCards). */
  saveCard?: boolean
  /**
   * With `saveCard`: the shopper also ticked the second box, `checkout.saveCardMerchantCharges`
   * (shown in `locale`): the store may charge this card for what an order still owes. Only an
   * explicit tick sets it; never default it to true.
   */
  merchantChargesConsent?: boolean
  /** Pay with a saved card (`GET /store/customers/me/tbc-cards`): no bank page, complete at once. */
  savedCardId?: string
  /**
   * The shopper's language ("ka", "ka-GE", "ru", "en"…): the bank's page is shown in it (KA, EN or
   * RU). Unset: the cart's locale, else the store's configured language.
   */
  locale?: string | null
  /** Anything else to pass through unchanged. */
  data?: Record<string, unknown>
}

/** `data` for the payment session of `choice`; only the fields that apply to its provider. */
export function tbcSessionData(choice: TbcPaymentChoice): Record<string, unknown> {
  const data: Record<string, unknown> = { ...(choice.data ?? {}) }
  if (!isTbcCheckout(choice.providerId)) return data
  if (choice.savedCardId) {
    data.saved_card_id = choice.savedCardId
    return data // paid by execution: no bank page, so no return URL and nothing to save
  }
  if (choice.returnUrl) data.return_url = choice.returnUrl
  if (choice.saveCard) data.save_card = true
  if (choice.saveCard && choice.merchantChargesConsent === true) {
    // what the shopper saw: the words' version and their language
    data.merchant_charges_consent = {
      accepted: true,
      words_version: TBC_MERCHANT_CHARGES_WORDS_VERSION,
      locale: toTbcLocale(choice.locale),
    }
  }
  if (choice.locale) data.locale = choice.locale
  return data
}

/**
 * The bank page to send the shopper to, or null when there is none (a saved card pays at once).
 * Both providers store it as `redirect_url`; `redirectUrl` (installment sessions opened by older
 * versions) and `approvalUrl` (checkout's own name) are read as fallbacks.
 */
export function tbcRedirectUrl(
  session: StorePaymentSession | Record<string, unknown> | null | undefined
): string | null {
  if (!session) return null
  const data = ("provider_id" in session ? (session as StorePaymentSession).data : session) ?? {}
  for (const key of ["redirect_url", "redirectUrl", "approvalUrl"]) {
    const value = (data as Record<string, unknown>)[key]
    if (typeof value === "string" && /^https?:\/\//i.test(value)) return value
  }
  return null
}

/** The newest session of `providerId` (or the newest at all) in a cart's payment collection. */
export function latestSession(
  cart: { payment_collection?: { payment_sessions?: StorePaymentSession[] | null } | null } | null | undefined,
  providerId?: string
): StorePaymentSession | undefined {
  const sessions = cart?.payment_collection?.payment_sessions ?? []
  const matching = providerId ? sessions.filter((session) => session.provider_id === providerId) : sessions
  return matching[matching.length - 1]
}

/** The cart id the return URL carries (`?cart=…`), or null. */
export function cartIdFromReturnUrl(url: string | URL, parameter = "cart"): string | null {
  try {
    const value = new URL(String(url)).searchParams.get(parameter)
    return value && /^cart_[A-Za-z0-9]+$/.test(value) ? value : null
  } catch {
    return null
  }
}
