/**
 * The TBC choices a checkout shows for a cart: the store's payment options (`GET
 * /store/tbc/payment-options?cart_id=`) that are available for the cart, enabled in its region,
 * and payable in this browser, each with its title in the shopper's language and whether it only
 * holds the money. Pure, except `tbcBrowserAbilities`, which asks the browser it is given.
 *
 * The browser rule (no script is loaded from the network, no payment sheet is opened):
 * - Apple Pay (method 9) is offered where `ApplePaySession.canMakePayments()` is true (Safari on an
 *   Apple device with a card in Wallet, on https);
 * - Google Pay (method 14) is offered where the browser's own Payment Request API says it is ready
 *   for Google Pay (`https://google.com/pay`) on a secure page, answered within 1.5 s (see
 *   canGooglePay). Google's `isReadyToPay` would need Google's pay.js loaded from Google.
 * A choice is left out only when every method it offers is a wallet the browser cannot pay with:
 * the all-methods page keeps its card even where its wallets cannot run.
 */
import type { TbcPaymentOption } from "./save-card"
import { isTbcInstallments, TBC_CHECKOUT_IDENTIFIERS } from "./session"
import { paymentMethodText, tbcWords } from "./words"

/** The wallets a browser can pay with. */
export interface TbcBrowserAbilities {
  applePay: boolean
  googlePay: boolean
}

const APPLE_PAY = 9
const GOOGLE_PAY = 14

/** A payment request as the rule uses it (the browser's `PaymentRequest`). */
export interface BrowserPaymentRequest {
  canMakePayment?: () => Promise<boolean>
  hasEnrolledInstrument?: () => Promise<boolean>
}

/** The part of a browser's global scope the rule reads (globalThis in a browser). */
export interface BrowserScope {
  ApplePaySession?: { canMakePayments?: () => boolean }
  PaymentRequest?: new (methods: unknown[], details: unknown) => BrowserPaymentRequest
  isSecureContext?: boolean
  setTimeout?: (run: () => void, ms: number) => unknown
  clearTimeout?: (timer: never) => void
}

export interface TbcBrowserAbilitiesOptions {
  /** the cart's total in tetri (1/100 GEL), the payment request's total; it does not change the answer */
  amountTetri?: number
  /** how long Google Pay's answer may take before it counts as "not ready" (default 1500 ms) */
  timeoutMs?: number
}

/**
 * What `scope` (default: this browser) can pay with; nothing outside a browser. Never rejects.
 * Google Pay's answer is asked once per page (per `scope`) and kept.
 */
export async function tbcBrowserAbilities(
  scope: BrowserScope = globalThis as BrowserScope,
  options: TbcBrowserAbilitiesOptions = {}
): Promise<TbcBrowserAbilities> {
  try {
    const applePay = canApplePay(scope)
    return { applePay, googlePay: await canGooglePayOncePerPage(scope, options) }
  } catch {
    return { applePay: false, googlePay: false }
  }
}

function canApplePay(scope: BrowserScope): boolean {
  try {
    return scope.ApplePaySession?.canMakePayments?.() === true
  } catch {
    return false // Safari throws on a page that is not https
  }
}

/** Google Pay's answer by page: the browser may refuse a page that asks too often. */
const googlePayAnswers = new WeakMap<object, Promise<boolean>>()

function canGooglePayOncePerPage(scope: BrowserScope, options: TbcBrowserAbilitiesOptions): Promise<boolean> {
  let answer = googlePayAnswers.get(scope)
  if (!answer) {
    answer = canGooglePay(scope, options)
    googlePayAnswers.set(scope, answer)
  }
  return answer
}

/** A minimal Google Pay request (Google Pay API 2.0): cards on Visa and Mastercard, as TBC takes them. */
const GOOGLE_PAY_REQUEST = {
  apiVersion: 2,
  apiVersionMinor: 0,
  allowedPaymentMethods: [
    {
      type: "CARD",
      parameters: {
        allowedAuthMethods: ["PAN_ONLY", "CRYPTOGRAM_3DS"],
        allowedCardNetworks: ["VISA", "MASTERCARD"],
      },
    },
  ],
}

