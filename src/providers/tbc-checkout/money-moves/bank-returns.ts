/**
 * Money the bank moved by itself, on the provider's side (rules: src/lib/ledger/bank-returns.ts):
 *   - noticeBankReturn: a bank read (callback, authorize, a job's read) that shows money returned
 *     beyond the charge's refunds and cancels records it as an operation made at the bank;
 *   - recordInMedusa: Medusa's refund, cancel or capture run by the plugin to show what the bank
 *     did (inside withMedusaRecord, ../ledger/capture-request.ts) finds it done and sends nothing:
 *     it only marks the entry recorded, once (the ledger's compare-and-set), so a second record of
 *     the same money is refused and Medusa rolls its row back.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { bankReturnVerdict, captureExcessReturned, ledgerReturnedMinor } from "../../../lib/ledger/bank-returns"
import { minorToMajor } from "../../../lib/money"
import { releasedMinorOf } from "../../../lib/refund-ledger"
import type { PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { recordError, type LedgerEntry, type LedgerStore } from "../../../modules/tbc/ledger/ledger-store"
import { BANK_MADE_ACTOR } from "../../../modules/tbc/ledger/bank-returns"
import { amountsOf, gel, minorOf, type Data } from "./money-moves"
import { noteMedusaRecord } from "../ledger/capture-request"

export type ReturnLedger = Pick<LedgerStore, "operationsOf" | "recordBankReturn" | "byId" | "byPayId" | "apply">

/**
 * Records what the bank returned by itself for `charge`, as the read `details` shows it; never
 * fails the caller (a later read judges again). The entry made, if any.
 */
export async function noticeBankReturn(
  ledger: ReturnLedger,
  charge: LedgerEntry,
  details: Partial<Pick<PaymentDetails, "status" | "amount" | "confirmedAmount" | "returnedAmount" | "currency">>,
  logger: TbcLogger
): Promise<LedgerEntry | undefined> {
  const status = String(details.status)
  if (status !== "Returned" && status !== "PartialReturned") return undefined
  try {
    const verdict = bankReturnVerdict(charge, await ledger.operationsOf(charge.id), { status, ...amountsOf(details) })
    if (verdict.kind !== "record") return undefined
    const made = await ledger.recordBankReturn(charge, verdict, status, BANK_MADE_ACTOR)
    if (made) {
      if (made.kind === "refund") await settleCaptureExcess(ledger, charge.id, logger)
      logger.warn(
        `payment ${charge.pay_id}: the bank returned ${gel(verdict.amountMinor, details.currency)} that the store did not ask for ` +
          `(a ${verdict.op} made at the bank, e.g. in TBC's merchant dashboard): recorded, and shown in Medusa next`
      )
    }
    return made
  } catch (error) {
    logger.warn(`payment ${charge.pay_id}: a return made at the bank not recorded: ${recordError(error)}`)
    return undefined
  }
}

/**
 * After a refund of the charge (ours, or one the bank made that Medusa now shows): a capture whose
 * excess (the whole hold Medusa's own route completed) the refunds have now returned leaves the
 * admin's list. Never fails the caller.
 */
export async function settleCaptureExcess(ledger: ReturnLedger, chargeId: string, logger: TbcLogger): Promise<void> {
  try {
    const operations = await ledger.operationsOf(chargeId)
    const refunded = ledgerReturnedMinor(operations)
    for (const completion of operations.filter((op) => captureExcessReturned(op, refunded))) {
      await ledger.apply(completion.id, { type: "capture_excess_returned" }, "ledger:refunds")
    }
  } catch (error) {
    logger.warn(`ledger: a capture's returned excess of ${chargeId} not recorded: ${recordError(error)}`)
  }
}

const notRecorded = (why: string) =>
  new MedusaError(MedusaError.Types.NOT_ALLOWED, `Nothing was sent to the bank, and Medusa records nothing: ${why}.`)

/**
 * Medusa's `kind` call (refund of `amountMinor`, cancel, or capture of a shortfall), made by the
 * plugin to show what entry `entryId` says the bank did: marks it recorded as `record` (Medusa's
 * refund, capture or payment id) and answers the payment's data as the bank left it. No bank call.
 */
export async function recordInMedusa(
  ledger: ReturnLedger,
  args: {
    entryId: string
    payId: string
    kind: "refund" | "cancel" | "completion"
    amountMinor?: number
    record: string
    data: Data
  }
): Promise<{ data: Data }> {
  const [entry, charge] = await Promise.all([ledger.byId(args.entryId), ledger.byPayId(args.payId)])
  if (!entry || !charge || entry.parent_id !== charge.id || entry.kind !== args.kind || entry.state !== "done") {
    throw notRecorded(`ledger entry ${args.entryId} is not a finished ${args.kind} of this payment`)
  }
  if (args.amountMinor !== undefined && args.kind === "refund" && args.amountMinor !== entry.amount) {
    throw notRecorded(
      `the bank returned ${gel(entry.amount, entry.currency)}, not ${gel(args.amountMinor, entry.currency)}`
    )
  }
  const moved = await ledger.apply(entry.id, { type: "medusa_recorded", record: args.record }, "medusa:record")
  if (!moved.ok) throw notRecorded(moved.reason)
  if (moved.changed) noteMedusaRecord(args.record)
  return { data: dataAfter(args.data, entry) }
}

/**
 * The payment's data once Medusa shows what the bank did: the bank's status, and the returned total
 * Medusa now knows of: what it knew plus this return, at most the bank's total at this return (the
 * data may know a refund of ours Medusa never recorded, a lost answer: its retry must still see it
 * as unrecorded, ../../../lib/refund-ledger.ts).
 */
function dataAfter(data: Data, entry: LedgerEntry): Data {
  if (entry.kind === "completion") return data
  if (entry.kind === "cancel") return { ...data, status: "Returned" }
  const released = releasedMinorOf({
    amountMinor: minorOf(data.amount as number | undefined),
    confirmedMinor: minorOf(data.confirmedAmount as number | undefined),
    returnedMinor: 0,
  })
  const knownMinor = minorOf(data.returnedAmount as number | undefined)
  const returnedMinor = Math.max(
    knownMinor,
    Math.min(released + (entry.baseline_returned ?? 0) + entry.amount, knownMinor + entry.amount)
  )
  return { ...data, status: entry.bank_status ?? data.status, returnedAmount: minorToMajor(returnedMinor) }
}
