/**
 * Everything the kit says to a shopper, in English, Georgian and Russian: one sentence per error
 * code, one per bank decline reason, and the labels of the checkout and return page. Pure tables:
 * a storefront shows these or its own text per code. Medusa's and the provider's own messages are
 * never shown to a shopper (they stay on the error as `storeMessage`, for logs).
 */
import type { TbcErrorCode } from "./errors"
import { EN } from "./words-en"
import { KA } from "./words-ka"
import { RU } from "./words-ru"

export type TbcLocale = "en" | "ka" | "ru"
export const TBC_LOCALES: readonly TbcLocale[] = ["en", "ka", "ru"]

/**
 * Why the bank declined a card payment, read from its `resultCode`. The live tpay API does not
 * document its values; these are the 3-digit card-processing codes of TBC's card gateway, which
 * the sandbox's test cards use too (000 approved, 100 do not honour, 101 expired card, 116
 * insufficient funds). An unknown code gets the plain decline sentence.
 */
export type TbcDeclineReason =
  | "insufficient_funds"
  | "expired_card"
  | "invalid_card"
  | "card_not_allowed"
  | "limit_exceeded"
  | "contact_bank"
  | "canceled_by_shopper"

export const TBC_DECLINE_REASONS: Readonly<Record<string, TbcDeclineReason>> = {
  "100": "contact_bank", // do not honour
  "101": "expired_card",
  "102": "contact_bank", // suspected fraud
  "104": "card_not_allowed", // restricted card
  "107": "contact_bank", // refer to card issuer
  "111": "invalid_card", // invalid card number
  "116": "insufficient_funds",
  "118": "invalid_card", // no card record
  "119": "card_not_allowed", // not permitted to cardholder
  "120": "card_not_allowed", // not permitted to terminal
  "121": "limit_exceeded", // exceeds amount limit
  "123": "limit_exceeded", // exceeds frequency limit
  "125": "invalid_card", // card not effective
  "129": "contact_bank", // suspected counterfeit card
  "180": "canceled_by_shopper", // by the cardholder's wish
}

/** What the shopper can do next, as a link or button on the page. */
export type TbcWayForward = "pay_again" | "back_to_cart" | "back_to_shop" | "retry" | "orders" | "place_order"

/**
 * An Online Installments application's status, by the bank's status id (0–13; the names of TBC's
 * own SDK): what a storefront may show while the application is open.
 */
export const TBC_INSTALLMENT_STATUSES = [
  "Pending",
  "InProgress",
  "Approved",
  "Expired",
  "Canceled",
  "WaitingForMerchant",
  "Declined",
  "CanceledByMerchant",
  "Disbursed",
  "PendingDisbursed",
  "NeedConfirmation",
  "WaitingForIncomeDocumentsUpload",
  "WaitingForIncomeDocumentsVerification",
  "DocumentDeclined",
] as const
export type TbcInstallmentStatus = (typeof TBC_INSTALLMENT_STATUSES)[number]

export interface TbcWords {
  /** one sentence per error code */
  errors: Record<TbcErrorCode, string>
  /** one sentence per decline reason (replaces errors.declined when the bank said why) */
  declineReasons: Record<TbcDeclineReason, string>
  titles: Record<"confirming" | "waiting" | "failed" | "placed", string>
  /** shown under titles.confirming */
  confirming: string
  actions: Record<TbcWayForward, string>
  /** an installment application's status (installmentStatusText) */
  installmentStatuses: Record<TbcInstallmentStatus, string>
  /** the order page: how the order was paid (orderPaymentLines), and an installment's status */
  orderPayment: Record<"card" | "method" | "installment", string>
  /** the method the shopper used on the bank's page, by the bank's method number */
  methods: Record<"4" | "5" | "7" | "8" | "9" | "11" | "14", string>
  /** the checkout's labels */
  checkout: Record<
    | "pay"
    | "opening"
    | "placeOrder"
    | "saveCard"
    | "saveCardMerchantCharges"
    | "newCard"
    | "savedCard"
    | "expires"
    | "installmentsDone"
    | "cardTitle"
    | "installmentsTitle"
    /** the all-methods page's title: its methods' names in place of {{methods}} */
    | "pageTitle"
    /** the bank's name, where a choice's methods are not known (tbcPaymentInfo) */
    | "bankTitle"
    | "bnplTitle"
    /** under a choice whose money is only held (preauthorization) */
    | "holdsMoney"
    /** under "save this card" when the money is held: the card is usable once the shop captured */
    | "saveCardAfterCapture"
    /** beside "I have finished at TBC", once the installment application opened in a new tab */
    | "installmentsOpened",
    string
  >
  /** My Account's saved-cards panel */
  account: Record<"title" | "empty" | "remove" | "removing", string>
  /** the page a TBC payment link opens (payment-link.ts): {{number}}, {{quantity}}, {{amount}} filled in */
  paymentLink: {
    titles: Record<"open" | "paying" | "paid" | "closed" | "expired" | "notFound" | "returned", string>
    /** one sentence per link status */
    statuses: Record<"open" | "paying" | "paid" | "closed" | "expired", string>
    /** the months, January first, as a date says them ("5 December 2026") */
    months: readonly string[]
    /** a closed link's sentence, by why it was closed */
    closedReasons: Record<"expired" | "paid_elsewhere" | "order_changed" | "order_canceled" | "merchant", string>
  } & Record<
    | "loading"
    | "notFound"
    | "returned"
    | "order"
    | "quantity"
    | "amount"
    | "paidAmount"
    | "expires"
    | "pay"
    | "continue",
    string
  >
}

const WORDS: Readonly<Record<TbcLocale, TbcWords>> = { en: EN, ka: KA, ru: RU }

/** The words of `locale` (English for anything else, e.g. a storefront's "de"). */
export function tbcWords(locale: string | null | undefined = "en"): TbcWords {
  return WORDS[toTbcLocale(locale)]
}

/** A locale ("ka", "ka-GE", "ru_RU", …) → the kit's language; English for any other. */
export function toTbcLocale(value: string | null | undefined): TbcLocale {
  const lang = String(value ?? "")
    .toLowerCase()
    .split(/[-_]/)[0]
  if (lang === "ka") return "ka"
  if (lang === "ru") return "ru"
  return "en"
}

/** The decline reason of a bank `resultCode`, or null when the code is unknown or absent. */
export function declineReasonOf(resultCode: string | null | undefined): TbcDeclineReason | null {
  if (!resultCode) return null
  return TBC_DECLINE_REASONS[String(resultCode).trim()] ?? null
}

/** The sentence for an error code; a decline with a known `resultCode` says why. */
export function tbcMessage(code: TbcErrorCode, locale?: string | null, resultCode?: string | null): string {
  const words = tbcWords(locale)
  const reason = code === "declined" ? declineReasonOf(resultCode) : null
  return reason ? words.declineReasons[reason] : words.errors[code]
}

/** An installment application's status id in words; null for an id the bank has not documented. */
export function installmentStatusText(statusId: number, locale?: string | null): string | null {
  const status = TBC_INSTALLMENT_STATUSES[statusId]
  return Number.isInteger(statusId) && status ? tbcWords(locale).installmentStatuses[status] : null
}

/** The name of a bank payment method (5 card, 9 Apple Pay, …); null for a number the kit does not know. */
export function paymentMethodText(method: number | null | undefined, locale?: string | null): string | null {
  if (method === null || method === undefined) return null
  const methods = tbcWords(locale).methods as Record<string, string>
  return methods[String(method)] ?? null
}
