/**
 * The provider's money movements at the bank: completion (capture) and releasing/returning a
 * payment (cancel, delete); refunds are in ./refund.ts. Each one is answered from the bank's state
 * when repeated (admin pressed twice, a webhook after an admin capture) instead of moving money
 * twice. All sums are in integer tetri.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { majorToMinorExact, minorToMajor } from "../../../lib/money"
import { refundedMinorOf, releasedMinorOf } from "../../../lib/refund-ledger"
import { TbcApiError, TbcNetworkError, TbcTimeoutError } from "../../../lib/tbc/errors"
import type { CheckoutApi, PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { isBankNotFound, toMedusaError } from "../../common"
import { dataFromDetails, type CheckoutData } from "../payment-data"

export type Data = Record<string, unknown>
export type Checkout = Pick<CheckoutApi, "getPayment" | "completePayment" | "cancelPayment">

/** The bank allows completing a preauthorization within 30 days (a limit its documentation states). */
export const COMPLETION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

export const minorOf = (major: number | undefined): number =>
  major === undefined ? 0 : (majorToMinorExact(major) ?? 0)
export const gel = (minor: number, currency = "GEL"): string => `${minorToMajor(minor).toFixed(2)} ${currency}`

/** What the bank took: the completed amount of a preauth, else the payment amount (tetri). */
export function takenMinor(details: PaymentDetails): number {
  const confirmed = minorOf(details.confirmedAmount)
  return confirmed > 0 ? confirmed : minorOf(details.amount)
}

/** The bank's amounts of a payment in tetri (src/lib/refund-ledger.ts reads them). */
export const amountsOf = (details: Pick<PaymentDetails, "amount" | "confirmedAmount" | "returnedAmount">) => ({
  amountMinor: minorOf(details.amount),
  confirmedMinor: minorOf(details.confirmedAmount),
  returnedMinor: minorOf(details.returnedAmount),
})

export const releasedMinor = (details: PaymentDetails): number => releasedMinorOf(amountsOf(details))

/** What refunds gave back (tetri), the rest a smaller completion released left out. */
export const refundedMinor = (details: PaymentDetails): number => refundedMinorOf(amountsOf(details))

export function leftToRefundMinor(details: PaymentDetails): number {
  return Math.max(0, takenMinor(details) - refundedMinor(details))
}

export const asData = (data: CheckoutData): Data => data as unknown as Data

export async function read(checkout: Checkout, payId: string, action: string): Promise<PaymentDetails> {
  try {
    return await checkout.getPayment(payId)
  } catch (error) {
    throw toMedusaError(error, action)
  }
}

/** An answer that may have reached the bank: look before declaring failure. */
export function mayHaveReachedBank(error: unknown): boolean {
  return error instanceof TbcTimeoutError || (error instanceof TbcNetworkError && error.reachedBank)
}

export const NOT_CAPTURABLE: Record<string, string> = {
  Created: "the customer has not paid it yet",
  Processing: "the bank is still processing it",
  Failed: "it was declined",
  Expired: "it expired unpaid",
  Returned: "it was canceled or refunded",
  CancelPaymentProcessing: "it is being canceled",
}

/** Statuses in which the held amount has already been completed (or is being completed). */
const COMPLETED = new Set(["Succeeded", "PartialReturned", "PaymentCompletionProcessing"])

function refuseIfTooOld(data: Data): void {
  const heldSince = Date.parse(String(data.authorized_at ?? data.created_at ?? ""))
  if (Number.isFinite(heldSince) && Date.now() - heldSince > COMPLETION_WINDOW_MS) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment cannot be captured: the card was authorized more than 30 days ago and the bank no longer allows completing it. Cancel it and ask the customer to pay again."
    )
  }
}

function refuseStatus(status: string): never {
  const why = NOT_CAPTURABLE[status] ?? `its status at the bank is ${status}`
  throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The payment cannot be captured: ${why}.`)
}

/**
 * A payment the bank already completed is this capture's success only when it completed the
 * amount this capture asks for (`expectedMinor`): the bank completes a hold once, so a completion
 * of another amount (an earlier partial capture, a lost answer of another amount) is refused with
 * what the bank took. Without a confirmed amount yet (PaymentCompletionProcessing) it is success.
 */
function completedAs(data: Data, details: PaymentDetails, expectedMinor: number): { data: Data } {
  const confirmedMinor = minorOf(details.confirmedAmount)
  if (confirmedMinor > 0 && expectedMinor > 0 && confirmedMinor !== expectedMinor) {
    const currency = details.currency ?? (data.currency as string | undefined)
    const released = releasedMinor(details)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The payment cannot be captured for ${gel(expectedMinor, currency)}: the bank already completed it for ` +
        `${gel(confirmedMinor, currency)}` +
        (released > 0 ? ` and returned the other ${gel(released, currency)} of the hold to the card` : "") +
        `. A hold is completed only once; to record that capture, capture exactly ${gel(confirmedMinor, currency)} (no money is sent).`
    )
  }
  return { data: asData(dataFromDetails(data, details)) }
}

