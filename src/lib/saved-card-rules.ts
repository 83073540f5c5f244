/**
 * Pure rules about a saved card as we store it (tbc_saved_card): whether it can still be charged,
 * and how it reads in Medusa's saved-payment-method shape. Used app-side (store routes, session
 * creation) and by the provider's listPaymentMethods. No I/O, no Medusa imports.
 */

/** The bank's MMYY (month 01–12, two-digit year) as month and four-digit year, or undefined. */
export function parseMmyy(value: unknown): { month: number; year: number } | undefined {
  const match = typeof value === "string" ? /^(0[1-9]|1[0-2])(\d{2})$/.exec(value) : null
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : undefined
}

/**
 * Whether a card can still be charged in the month of `now`: the bank keeps it until the end of
 * the month of save_until (or of the card's expiry when save_until is unknown). Unknown dates are
 * left to the bank to judge.
 */
export function isCardUsable(
  card: { save_until: string | null; expiry_date: string | null },
  now: Date = new Date()
): boolean {
  const until = parseMmyy(card.save_until ?? card.expiry_date)
  if (!until) return true
  return now.getUTCFullYear() * 12 + now.getUTCMonth() <= until.year * 12 + until.month - 1
}

export type CardBrand = "visa" | "mastercard" | "amex" | "card"

/**
 * The card scheme by the first digits the bank's mask shows ("411111******1111",
 * "5***********1234"): 4 Visa; 51–55 and 2221–2720 Mastercard (a lone 5 too: Georgian cards
 * starting with 5 are Mastercard or Maestro, both Mastercard's); 34/37 Amex; anything else "card".
 */
export function cardBrandOf(mask: string | null | undefined): CardBrand {
  const digits = /^\d+/.exec(mask ?? "")?.[0] ?? ""
  if (digits.startsWith("4")) return "visa"
  if (/^3[47]/.test(digits)) return "amex"
  if (/^5([1-5]|$)/.test(digits)) return "mastercard"
  const four = Number(digits.slice(0, 4))
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return "mastercard"
  return "card"
}

/**
 * A stored card in the shape storefronts of Medusa's saved-payment-methods recipe read
 * (`data.card.{brand,last4,exp_month,exp_year}`, as Stripe's provider returns it), next to our
 * own fields. Never the bank token.
 */
export function paymentMethodCard(card: { card_mask: string | null; expiry_date: string | null }): {
  brand: CardBrand
  last4: string | null
  exp_month: number | null
  exp_year: number | null
} {
  const expiry = parseMmyy(card.expiry_date)
  const last4 = /(\d{4})$/.exec(card.card_mask ?? "")?.[1] ?? null
  return { brand: cardBrandOf(card.card_mask), last4, exp_month: expiry?.month ?? null, exp_year: expiry?.year ?? null }
}
