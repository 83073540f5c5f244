/**
 * Which capture the admin may ask for on a TBC checkout payment, and what it becomes at the bank.
 * Pure: no I/O, integer tetri.
 *
 * The bank completes a preauthorization ONCE, for any amount up to the hold, and returns the rest
 * of the hold to the card by itself (TBC: "complete for a smaller amount; the difference is
 * returned automatically"). So:
 *   - a capture of the whole amount left (or with no amount) is Medusa's own capture, as always;
 *   - a capture of less is ONE completion of exactly that amount: the plugin's capture workflow
 *     (src/workflows/payments/capture-part.ts) opens its completion entry, amount included, before
 *     anything moves (the provider's capturePayment gets no amount from Medusa and reads it there);
 *   - once the bank completed the hold (the ledger has a done completion, or Medusa recorded a
 *     capture), nothing more can be captured: a second capture is refused and says why.
 * An earlier completion whose answer was lost (`uncertain`) does not refuse: the retry asks the
 * bank, and "already completed with that amount" is success (money-moves.ts).
 */
import { majorToMinorExact, minorToMajor, sumMinor } from "./money"

const minorOf = (amount: unknown): number | null =>
  typeof amount === "number" || typeof amount === "string" ? majorToMinorExact(amount) : null

/** A completion of this payment as the ledger has it (an operation entry). */
export interface CompletionFact {
  state: string
  /** integer tetri */
  amount: number
}

export interface CapturePaymentFacts {
  /** Medusa's payment amount (major units): the hold */
  amount: unknown
  currency_code?: string | null
  /** Medusa's captures of the payment so far (major units) */
  captured: readonly unknown[]
  /** the payment's completions in the money ledger, any order */
  completions: readonly CompletionFact[]
}

export type CaptureVerdict =
  /** not ours to change: Medusa's own capture of what is left (or Medusa's own error) */
  | { kind: "full" }
  /** less than the hold: one completion of `amountMinor`, recorded in the ledger first */
  | { kind: "partial"; amountMinor: number; heldMinor: number }
  /** refused before anything is recorded or sent; `message` names the field and the reason */
  | { kind: "refuse"; message: string }

const text = (minor: number, currency: string) => `${minorToMajor(minor).toFixed(2)} ${currency}`.trim()

/**
 * The verdict on a capture of a TBC checkout payment (POST /admin/tbc/payments/:id/capture {amount}).
 * `requested` is the body's amount as sent (major units; absent = the whole amount left).
 */
export function captureVerdict(requested: unknown, payment: CapturePaymentFacts): CaptureVerdict {
  const currency = (payment.currency_code ?? "").toUpperCase()
  const totalMinor = minorOf(payment.amount)
  const capturedMinor = sumMinor(payment.captured.map((amount) => minorOf(amount) ?? 0))
  const done = payment.completions.find((c) => c.state === "done")
  if (done && capturedMinor === 0 && totalMinor !== null) {
    // the bank completed, Medusa recorded no capture (it failed after the bank acted): capturing
    // exactly what the bank took records it, and the provider finds it done (no money moves)
    const asked = requested === undefined || requested === null ? totalMinor : minorOf(requested)
    if (asked === done.amount) {
      return done.amount >= totalMinor
        ? { kind: "full" }
        : { kind: "partial", amountMinor: done.amount, heldMinor: totalMinor }
    }
  }
  if (done || capturedMinor > 0) {
    const confirmedMinor = done?.amount ?? capturedMinor
    const releasedMinor = totalMinor === null ? 0 : Math.max(0, totalMinor - confirmedMinor)
    return {
      kind: "refuse",
      message:
        `amount: this TBC payment was already captured: the bank completed ${text(confirmedMinor, currency)}` +
        (releasedMinor > 0 ? ` and returned the other ${text(releasedMinor, currency)} of the hold to the card` : "") +
        ". The bank completes a hold only once, so nothing more can be captured; refund from the captured amount if needed.",
    }
  }
  if (requested === undefined || requested === null) return { kind: "full" }
  if (totalMinor === null) return { kind: "full" } // not ours to judge: Medusa validates its own payment
  const requestedMinor = minorOf(requested)
  if (requestedMinor === null) return { kind: "refuse", message: "amount: must be a number of at most 2 decimals." }
  if (requestedMinor <= 0) return { kind: "refuse", message: "amount: must be greater than 0." }
  if (requestedMinor >= totalMinor) return { kind: "full" }
  return { kind: "partial", amountMinor: requestedMinor, heldMinor: totalMinor }
}

/**
 * Who opens a partial capture's completion entry (the plugin's capture workflow), as the entry's
 * `state_by` prefix in the audit trail: `admin-capture:<user id>`.
 */
export const CAPTURE_INTENT_ACTOR = "admin-capture:"

/**
 * Whether the bank's completion of a payment is one the store's own capture made (the ledger has
 * a completion under way or done): Medusa records that capture itself, so the bank's Succeeded
 * callback must not start a second capture (after a partial capture Medusa would record the
 * amount twice: the rest looks capturable to it until the capture route marks it captured).
 */
export function completedByStoreCapture(completions: readonly Pick<CompletionFact, "state">[]): boolean {
  return completions.some((c) => c.state === "sending" || c.state === "done")
}

/** Medusa's record of a payment, as far as whether its hold is still at the bank. */
export interface HoldFacts {
  captured_at: unknown
  canceled_at: unknown
  /** how many captures Medusa recorded of the payment */
  captures: number
}

/**
 * Whether the bank still holds a preauthorized payment: Medusa neither canceled it nor captured
 * any of it. Any capture, not only `captured_at`: Medusa sets that only once its captures reach the
 * payment's amount, but the bank completes a hold once, for any amount up to it, and returns the
 * rest by itself, so after a capture for less nothing is held even where the payment was not
 * marked captured (the same reason captureVerdict refuses a second capture). Medusa's order cancel
 * draws the line the same way: it refunds a payment with captures and cancels one without.
 */
export function holdIsOpen(payment: HoldFacts): boolean {
  return !payment.captured_at && !payment.canceled_at && payment.captures === 0
}
