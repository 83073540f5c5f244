/**
 * The TBC choices a checkout shows for a cart: the store's payment options (`GET
 * /store/tbc/payment-options?cart_id=`) that are available for the cart, enabled in its region,
 * and payable in this browser, each with its title in the shopper's language and whether it only
 * holds the money. Pure, except `tbcBrowserAbilities`, which reads the browser it is given.
 *
 * The browser rule (no script is loaded from the network, no payment sheet is opened):
 * - Apple Pay (method 9) is offered where `ApplePaySession.canMakePayments()` is true (Safari on an
 *   Apple device with a card in Wallet, on https);
 * - Google Pay (method 14) is offered where the browser has the Payment Request API
 *   (`PaymentRequest`) in a secure context: the browsers Google Pay runs in on the web. Whether the
 *   shopper has a card in Google Pay is for the bank's page to find out.
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

/** The part of a browser's global scope the rule reads (globalThis in a browser). */
export interface BrowserScope {
  ApplePaySession?: { canMakePayments?: () => boolean }
  PaymentRequest?: unknown
  isSecureContext?: boolean
}

/** What `scope` (default: this browser) can pay with; nothing outside a browser. */
export function tbcBrowserAbilities(scope: BrowserScope = globalThis as BrowserScope): TbcBrowserAbilities {
  const googlePay = typeof scope.PaymentRequest === "function" && scope.isSecureContext !== false
  return { applePay: canApplePay(scope), googlePay }
}

function canApplePay(scope: BrowserScope): boolean {
  try {
    return scope.ApplePaySession?.canMakePayments?.() === true
  } catch {
    return false // Safari throws on a page that is not https
  }
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
