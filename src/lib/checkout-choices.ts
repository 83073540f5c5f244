/**
 * Each of the bank page's payment methods as a checkout choice of its own, and the bank's rules
 * per method, decided before any bank call (docs/bank-behaviour.md, "Payment methods as their own
 * choices"). Pure: no I/O, no Medusa imports; amounts compared in integer tetri.
 *
 * - CHECKOUT_CHOICES: the per-method provider services (`pp_tbc-card_<id>`, …), as data: each
 *   names its identifier, the one method its payment offers, and which min/max limit applies.
 * - purchase-only methods (Google Pay 14, Apple Pay 9): never a preauthorization.
 * - min/max per method (`methodLimits`, in GEL): installments 100–10,000, BNPL 100–5,000 by default.
 * - the page language from a locale ("ka", "ka-GE", "KA", "ru_RU" …).
 */
import { majorToMinorExact } from "./money"
import type { CheckoutLanguage, CheckoutMethod } from "./tbc/types"

/** The all-methods provider: one bank page that offers every configured method. */
export const ALL_METHODS_IDENTIFIER = "tbc-checkout"

/** Which min/max an amount is checked against: a method's number, or "bnpl" (Part-by-Part, offered under 4). */
export const LIMIT_KEYS = ["4", "5", "7", "8", "9", "14", "bnpl"] as const
export type LimitKey = (typeof LIMIT_KEYS)[number]

export interface CheckoutChoice {
  /** the service's `static identifier`: Medusa registers it as `pp_<identifier>_<registration id>` */
  readonly identifier: string
  /** the one method its bank payment offers */
  readonly method: CheckoutMethod
  /** the min/max it is available within */
  readonly limitKey: LimitKey
  /** how the admin and the docs name it */
  readonly label: string
}

/**
 * The per-method services (TBC developer portal, "Payment methods": 4 Web QR and BNPL, 5 card,
 * 7 internet bank, 8 installment, 9 Apple Pay, 14 Google Pay). BNPL ("Part-by-Part") has no method
 * number of its own: the bank offers it on method 4's page (and reports `isBnpl` afterwards), so
 * `tbc-bnpl` sends method 4 and is offered only within the BNPL limits.
 */
export const CHECKOUT_CHOICES: readonly CheckoutChoice[] = [
  { identifier: "tbc-card", method: 5, limitKey: "5", label: "Card" },
  { identifier: "tbc-apple-pay", method: 9, limitKey: "9", label: "Apple Pay" },
  { identifier: "tbc-google-pay", method: 14, limitKey: "14", label: "Google Pay" },
  { identifier: "tbc-qr", method: 4, limitKey: "4", label: "Web QR" },
  { identifier: "tbc-bnpl", method: 4, limitKey: "bnpl", label: "Part-by-Part (BNPL)" },
  { identifier: "tbc-internet-bank", method: 7, limitKey: "7", label: "Internet bank" },
  { identifier: "tbc-installment-plan", method: 8, limitKey: "8", label: "Installment" },
]

/** Every identifier of a checkout service: the all-methods one first. */
export const CHECKOUT_IDENTIFIERS: readonly string[] = [
  ALL_METHODS_IDENTIFIER,
  ...CHECKOUT_CHOICES.map((c) => c.identifier),
]

/** The longest title a store may give a choice (`methodTitles`): a line of a payment step. */
export const METHOD_TITLE_MAX = 60

/** The choice behind an identifier; undefined for `tbc-checkout` (all methods) and anything else. */
export function choiceOf(identifier: string | undefined): CheckoutChoice | undefined {
  return CHECKOUT_CHOICES.find((choice) => choice.identifier === identifier)
}

/** `pp_tbc-card_tbc` → { identifier: "tbc-card", registrationId: "tbc" } for every checkout service. */
export function parseCheckoutProviderId(
  providerId: string | null | undefined
): { identifier: string; registrationId: string } | undefined {
  const match = /^(?:pp_)?(tbc-[a-z-]+?)_([A-Za-z0-9_-]+)$/.exec(providerId ?? "")
  if (!match || !CHECKOUT_IDENTIFIERS.includes(match[1])) return undefined
  return { identifier: match[1], registrationId: match[2] }
}

/**
 * Whether two provider ids are checkout services of one registration (`pp_tbc-checkout_tbc` and
 * `pp_tbc-card_tbc`): the same merchant at the bank, so a card saved with one pays with the other.
 */
export function sameCheckoutRegistration(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = parseCheckoutProviderId(a)
  return left !== undefined && left.registrationId === parseCheckoutProviderId(b)?.registrationId
}

/** Whether a Medusa provider id is an Online Installments provider (`pp_tbc-installments_<id>`). */
export const isInstallmentsProviderId = (providerId: string | null | undefined): boolean =>
  Boolean(providerId?.startsWith("pp_tbc-installments_"))

/** Whether a Medusa provider id (or a webhook segment without `pp_`) is one of the checkout services. */
export function isCheckoutProviderId(providerId: string | null | undefined): boolean {
  return parseCheckoutProviderId(providerId) !== undefined
}

