/**
 * When the checkout may offer "save this card": only where the bank can save one. The store's
 * answer to `GET /store/tbc/payment-options` says which methods its TBC checkout offers on the
 * bank's page and whether saving cards is on (provider options `methods`, `saveCards`). And the
 * saved cards themselves, as `GET /store/customers/me/tbc-cards` lists them, with their label.
 */
import { isTbcCheckout } from "./session"
import { tbcWords } from "./words"

/** The bank's page methods that never save a card: Web QR (4), installment (8), Apple Pay (9), Google Pay (14). */
export const TBC_NO_SAVE_CARD_METHODS: readonly number[] = [4, 8, 9, 14]

/** One TBC provider of the store, as `GET /store/tbc/payment-options` lists it. */
export interface TbcPaymentOption {
  provider_id: string
  kind: "checkout" | "installments"
  /** tbc-checkout (all methods), tbc-card, tbc-apple-pay, tbc-google-pay, …, tbc-installments */
  identifier?: string
  /** a per-method provider's one method (9 = Apple Pay, …); null for the all-methods page */
  method?: number | null
  /** the methods the bank's page offers (checkout), e.g. [5, 7]; for the cart when asked with one */
  methods: number[]
  /** the store saves cards for logged-in customers (provider option saveCards) */
  save_cards: boolean
  /**
   * authorizing this choice only holds the money; the shop captures it later (preauthorization in
   * force for it). A card saved with such a payment can pay once the shop has captured it.
   */
  holds_money?: boolean
  /** the store's own title for the choice; null or absent: the kit's words */
  title?: string | null
  /** false: not offered (for this cart): hide it (offeredTbcOptions) */
  available?: boolean
  /** why not: method_not_enabled, below_minimum, above_maximum, currency_not_supported, no_method_for_amount */
  unavailable_reason?: string | null
  unavailable_message?: string | null
}

/** The options to show: those the store reports available (for the cart it was asked about). */
export function offeredTbcOptions<T extends Pick<TbcPaymentOption, "available">>(options: readonly T[]): T[] {
  return options.filter((option) => option.available !== false)
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

/** One saved card of the logged-in customer (`GET /store/customers/me/tbc-cards`). */
export interface TbcSavedCard {
  id: string
  /** the card as the bank masks it ("4***********1111") */
  card_mask: string
  /** MMYY ("0527") */
  expiry_date: string
  provider_id?: string
  status?: string
}

/** "•••• 1111 (expires 05/27)" in `locale`: the last four digits and the expiry, nothing else. */
export function savedCardLabel(card: Pick<TbcSavedCard, "card_mask" | "expiry_date">, locale?: string | null): string {
  const last4 = /(\d{4})\D*$/.exec(card.card_mask ?? "")?.[1]
  const number = last4 ? `•••• ${last4}` : card.card_mask
  const expiry = /^\d{4}$/.test(card.expiry_date ?? "")
    ? `${card.expiry_date.slice(0, 2)}/${card.expiry_date.slice(2)}`
    : null
  return expiry ? `${number} (${tbcWords(locale).checkout.expires} ${expiry})` : number
}
