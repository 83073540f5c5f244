/**
 * The order page: how an order was paid through TBC, from `GET /store/tbc/orders/:id/payment` (a
 * route of the medusa-payment-tbc plugin). Only the card's mask and the method used on the bank's
 * page: the bank's reference numbers stay in the store's admin. The store answers the order's own
 * (logged-in) customer, or whoever passes the order's cart id; anyone else gets 404.
 */
import { installmentStatusText, paymentMethodText, tbcWords } from "./words"

/** Where the kit keeps, for this browser tab, which cart an order was placed from. */
const ORDER_CART_KEY = (orderId: string) => `tbc-order-cart:${orderId}`

/** The part of `sessionStorage` the kit uses. */
export interface TabStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** This tab's sessionStorage, or null where the browser blocks it (or there is none, on a server). */
export function tabStorage(): TabStorage | null {
  try {
    return (globalThis as { sessionStorage?: TabStorage }).sessionStorage ?? null
  } catch {
    return null // storage blocked by the browser
  }
}

/**
 * Remembers in this tab that `orderId` was placed from `cartId`: a guest's order page then passes
 * the cart id, the only thing that lets the store show a guest how the order was paid.
 */
export function rememberOrderCart(orderId: string, cartId: string, storage = tabStorage()): void {
  try {
    storage?.setItem(ORDER_CART_KEY(orderId), cartId)
  } catch {
    // a full or blocked storage: the logged-in customer still sees the payment
  }
}

/** The cart `orderId` was placed from in this tab, or undefined. */
export function rememberedOrderCart(orderId: string, storage = tabStorage()): string | undefined {
  try {
    return storage?.getItem(ORDER_CART_KEY(orderId)) ?? undefined
  } catch {
    return undefined
  }
}

/** The route's `payment`: null when the order was not paid through TBC. */
export interface TbcOrderPayment {
  /** the card as the bank masks it ("4***********1111"), when paid by card */
  card_mask: string | null
  card_last4: string | null
  /** the bank's method number: 5 card, 7 internet bank, 8 installments, 9 Apple Pay, 11 saved card, 14 Google Pay */
  payment_method: number | null
  /** the method's name in English (the plugin's words); paymentMethodText gives it in ka/ru */
  payment_method_label: string | null
  /** the bank's 0–13 status of an installment order's application; null otherwise (absent from older stores) */
  installment_status_id?: number | null
}

/**
 * The order page's lines in `locale`: the method actually used ("Paid with: Internet bank"), the
 * card ("Card: ************1111") and an installment's status ("Installment: Approved by the bank").
 */
export function orderPaymentLines(
  payment: TbcOrderPayment | null,
  locale?: string | null
): Array<{ label: string; value: string }> {
  if (!payment) return []
  const words = tbcWords(locale).orderPayment
  const method = paymentMethodText(payment.payment_method, locale) ?? payment.payment_method_label
  const lines: Array<{ label: string; value: string }> = []
  if (method) lines.push({ label: words.method, value: method })
  if (payment.card_mask) lines.push({ label: words.card, value: payment.card_mask })
  const installment =
    typeof payment.installment_status_id === "number"
      ? installmentStatusText(payment.installment_status_id, locale)
      : null
  if (installment) lines.push({ label: words.installment, value: installment })
  return lines
}
