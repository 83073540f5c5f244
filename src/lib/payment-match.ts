/**
 * Does the bank's payment match the Medusa session it is about to pay for? Pure: no I/O.
 *
 * authorizePayment accepts a bank payment only when it is for exactly the session's amount (to
 * the tetri) in the session's currency: whatever paired a session with a payment (a data swap, a
 * reused or forged payId, a bank answer for another payment), a cheaper or foreign-currency
 * payment must never become a paid order.
 */
import { majorToMinorExact, minorToMajor } from "./money"

export interface AmountAndCurrency {
  /** major units, as Medusa and the bank carry them */
  amount: unknown
  currency: unknown
}

const minorOrNull = (amount: unknown): number | null =>
  typeof amount === "number" || typeof amount === "string" ? majorToMinorExact(amount) : null

const currencyOrNull = (currency: unknown): string | null =>
  typeof currency === "string" && currency.trim() !== "" ? currency.trim().toUpperCase() : null

const shown = (minor: number | null, currency: string | null): string =>
  `${minor === null ? "an unknown amount" : minorToMajor(minor).toFixed(2)} ${currency ?? "(no currency)"}`

/**
 * Undefined when the bank's amount and currency equal the session's; otherwise a readable reason
 * (for the shopper and the log). An amount or currency that is missing or unreadable on either
 * side is a mismatch: the payment cannot be shown to pay the session.
 */
export function paymentMismatch(session: AmountAndCurrency, bank: AmountAndCurrency): string | undefined {
  const expectedMinor = minorOrNull(session.amount)
  const expectedCurrency = currencyOrNull(session.currency)
  const bankMinor = minorOrNull(bank.amount)
  const bankCurrency = currencyOrNull(bank.currency)
  const same =
    expectedMinor !== null &&
    bankMinor !== null &&
    expectedMinor === bankMinor &&
    expectedCurrency !== null &&
    expectedCurrency === bankCurrency
  if (same) return undefined
  return `The bank's payment (${shown(bankMinor, bankCurrency)}) does not match this checkout (${shown(expectedMinor, expectedCurrency)}), so it was not accepted. Please start the payment again.`
}
