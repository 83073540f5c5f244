/**
 * Which capture amounts the admin may ask for on a TBC checkout payment. Pure: no I/O.
 *
 * The bank completes a preauthorization once: the completion takes an amount and returns the rest
 * of the hold to the card at once, so the hold cannot be completed again later. Medusa, though,
 * passes no amount to the provider's capturePayment and allows further captures of the rest: a
 * partial capture in Medusa would either take the whole hold at the bank (Medusa records less than
 * was taken) or, completed partially, leave Medusa expecting a second capture the bank can no
 * longer make. So a capture is for the whole amount left, or refused before anything moves.
 */
import { majorToMinorExact, minorToMajor, sumMinor } from "./money"

const minorOf = (amount: unknown): number | null =>
  typeof amount === "number" || typeof amount === "string" ? majorToMinorExact(amount) : null

/**
 * Undefined when the requested capture may go ahead (no amount = the whole amount left; more than
 * that is Medusa's own error), else the reason, naming the field and the rule.
 */
export function partialCaptureRefusal(
  requested: unknown,
  payment: { amount: unknown; currency_code?: string | null; captured: readonly unknown[] }
): string | undefined {
  if (requested === undefined || requested === null) return undefined
  const requestedMinor = minorOf(requested)
  const totalMinor = minorOf(payment.amount)
  const capturedMinor = sumMinor(payment.captured.map((amount) => minorOf(amount) ?? 0))
  if (totalMinor === null) return undefined // not ours to judge: Medusa validates its own payment
  const leftMinor = totalMinor - capturedMinor
  if (requestedMinor === null) return "amount: must be a number of at most 2 decimals."
  if (requestedMinor >= leftMinor) return undefined
  const currency = (payment.currency_code ?? "").toUpperCase()
  return (
    `amount: a TBC payment is captured in full: ${minorToMajor(requestedMinor).toFixed(2)} ${currency} is less than the ` +
    `${minorToMajor(leftMinor).toFixed(2)} ${currency} held, and the bank completes a hold only once. ` +
    "Capture the full amount (then refund the difference), or cancel the payment."
  )
}
