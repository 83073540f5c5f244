/**
 * Every sentence our server code can answer a SHOPPER with through the Store API, each under a
 * stable machine code: the code is the storefront kit's error code (packages/storefront,
 * TbcErrorCode), whose words exist in English, Georgian and Russian (words-en.ts, words-ka.ts, words-ru.ts).
 *
 * Why English on the wire: Medusa shows a provider's or a route's error message as it is (the
 * cart-completion answer, its JS SDK's FetchError), and neither carries a code of ours through a
 * workflow. So the English sentence is the contract: the kit classifies it into its code
 * (errors.ts, classifyStoreMessage) and shows its own words in the shopper's language. Where we
 * throw the error ourselves (routes, middlewares, session creation) the code also travels as the
 * error's `code` (`{ code, type, message }` in Medusa's error body). A unit test
 * (__tests__/shopper-texts.unit.spec.ts) checks that every sentence here is classified into its code
 * and that the kit has words for every code. docs/bank-behaviour.md "Shopper texts in three languages".
 * Pure: no I/O.
 */
import {
  DECLINED_MESSAGE,
  EXPIRED_MESSAGE,
  NOT_PAID_YET_MESSAGE,
  RETURNED_MESSAGE,
  STILL_PROCESSING_MESSAGE,
} from "./checkout-status"
import { ALREADY_PAID_MESSAGE, CHECKING_PAYMENT_MESSAGE } from "./ledger/guards"
import { SAVED_CARD_OWNER_MESSAGES } from "./saved-card-owner"
import { CHECKOUT_CHOICES, choiceAvailability, choiceName, type CheckoutChoice } from "./checkout-choices"

/** The kit's error codes our server sentences map to (a subset of packages/storefront's TbcErrorCode). */
export type ShopperTextCode =
  | "declined"
  | "expired"
  | "canceled"
  | "payment_pending"
  | "installment_pending"
  | "already_paid"
  | "already_ordered"
  | "login_required"
  | "saved_card_not_yours"
  | "saved_card_changed"
  | "saved_card_unusable"
  | "save_card_not_allowed"
  | "amount_mismatch"
  | "payment_not_recorded"
  | "bank_unreachable"
  | "installments_unavailable"
  | "method_unavailable"

/** What a shopper reads when the bank does not answer (src/providers/common/errors.ts throws it). */
export const BANK_NOT_ANSWERING_TEXT =
  "The bank is not answering right now. Your cart is safe: please try again in a minute."
export const ALREADY_ORDERED_MESSAGE = "This cart was already ordered: a new payment cannot be started for it."
/**
 * "Place order" again after Medusa's own compensation canceled the cart's payment (a later step of
 * the completion failed): src/lib/canceled-payment-completion.ts refuses it.
 */
export const PAYMENT_RELEASED_MESSAGE =
  "The payment for this cart was canceled at the bank and no order was placed. Please start the payment again."
export const COLLECTION_PAID_MESSAGE = "This cart's payment was already made: a new payment cannot be started for it."
/** The three "log in" answers of the saved-card routes. */
export const LOGIN_TO_SEE_CARDS_MESSAGE = "Log in to see your saved cards"
export const LOGIN_TO_ADD_CARD_MESSAGE = "Log in to add a card"
export const LOGIN_TO_DELETE_CARD_MESSAGE = "Log in to delete a saved card"
export const LOGIN_TO_SEE_METHODS_MESSAGE = "Log in to see your saved payment methods"

/**
 * One entry per sentence: its code, and the sentence (a template's fixed start for the sentences
 * that name a value, e.g. a method number or an amount).
 */
