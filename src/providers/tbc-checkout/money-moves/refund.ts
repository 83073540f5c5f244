/**
 * Refund = the bank's cancel endpoint with the exact amount, never more than is left, and never
 * twice for one intended refund. The bank's cancel takes no idempotency key and Medusa gives every
 * attempt a new refund id, so "once" is decided from the bank's own ledger: before sending, the
 * money the bank has returned is compared with what the store recorded (Medusa's
 * `data.returnedAmount`, which our output replaces after every recorded refund, and the refunds
 * the money ledger shows reported done, which every instance shares); see
 * src/lib/refund-ledger.ts for the rule.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import { ledgerRecordedReturnedMinor, refundLedgerDecision } from "../../../lib/refund-ledger"
import { minorToMajor } from "../../../lib/money"
import type { PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { medusaAmountToMinor } from "../../common/medusa-values"
import { toMedusaError } from "../../common"
import { dataFromDetails } from "../payment-data"
import { BoundedCache } from "../../../lib/bounded-cache"
import {
  amountsOf,
  asData,
  gel,
  leftToRefundMinor,
  mayHaveReachedBank,
  minorOf,
  NOT_CAPTURABLE,
  read,
  type Checkout,
  type Data,
} from "./money-moves"

/**
 * Per provider instance: refunds of one payment run one after another, and the bank's returned
 * total after each refund this process reported to Medusa is remembered. The second of two refunds
 * pressed together is handed the payment data read before the first was recorded; without the
 * memory it would see the first one's money as "unrecorded". Across instances the money ledger
 * says the same (RefundBookkeeping.recordedRefunds); the memory covers payments without an entry.
 */
export class RefundQueue {
  private readonly tails_ = new Map<string, Promise<unknown>>()
  private readonly reported_ = new BoundedCache<string, number>({ max: 2000 })

  run<T>(payId: string, work: () => Promise<T>): Promise<T> {
    const result = (this.tails_.get(payId) ?? Promise.resolve()).then(work)
    const tail = result.catch(() => undefined)
    this.tails_.set(payId, tail)
    void tail.then(() => this.tails_.get(payId) === tail && this.tails_.delete(payId))
    return result
  }

  reportedMinor(payId: string): number {
    return this.reported_.get(payId) ?? 0
  }

  remember(payId: string, returnedMinor: number): void {
    this.reported_.set(payId, Math.max(returnedMinor, this.reportedMinor(payId)))
  }
}

function refuseUnlessRefundable(status: string): void {
  if (status === "WaitingConfirm") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "The payment cannot be refunded: it is only authorized, not captured. Cancel it instead."
    )
  }
  if (status !== "Succeeded" && status !== "PartialReturned") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The payment cannot be refunded: ${NOT_CAPTURABLE[status] ?? `its status at the bank is ${status}`}.`
    )
  }
}

/** The refund's side of its ledger entry (ledger/bookkeeping.ts operation()); nothing without one. */
export interface RefundBookkeeping {
  /** keeps what the bank showed before the call on the entry (a re-check compares) */
  baseline: (before: PaymentDetails) => Promise<void>
  /** the charge's refunds Medusa recorded, by the ledger (tetri); undefined without an entry */
  recordedRefunds: () => Promise<number | undefined>
}

const UNRECORDED: RefundBookkeeping = { baseline: async () => undefined, recordedRefunds: async () => undefined }

/**
 * One refund of `amount`. The caller runs it inside `queue.run(payId, …)` (core/checkout-base.ts),
 * around the refund's ledger entry too: two refunds of one payment in this process then each open
 * their entry in turn, instead of the second being refused by the ledger's one open operation.
 */
export async function refund(
  checkout: Checkout,
  data: Data,
  payId: string,
  amount: BigNumberInput,
  queue: RefundQueue,
  logger: TbcLogger,
  book: RefundBookkeeping = UNRECORDED
): Promise<{ data: Data }> {
  const amountMinor = medusaAmountToMinor(amount)
  if (amountMinor <= 0) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "The refund amount must be greater than 0.")
  }
  return refundNow(checkout, data, payId, amountMinor, queue, logger, book)
}

async function refundNow(
  checkout: Checkout,
  data: Data,
  payId: string,
  amountMinor: number,
  queue: RefundQueue,
  logger: TbcLogger,
  book: RefundBookkeeping
): Promise<{ data: Data }> {
  const before = await read(checkout, payId, "refund the payment")
  // what the bank shows before this refund: its ledger entry keeps it (a re-check compares)
  await book.baseline(before)
  const currency = before.currency ?? (data.currency as string | undefined)
  const status = String(before.status)
  const bankReturnedMinor = minorOf(before.returnedAmount)
  const recordedMinor = Math.max(minorOf(data.returnedAmount as number | undefined), queue.reportedMinor(payId))
  // another instance's refunds too, which this process's data and memory may not show yet
  const ledgerRefundsMinor = await book.recordedRefunds()
  const ledgerRecordedMinor =
    ledgerRefundsMinor === undefined ? undefined : ledgerRecordedReturnedMinor(amountsOf(before), ledgerRefundsMinor)
  const decision = refundLedgerDecision({ bankReturnedMinor, recordedMinor, ledgerRecordedMinor, amountMinor })
  // a lost FULL refund leaves the payment Returned: its retry is recognised, not refused as
  // "already refunded"; every other status is checked as usual
  if (decision.kind !== "already-returned" || status !== "Returned") refuseUnlessRefundable(status)
  if (decision.kind === "already-returned") {
    logger.warn(
      `payment ${payId}: the bank already returned ${gel(amountMinor, currency)} that the store had not recorded ` +
        "(an earlier refund whose answer was lost); recording it now, no money sent"
    )
    queue.remember(payId, bankReturnedMinor)
    return { data: asData(dataFromDetails(data, before)) }
  }
  if (decision.kind === "unrecorded") {
    const unrecorded = gel(decision.unrecordedMinor, currency)
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Cannot refund ${gel(amountMinor, currency)} yet: the bank has returned ${unrecorded} on this payment that the store has not recorded ` +
        `(an earlier refund whose answer was lost, or a refund made at the bank directly). Refund exactly ${unrecorded} first to record it ` +
        "(no money is sent), then refund the rest."
    )
  }
  const leftMinor = leftToRefundMinor(before)
  if (amountMinor > leftMinor) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Cannot refund ${gel(amountMinor, currency)}: that is more than the ${gel(leftMinor, currency)} left to refund on this payment.`
    )
  }
  let after: PaymentDetails | undefined
  try {
    await checkout.cancelPayment(payId, minorToMajor(amountMinor), { maxAmount: minorToMajor(leftMinor) })
  } catch (error) {
    // the answer may be lost while the bank acted: look before failing
    after = mayHaveReachedBank(error) ? await checkout.getPayment(payId).catch(() => undefined) : undefined
    if (!after || minorOf(after.returnedAmount) - bankReturnedMinor < amountMinor) {
      throw toMedusaError(error, "refund the payment")
    }
  }
  // unreadable after a refund the bank confirmed: what it must now show (the next refund's baseline)
  after ??= (await checkout.getPayment(payId).catch(() => undefined)) ?? {
    ...before,
    status: amountMinor === leftMinor ? "Returned" : "PartialReturned",
    returnedAmount: minorToMajor(bankReturnedMinor + amountMinor),
  }
  queue.remember(payId, minorOf(after.returnedAmount))
  return { data: asData(dataFromDetails(data, after)) }
}