/** tetri as the decimal string a payment request's amount is ("40.00"); integers only, never below 0 */
function gelValue(tetri: number | undefined): string {
  const whole = Number.isFinite(tetri) ? Math.max(0, Math.round(tetri as number)) : 0
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`
}

/**
 * Whether the browser is ready to pay with Google Pay, asked through its own Payment Request API
 * with Google Pay's method (`https://google.com/pay`): no script, no payment sheet. Not ready: no
 * `PaymentRequest`, a page that is not secure, a browser that refuses the request (throws or
 * rejects), or no answer within `timeoutMs` (a promise that never settles holds nothing back).
 *
 * `hasEnrolledInstrument()` where the browser has it (Chromium), else `canMakePayment()`:
 * `canMakePayment()` is also true where the browser merely could install a payment handler for
 * the method on the fly (W3C Web Payments WG, "Working with canMakePayment and
 * hasEnrolledInstrument"), which is how Google Pay came to be offered in Chromium on Linux;
 * `hasEnrolledInstrument()` is true only where a handler is there and ready to pay.
 */
function canGooglePay(scope: BrowserScope, options: TbcBrowserAbilitiesOptions): Promise<boolean> {
  // the page's timers where the scope has them (a test's own), else this runtime's
  const timers = scope.setTimeout
    ? {
        start: (run: () => void, ms: number) => scope.setTimeout?.(run, ms),
        stop: (t: unknown) => scope.clearTimeout?.(t as never),
      }
    : { start: (run: () => void, ms: number) => setTimeout(run, ms), stop: (t: unknown) => clearTimeout(t as never) }
  return new Promise<boolean>((resolve) => {
    let timer: unknown
    const settle = (ready: boolean) => {
      try {
        if (timer !== undefined) timers.stop(timer)
      } catch {
        // a timer left running only answers a promise already settled
      }
      resolve(ready)
    }
    try {
      const Request = scope.PaymentRequest
      if (typeof Request !== "function" || scope.isSecureContext === false) return settle(false)
      const request = new Request([{ supportedMethods: "https://google.com/pay", data: GOOGLE_PAY_REQUEST }], {
        total: { label: "Total", amount: { currency: "GEL", value: gelValue(options.amountTetri) } },
      })
      const asking =
        typeof request.hasEnrolledInstrument === "function"
          ? request.hasEnrolledInstrument()
          : typeof request.canMakePayment === "function"
            ? request.canMakePayment()
            : false
      timer = timers.start(() => resolve(false), options.timeoutMs ?? 1500)
      Promise.resolve(asking).then(
        (ready) => settle(ready === true),
        () => settle(false)
      )
    } catch {
      settle(false) // e.g. a browser that does not know the method, or a page that may not ask
    }
  })
}

/** One choice of the payment step. */
export interface TbcChoice {
  providerId: string
  kind: "checkout" | "installments"
  /** the store's title, else the kit's words in the shopper's language */
  title: string
  /** authorizing only holds the money; the shop takes it later */
  holdsMoney: boolean
  option: TbcPaymentOption
}

export interface TbcChoicesContext {
  /** the payment providers enabled in the cart's region (Medusa's `/store/payment-providers`); unset: all */
  providers?: ReadonlyArray<string | { id: string }>
  abilities: TbcBrowserAbilities
  locale?: string | null
}

/** The kit's title of an option in `locale`: its method's name, or the page's methods for the all-methods page. */
export function tbcChoiceTitle(option: TbcPaymentOption, locale?: string | null): string {
  const words = tbcWords(locale).checkout
  if (option.title) return option.title
  if (option.kind === "installments" || isTbcInstallments(option.provider_id)) return words.installmentsTitle
  if (option.identifier === "tbc-bnpl") return words.bnplTitle
  const named = (method: number) => paymentMethodText(method, locale)
  if (option.method !== null && option.method !== undefined) return named(option.method) ?? words.cardTitle
  const names = option.methods.map(named).filter((name): name is string => name !== null)
  return names.length > 0 ? words.pageTitle.replace("{{methods}}", names.join(", ")) : words.cardTitle
}

/** Whether the browser can pay with at least one of the option's methods (only wallets need the browser). */
function payableHere(option: TbcPaymentOption, abilities: TbcBrowserAbilities): boolean {
  const methods = option.method !== null && option.method !== undefined ? [option.method] : option.methods
  if (option.kind === "installments" || methods.length === 0) return true
  return methods.some(
    (method) => (method !== APPLE_PAY || abilities.applePay) && (method !== GOOGLE_PAY || abilities.googlePay)
  )
}

/** The choices to show, in the store's order. */
export function tbcChoices(options: readonly TbcPaymentOption[], context: TbcChoicesContext): TbcChoice[] {
  const enabled = context.providers?.map((provider) => (typeof provider === "string" ? provider : provider.id))
  return options
    .filter((option) => option.available !== false)
    .filter((option) => !enabled || enabled.includes(option.provider_id))
    .filter((option) => payableHere(option, context.abilities))
    .map((option) => ({
      providerId: option.provider_id,
      kind: option.kind,
      title: tbcChoiceTitle(option, context.locale),
      holdsMoney: option.holds_money === true,
      option,
    }))
}

/** The one method of each per-method provider (the plugin's CHECKOUT_CHOICES); BNPL has its own title. */
export const TBC_CHOICE_METHODS: Readonly<Record<string, number>> = {
  "tbc-card": 5,
  "tbc-apple-pay": 9,
  "tbc-google-pay": 14,
  "tbc-qr": 4,
  "tbc-internet-bank": 7,
  "tbc-installment-plan": 8,
}

/**
 * Entries for a storefront's provider map (the dtc-starter's `paymentInfoMap` in
 * `src/lib/constants.tsx`: title and icon by provider id) for every TBC provider of registration
 * `id`: a page that looks a provider up there (the order page, the payment summary) then has one.
 * The all-methods page is "TBC Bank", never "Card": its shopper may pay by internet bank.
 */
export function tbcPaymentInfo<Icon>(
  icon: Icon,
  { id = "tbc", locale = "en" }: { id?: string; locale?: string | null } = {}
): Record<string, { title: string; icon: Icon }> {
  const words = tbcWords(locale).checkout
  const titleOf = (identifier: string): string => {
    if (identifier === "tbc-checkout") return words.bankTitle
    if (identifier === "tbc-bnpl") return words.bnplTitle
    return paymentMethodText(TBC_CHOICE_METHODS[identifier], locale) ?? words.bankTitle
  }
  const entries: Record<string, { title: string; icon: Icon }> = {}
  for (const identifier of TBC_CHECKOUT_IDENTIFIERS)
    entries[`pp_${identifier}_${id}`] = { title: titleOf(identifier), icon }
  entries[`pp_tbc-installments_${id}`] = { title: words.installmentsTitle, icon }
  return entries
}