/** Payments the bank gives for an exact sum: a loan (installments, BNPL) is completed in full or canceled. */
function refusePartialOf(details: PaymentDetails): void {
  const method = Number(details.paymentMethod)
  if (method === INSTALLMENT_METHOD || details.raw?.isBnpl === true) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment cannot be captured for less than the hold: it was paid in installments, a loan for the exact order total. Capture it in full or cancel it."
    )
  }
}

const INSTALLMENT_METHOD = 8

/**
 * Completion of the held amount. When `data` says the bank holds the money (WaitingConfirm, set by
 * authorizePayment from the bank's answer) the completion is sent straight away for the stored
 * amount and its answer (status, amount, confirmedAmount) is the result: one call. The bank is
 * read only when that is not enough: the stored status is anything else (read first, as the
 * payment may be Succeeded already), the completion was refused (it may have been completed
 * meanwhile: the bank refuses completing a payment that is no longer WaitingConfirm), or its
 * outcome is uncertain (answer lost). A payment already completed at the bank is success.
 */
export async function capture(
  checkout: Checkout,
  data: Data,
  payId: string,
  partialMinor?: number
): Promise<{ data: Data }> {
  if (partialMinor !== undefined) return capturePart(checkout, data, payId, partialMinor)
  const heldMinor = data.status === "WaitingConfirm" ? minorOf(data.amount as number | undefined) : 0
  if (heldMinor <= 0) {
    return captureAfterReading(checkout, data, payId)
  }
  refuseIfTooOld(data)
  let completed: PaymentDetails
  try {
    completed = await checkout.completePayment(payId, minorToMajor(heldMinor), { maxAmount: minorToMajor(heldMinor) })
  } catch (error) {
    return afterFailedCompletion(checkout, data, payId, error)
  }
  if (COMPLETED.has(String(completed.status))) {
    return { data: asData(dataFromDetails(data, completed)) }
  }
  // an answer without a completed status is not proof either way: the bank's current state decides
  return captureAfterReading(checkout, data, payId, false)
}

/**
 * A capture of less than the hold (partial capture): the bank is read first (still held? paid by
 * a method that allows it?), then ONE completion of exactly `amountMinor`; the bank returns the
 * rest of the hold by itself. Its answer carries no returnedAmount, so the bank is read once more:
 * the stored data then shows held, confirmed and returned as the bank does (the refunds' baseline).
 */