/**
 * Methods TBC's page takes as a purchase only. Google Pay: TBC's Google Pay documentation ("Google
 * Pay payments can only be used for Purchase type authorizations"). Apple Pay: TBC documents
 * nothing either way, so the safe reading, purchase only (docs/bank-behaviour.md).
 */
export const PURCHASE_ONLY_METHODS: readonly CheckoutMethod[] = [9, 14]

/** Methods the bank takes in GEL only (TBC: "only GEL is available for 6 and 8"). */
export const GEL_ONLY_METHODS: readonly CheckoutMethod[] = [6, 8]

export const isPurchaseOnly = (method: number): boolean => (PURCHASE_ONLY_METHODS as readonly number[]).includes(method)

/**
 * What one bank page offers and whether it holds the money. With preauthorization wanted, the
 * purchase-only methods are left out of a page that offers anything else (the shopper never meets
 * a wallet the bank would refuse to hold with); a page of purchase-only methods alone (Google Pay's
 * own choice) is a purchase: preauthorization off, whatever the `preAuth` default.
 */
export function pagePlan(
  methods: readonly CheckoutMethod[],
  preAuth: boolean
): { methods: CheckoutMethod[]; preAuth: boolean; droppedPurchaseOnly: CheckoutMethod[] } {
  if (!preAuth) return { methods: [...methods], preAuth: false, droppedPurchaseOnly: [] }
  const holdable = methods.filter((m) => !isPurchaseOnly(m))
  if (holdable.length === 0) return { methods: [...methods], preAuth: false, droppedPurchaseOnly: [] }
  return { methods: holdable, preAuth: true, droppedPurchaseOnly: methods.filter(isPurchaseOnly) }
}

// ---- min/max per method ----

/** A limit as configured: GEL (major units, at most 2 decimals), either end optional. */
export interface AmountLimit {
  min?: number
  max?: number
}
export type MethodLimits = Partial<Record<LimitKey, AmountLimit>>

/**
 * The largest end a limit may have, in GEL. A store's limit is a cart total it sells for; one of
 * a million GEL or more is no limit at all (leave `max` out for that), and it keeps every end far
 * inside what integer tetri represent exactly.
 */
export const MAX_LIMIT_GEL = 1_000_000

/**
 * TBC's published terms: Online Installments 100–10,000 GEL; Part-by-Part (BNPL) 100–5,000 GEL.
 * A store's `methodLimits` replaces these per key (`{ "8": {} }` removes the installment limit).
 */
export const DEFAULT_METHOD_LIMITS: Readonly<Record<"8" | "bnpl", Required<AmountLimit>>> = {
  "8": { min: 100, max: 10_000 },
  bnpl: { min: 100, max: 5_000 },
}

/** A GEL limit in tetri (ends without an exact tetri value are dropped, as the options refuse them). */
export function limitToMinor(limit: AmountLimit): { min?: number; max?: number } {
  const minor = (value: number | undefined) =>
    value === undefined ? undefined : (majorToMinorExact(value) ?? undefined)
  return { min: minor(limit.min), max: minor(limit.max) }
}

/** The limit of `key` in tetri: the store's, else TBC's default, else none. */
export function limitInMinor(key: LimitKey, configured: MethodLimits | undefined): { min?: number; max?: number } {
  return limitToMinor(configured?.[key] ?? (DEFAULT_METHOD_LIMITS as MethodLimits)[key] ?? {})
}

/** "100.00 GEL" from tetri, for messages (integer arithmetic only). */
export function gelText(minor: number): string {
  const whole = Math.trunc(minor / 100)
  const cents = String(Math.abs(minor % 100)).padStart(2, "0")
  return `${whole}.${cents} GEL`
}

export type UnavailableReason = "method_not_enabled" | "below_minimum" | "above_maximum" | "currency_not_supported"

export interface Availability {
  available: boolean
  reason: UnavailableReason | null
  /** for a merchant or a developer, naming the method and the limit or option */
  message: string | null
}

const AVAILABLE: Availability = { available: true, reason: null, message: null }

/**
 * Whether a GEL amount lies within `limit` (tetri): `what` names the choice and `option` the
 * setting that moves the limit, in the message. Limits are in GEL: an amount in another currency
 * is not compared (GEL-only choices are refused for their currency first).
 */
export function amountVerdict(
  what: string,
  limit: { min?: number; max?: number },
  option: string,
  amountMinor: number,
  currency: string
): Availability {
  if (currency.toUpperCase() !== "GEL") return AVAILABLE
  if (limit.min !== undefined && amountMinor < limit.min) {
    return {
      available: false,
      reason: "below_minimum",
      message: `${what} is offered from ${gelText(limit.min)}; this cart is ${gelText(amountMinor)} (option ${option}.min)`,
    }
  }
  if (limit.max !== undefined && amountMinor > limit.max) {
    return {
      available: false,
      reason: "above_maximum",
      message: `${what} is offered up to ${gelText(limit.max)}; this cart is ${gelText(amountMinor)} (option ${option}.max)`,
    }
  }
  return AVAILABLE
}

