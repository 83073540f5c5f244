/**
 * The order page: how an order was paid through TBC, from `GET /store/tbc/orders/:id/payment` (a
 * route of the medusa-payment-tbc plugin). Only the card's mask and the method used on the bank's
 * page: the bank's reference numbers stay in the store's admin. The store answers the order's own
 * (logged-in) customer, or whoever passes the order's cart id; anyone else gets 404.
 */
import { paymentMethodText, tbcWords } from "./words"

/** The route's `payment`: null when the order was not paid through TBC. */
export interface TbcOrderPayment {
  /** the card as the bank masks it ("4***********1111"), when paid by card */
  card_mask: string | null
  card_last4: string | null
  /** the bank's method number: 5 card, 7 internet bank, 8 installments, 9 Apple Pay, 11 saved card, 14 Google Pay */
  payment_method: number | null
  /** the method's name in English (the plugin's words); paymentMethodText gives it in ka/ru */
  payment_method_label: string | null
}

/** Two lines for the order page in `locale`: the method ("Paid with: Apple Pay") and the card ("Card: …1111"). */
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
  return lines
}
