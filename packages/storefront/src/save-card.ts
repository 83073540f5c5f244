/**
 * When the checkout may offer "save this card": only where the bank can save one. The store's
 * answer to `GET /store/tbc/payment-options` says which methods its TBC checkout offers on the
 * bank's page and whether saving cards is on (provider options `methods`, `saveCards`).
 */
import { isTbcCheckout } from "./session"

/** The bank's page methods that never save a card: Web QR (4), installment (8), Apple Pay (9). */
export const TBC_NO_SAVE_CARD_METHODS: readonly number[] = [4, 8, 9]

/** One TBC provider of the store, as `GET /store/tbc/payment-options` lists it. */
export interface TbcPaymentOption {
  provider_id: string
  kind: "checkout" | "installments"
  /** the methods the bank's page offers (checkout), e.g. [5, 7] */
  methods: number[]
  /** the store saves cards for logged-in customers (provider option saveCards) */
  save_cards: boolean
}

export interface SaveCardContext {
  /** the provider the shopper chose */
  providerId: string | null | undefined
  /** that provider's entry of `GET /store/tbc/payment-options` (undefined while loading) */
  option: Pick<TbcPaymentOption, "methods" | "save_cards"> | null | undefined
  /** cards are saved for logged-in customers only */
  loggedIn: boolean
  /** the shopper pays with a saved card: there is nothing new to save */
  savedCardId?: string | null
}

/**
 * Whether to show the "save this card" box: a TBC card checkout, a logged-in customer, saving on
 * in the store, no saved card chosen, and at least one of the page's methods able to save a card
 * (a save-card payment asks the bank only for those).
 */
export function canOfferSaveCard(context: SaveCardContext): boolean {
  const { providerId, option, loggedIn, savedCardId } = context
  if (!isTbcCheckout(providerId) || !loggedIn || savedCardId || !option?.save_cards) return false
  return option.methods.some((method) => !TBC_NO_SAVE_CARD_METHODS.includes(method))
}
