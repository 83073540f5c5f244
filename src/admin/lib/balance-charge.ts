/**
 * Pure rules of the widget's "Charge the saved card" (the server judges again:
 * src/lib/merchant-charges.ts): which cards it offers, and what the admin typed as the amount.
 */
import type { BalanceChargeView, ChargeCardView } from "../../lib/balance-charge-view"
import { majorToMinorExact, minorToMajor } from "../../lib/money"

/** The cards the store may charge: usable, saved with the customer's consent; none unless the order owes GEL. */
export function chargeableCards(view: BalanceChargeView): ChargeCardView[] {
  if (view.currency_code.toLowerCase() !== "gel" || !(view.outstanding_amount > 0)) return []
  return view.cards.filter((card) => card.usable && card.merchant_charges_consent_at !== null)
}

/** Whether the widget shows the charge at all: a card it may charge, or an earlier charge still unanswered. */
export function showsBalanceCharge(view: BalanceChargeView): boolean {
  return chargeableCards(view).length > 0 || view.unresolved.length > 0
}

/** The amount to charge (major units): empty = what the order owes; or the words' key of why not. */
export function chargeAmountOf(
  typed: string,
  outstanding: number
): { amount: number } | { error: "notAnAmount" | "notPositive" | "tooMuch" } {
  const owedMinor = majorToMinorExact(outstanding) ?? 0
  const text = typed.trim().replace(",", ".")
  if (text === "") return { amount: minorToMajor(owedMinor) }
  const minor = majorToMinorExact(text)
  if (minor === null) return { error: "notAnAmount" }
  if (minor <= 0) return { error: "notPositive" }
  if (minor > owedMinor) return { error: "tooMuch" }
  return { amount: minorToMajor(minor) }
}