async function capturePart(
  checkout: Checkout,
  data: Data,
  payId: string,
  amountMinor: number
): Promise<{ data: Data }> {
  const details = await read(checkout, payId, "capture the payment")
  const status = String(details.status)
  if (COMPLETED.has(status)) return completedAs(data, details, amountMinor)
  if (status !== "WaitingConfirm") return refuseStatus(status)
  refusePartialOf(details)
  refuseIfTooOld(data)
  const heldMinor = minorOf(details.amount)
  if (amountMinor <= 0 || amountMinor > heldMinor) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Cannot capture ${gel(amountMinor, details.currency)}: the bank holds ${gel(heldMinor, details.currency)}.`
    )
  }
  let completed: PaymentDetails
  try {
    completed = await checkout.completePayment(payId, minorToMajor(amountMinor), { maxAmount: minorToMajor(heldMinor) })
  } catch (error) {
    return afterFailedCompletion(checkout, data, payId, error, amountMinor)
  }
  const after = await checkout.getPayment(payId).catch(() => undefined)
  if (after && COMPLETED.has(String(after.status))) return completedAs(data, after, amountMinor)
  if (!after && COMPLETED.has(String(completed.status))) {
    // unreadable right after: what the bank's documented flow leaves (the rest returned)
    const shown = { ...details, ...definedOnly(completed), payId: completed.payId || details.payId }
    return completedAs(data, { ...shown, returnedAmount: minorToMajor(heldMinor - amountMinor) }, amountMinor)
  }
  throw new MedusaError(
    MedusaError.Types.UNEXPECTED_STATE,
    "Could not capture the payment: the bank answered the completion but still shows the amount held. Please try again later."
  )
}

/**
 * A completion that was refused (TbcApiError: e.g. already completed by another process or an
 * earlier lost answer) or whose answer was lost: the bank's state decides. Completed = success;
 * no longer held = the readable reason; still held (or unreadable) = the completion's own error.
 */
async function afterFailedCompletion(
  checkout: Checkout,
  data: Data,
  payId: string,
  error: unknown,
  expectedMinor = minorOf(data.amount as number | undefined)
): Promise<{ data: Data }> {
  if (!(error instanceof TbcApiError) && !mayHaveReachedBank(error)) throw toMedusaError(error, "capture the payment")
  const after = await checkout.getPayment(payId).catch(() => undefined)
  const status = String(after?.status)
  if (after && COMPLETED.has(status)) return completedAs(data, after, expectedMinor)
  if (!after || status === "WaitingConfirm") throw toMedusaError(error, "capture the payment")
  return refuseStatus(status)
}

/** The slow path: the bank's state first, then (if still held) the completion of what it holds. */
async function captureAfterReading(
  checkout: Checkout,
  data: Data,
  payId: string,
  mayComplete = true
): Promise<{ data: Data }> {
  const details = await read(checkout, payId, "capture the payment")
  const status = String(details.status)
  if (COMPLETED.has(status)) {
    // a capture of the whole payment: the bank must have completed all of it
    return completedAs(data, details, minorOf(details.amount))
  }
  if (status !== "WaitingConfirm") {
    return refuseStatus(status)
  }
  if (!mayComplete) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "Could not capture the payment: the bank answered the completion but still shows the amount held. Please try again later."
    )
  }
  refuseIfTooOld(data)
  const heldMinor = minorOf(details.amount)
  let completed: PaymentDetails | undefined
  try {
    completed = await checkout.completePayment(payId, minorToMajor(heldMinor), { maxAmount: minorToMajor(heldMinor) })
  } catch (error) {
    return afterFailedCompletion(checkout, data, payId, error)
  }
  return {
    data: asData(
      dataFromDetails(data, { ...details, ...definedOnly(completed), payId: completed.payId || details.payId })
    ),
  }
}

/** The completion answer carries fewer fields than a read: keep the read's where it has none. */
function definedOnly(details: PaymentDetails): Partial<PaymentDetails> {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined)) as Partial<PaymentDetails>
}

/** The payment as the bank has it, or undefined when the bank does not know it (404). */
export async function readPaymentUnlessGone(checkout: Checkout, payId: string): Promise<PaymentDetails | undefined> {
  try {
    return await checkout.getPayment(payId)
  } catch (error) {
    if (isBankNotFound(error)) return undefined
    throw error
  }
}

/** Money the bank still holds (a preauthorization) or has taken and not yet returned, if any. */
export function moneyAtBank(details: PaymentDetails): { kind: "held" | "taken"; minor: number } | undefined {
  const status = String(details.status)
  if (status === "WaitingConfirm") return { kind: "held", minor: minorOf(details.amount) }
  const leftMinor = leftToRefundMinor(details)
  if ((status === "Succeeded" || status === "PartialReturned") && leftMinor > 0)
    return { kind: "taken", minor: leftMinor }
  return undefined
}

/**
 * Leaves nothing at the bank: a held preauthorization is released (cancel → Returned); money
 * already taken and not yet returned is given back in full (Medusa cancels a captured payment
 * only when placing the order failed after payment); unpaid payments just expire; anything
 * already canceled, returned, failed or expired is success. A payment the bank is completing right
 * now (PaymentCompletionProcessing) is refused, not "nothing to do": its money is about to be
 * taken, and neither a release nor a return can be sent until the completion ends.
 */
export async function cancelHeldOrTaken(
  checkout: Checkout,
  data: Data,
  payId: string,
  action: string,
  logger: TbcLogger,
  baseline: (before: PaymentDetails) => Promise<void> = async () => undefined
): Promise<{ data: Data }> {
  let details: PaymentDetails | undefined
  try {
    details = await readPaymentUnlessGone(checkout, payId)
  } catch (error) {
    throw toMedusaError(error, action)
  }
  if (!details) return { data }
  if (String(details.status) === "PaymentCompletionProcessing") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Could not ${action}: the bank is completing it right now (PaymentCompletionProcessing), so its money is ` +
        "about to be taken. Try again once the completion has ended: the money is then returned."
    )
  }
  const money = moneyAtBank(details)
  if (!money) {
    return { data: asData(dataFromDetails(data, details)) }
  }
  // what the bank shows before this cancel: its ledger entry keeps it (a re-check compares)
  await baseline(details)
  if (money.kind === "taken") {
    logger.warn(`payment ${payId}: returning ${gel(money.minor)} to the customer (${action})`)
  }
  try {
    // a preauth is canceled in full (no amount); a taken payment gets back exactly what is left
    const amount = money.kind === "held" ? undefined : minorToMajor(money.minor)
    await checkout.cancelPayment(payId, amount, amount === undefined ? undefined : { maxAmount: amount })
  } catch (error) {
    const after = await checkout.getPayment(payId).catch(() => undefined)
    if (after?.status !== "Returned") throw toMedusaError(error, action)
  }
  const after = await checkout.getPayment(payId).catch(() => undefined)
  return { data: asData(dataFromDetails(data, after ?? { ...details, status: "Returned" })) }
}