export const SHOPPER_TEXTS: ReadonlyArray<{ code: ShopperTextCode; text: string }> = [
  { code: "declined", text: DECLINED_MESSAGE },
  { code: "expired", text: EXPIRED_MESSAGE },
  { code: "canceled", text: RETURNED_MESSAGE },
  { code: "payment_pending", text: NOT_PAID_YET_MESSAGE },
  { code: "payment_pending", text: STILL_PROCESSING_MESSAGE },
  { code: "payment_pending", text: CHECKING_PAYMENT_MESSAGE },
  {
    code: "installment_pending",
    text: "The bank has not approved the installment yet (In progress): the bank is still reviewing the application. The order is placed as soon as the bank approves the loan.",
  },
  { code: "already_paid", text: ALREADY_PAID_MESSAGE },
  { code: "already_paid", text: COLLECTION_PAID_MESSAGE },
  { code: "already_ordered", text: ALREADY_ORDERED_MESSAGE },
  { code: "canceled", text: PAYMENT_RELEASED_MESSAGE },
  { code: "login_required", text: SAVED_CARD_OWNER_MESSAGES.login },
  { code: "login_required", text: LOGIN_TO_SEE_CARDS_MESSAGE },
  { code: "login_required", text: LOGIN_TO_ADD_CARD_MESSAGE },
  { code: "login_required", text: LOGIN_TO_DELETE_CARD_MESSAGE },
  { code: "login_required", text: LOGIN_TO_SEE_METHODS_MESSAGE },
  { code: "saved_card_not_yours", text: SAVED_CARD_OWNER_MESSAGES.not_owner },
  { code: "saved_card_changed", text: SAVED_CARD_OWNER_MESSAGES.cart_changed },
  { code: "saved_card_unusable", text: "Saved card: the saved card could not be used" },
  { code: "saved_card_unusable", text: "Saved card: the amount to charge must be greater than 0" },
  {
    code: "save_card_not_allowed",
    text: "data.save_card: a card cannot be saved with payment method 9 (Web QR 4, installment 8 and Apple Pay 9 never save cards); pay by card without save_card or choose card-only methods",
  },
  {
    code: "save_card_not_allowed",
    text: "data.save_card: none of the payment methods offered (4, 9) can save a card (Web QR 4, installment 8 and Apple Pay 9 never save cards); pay without save_card",
  },
  {
    code: "amount_mismatch",
    text: "The bank's payment (12.00 GEL) does not match this checkout (10.00 GEL), so it was not accepted. Please start the payment again.",
  },
  {
    code: "payment_not_recorded",
    text: "The payment could not be started: the store could not record it. Nothing was charged; please try again in a moment.",
  },
  { code: "bank_unreachable", text: BANK_NOT_ANSWERING_TEXT },
  {
    code: "installments_unavailable",
    text: "TBC installments (method 8) cannot be offered for this cart and no other payment method is enabled.",
  },
  { code: "installments_unavailable", text: "TBC installments are paid in GEL only; this payment is in USD." },
  // the per-method providers' refusals, made by the functions that make them (checkout-choices.ts)
  ...methodRefusals().map((text) => ({ code: "method_unavailable" as const, text })),
]

/**
 * One sentence of each refusal of a per-method provider (start-payment.ts and payment-data.ts add
 * the final "."): the method not enabled, below its minimum, above its maximum, not in this
 * currency, and a saved card on a provider that is not card's.
 */
function methodRefusals(): string[] {
  const choice = (identifier: string): CheckoutChoice => CHECKOUT_CHOICES.find((c) => c.identifier === identifier)!
  const refusal = (...args: Parameters<typeof choiceAvailability>) => `${choiceAvailability(...args).message}.`
  const gel = (amountMinor: number) => ({ amountMinor, currency: "GEL" })
  return [
    refusal(choice("tbc-apple-pay"), { activatedMethods: [] }),
    refusal(choice("tbc-installment-plan"), { activatedMethods: [8] }, gel(5_499)),
    refusal(choice("tbc-bnpl"), { activatedMethods: [4] }, gel(600_000)),
    refusal(choice("tbc-installment-plan"), { activatedMethods: [8] }, { amountMinor: 50_000, currency: "USD" }),
    `A saved card pays through the card or the all-methods TBC provider, not ${choiceName(choice("tbc-apple-pay"))}.`,
  ]
}

/** The code of one of our exact sentences (for the error's `code`), or undefined. */
export function shopperTextCode(message: string): ShopperTextCode | undefined {
  return SHOPPER_TEXTS.find((entry) => entry.text === message)?.code
}