/** Whether an amount lies within the limit of `key` (the store's `methodLimits`, else TBC's). */
export function limitVerdict(
  key: LimitKey,
  what: string,
  configured: MethodLimits | undefined,
  amountMinor: number,
  currency: string
): Availability {
  return amountVerdict(what, limitInMinor(key, configured), `methodLimits["${key}"]`, amountMinor, currency)
}

/**
 * Whether TBC's Online Installments (the installments provider) may take a cart: GEL only, and
 * within its `amountLimit` (TBC's terms, 100–10,000 GEL, unless the store set its own).
 */
export function installmentsAvailability(
  limit: AmountLimit,
  cart?: { amountMinor: number; currency: string }
): Availability {
  if (!cart) return AVAILABLE
  const what = "An installment loan"
  if (cart.currency.toUpperCase() !== "GEL") {
    return {
      available: false,
      reason: "currency_not_supported",
      message: `${what} is paid in GEL only; this cart is in ${cart.currency.toUpperCase()}`,
    }
  }
  return amountVerdict(what, limitToMinor(limit), "amountLimit", cart.amountMinor, cart.currency)
}

function currencyVerdict(method: number, what: string, currency: string): Availability {
  if (!(GEL_ONLY_METHODS as readonly number[]).includes(method) || currency.toUpperCase() === "GEL") return AVAILABLE
  return {
    available: false,
    reason: "currency_not_supported",
    message: `${what} is paid in GEL only; this cart is in ${currency.toUpperCase()}`,
  }
}

/** `Apple Pay (method 9)` */
export const choiceName = (choice: CheckoutChoice): string => `${choice.label} (method ${choice.method})`

/** Card (5) is active for every merchant; every other method once the bank activated it (`activatedMethods`). */
export const CARD_METHOD = 5

/**
 * Whether a per-method choice may take money: its method one the bank takes from this store (card,
 * or listed in `activatedMethods`), and (with a cart) the amount within its limits and its currency
 * one the method takes. The registration's `methods` is not asked: it is what the all-methods page
 * offers, and enabling a per-method provider in a region is the store's choice of that method.
 */
export function choiceAvailability(
  choice: CheckoutChoice,
  store: { activatedMethods: readonly number[]; methodLimits?: MethodLimits },
  cart?: { amountMinor: number; currency: string }
): Availability {
  const what = choiceName(choice)
  if (choice.method !== CARD_METHOD && !store.activatedMethods.includes(choice.method)) {
    return {
      available: false,
      reason: "method_not_enabled",
      message: `${what} is not activated for this store: list ${choice.method} in the provider option activatedMethods once the bank activated it`,
    }
  }
  if (!cart) return AVAILABLE
  const currency = currencyVerdict(choice.method, what, cart.currency)
  if (!currency.available) return currency
  return limitVerdict(choice.limitKey, what, store.methodLimits, cart.amountMinor, cart.currency)
}

/**
 * The all-methods page for one amount: a method outside its own limit (by its number) is left out,
 * as installments without products are, so the bank's page never offers what it would refuse.
 */
export function methodsWithinLimits(
  methods: readonly CheckoutMethod[],
  configured: MethodLimits | undefined,
  amountMinor: number,
  currency: string
): { methods: CheckoutMethod[]; outOfRange: CheckoutMethod[] } {
  const within = (m: CheckoutMethod) =>
    !(LIMIT_KEYS as readonly string[]).includes(String(m)) ||
    limitVerdict(String(m) as LimitKey, `method ${m}`, configured, amountMinor, currency).available
  return { methods: methods.filter(within), outOfRange: methods.filter((m) => !within(m)) }
}

// ---- language of the bank's page ----

const PAGE_LANGUAGES: Readonly<Record<string, CheckoutLanguage>> = { ka: "KA", en: "EN", ru: "RU" }

/**
 * The page language a locale asks for: its primary subtag, any case, `-` or `_` ("ka", "ka-GE",
 * "KA", "ru_RU", "en-US" …). Undefined for anything else, so the next source is asked.
 */
export function pageLanguageOf(locale: unknown): CheckoutLanguage | undefined {
  if (typeof locale !== "string") return undefined
  const primary = /^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*$/.exec(locale)?.[1]?.toLowerCase()
  return primary ? PAGE_LANGUAGES[primary] : undefined
}

/**
 * The language of one payment's page: what the storefront asked for this session (`data.locale`),
 * else the cart's locale (Medusa's `cart.locale`), else the store's `language` option, else none
 * (the bank's default).
 */
export function pageLanguageFor(
  requested: unknown,
  cartLocale: unknown,
  configured: CheckoutLanguage | undefined
): CheckoutLanguage | undefined {
  return pageLanguageOf(requested) ?? pageLanguageOf(cartLocale) ?? configured
}
