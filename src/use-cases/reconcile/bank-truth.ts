/**
 * Medusa's records follow the bank's money where the bank moved it by itself
 * (docs/money-ledger.md "Money moved at the bank"):
 *   - a refund or cancel made in TBC's merchant dashboard, which the ledger recorded as an operation
 *     made at the bank (src/lib/ledger/bank-returns.ts): Medusa gets the refund (its refund
 *     workflow) or, for a released hold, its payment cancelled;
 *   - a capture through Medusa's own route for less than the hold, which the bank completed whole
 *     (Medusa gives the provider no amount): Medusa records the rest as captured too (its capture
 *     workflow), and the entry is listed for the merchant, whose refund returns the excess.
 * Medusa's call runs inside withMedusaRecord, so the provider finds the money already moved and
 * sends nothing; it marks the entry recorded once (a second record of it is refused and Medusa
 * rolls its row back). Medusa is read through Query only.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { minorToMajor } from "../../lib/money"
import type { TbcLogger } from "../../lib/tbc"
import { isCheckoutProviderId } from "../../lib/checkout-choices"
import { medusaAmountToMinor } from "../../providers/common/medusa-values"
import { withMedusaRecord } from "../../providers/tbc-checkout/ledger/capture-request"
import { ledgerOf, recordError, type LedgerEntry, type LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import { queryOf } from "./medusa-facts"

/** A Medusa payment as the records read it; amounts in tetri. */
interface MedusaPaymentView {
  id: string
  provider_id: string
  canceled_at: unknown
  payId: string
  amountMinor: number
  capturedMinor: number
  refundedMinor: number
  refundIds: string[]
}

type PaymentRow = {
  id: string
  provider_id?: string
  amount?: unknown
  canceled_at?: unknown
  data?: Record<string, unknown> | null
  captures?: { amount?: unknown }[]
  refunds?: { id: string; amount?: unknown }[]
}

const PAYMENT_FIELDS = [
  "id",
  "provider_id",
  "amount",
  "canceled_at",
  "data",
  "captures.amount",
  "refunds.id",
  "refunds.amount",
]
const sumMinor = (rows: { amount?: unknown }[] | undefined) =>
  (rows ?? []).reduce((sum, row) => sum + medusaAmountToMinor((row.amount ?? 0) as number), 0)

function viewOf(row: PaymentRow): MedusaPaymentView {
  return {
    id: row.id,
    provider_id: row.provider_id ?? "",
    canceled_at: row.canceled_at ?? null,
    payId: typeof row.data?.payId === "string" ? row.data.payId : "",
    amountMinor: medusaAmountToMinor((row.amount ?? 0) as number),
    capturedMinor: sumMinor(row.captures),
    refundedMinor: sumMinor(row.refunds),
    refundIds: (row.refunds ?? []).map((r) => r.id),
  }
}

async function paymentsWhere(container: MedusaContainer, filters: Record<string, unknown>) {
  const { data } = await queryOf(container).graph({ entity: "payment", fields: PAYMENT_FIELDS, filters })
  return (data as PaymentRow[]).map(viewOf)
}

/** The Medusa payment made from the charge's session (a live one before a canceled one), if any. */
async function paymentOfCharge(container: MedusaContainer, charge: LedgerEntry) {
  const payments = await paymentsWhere(container, { payment_session_id: charge.payment_session_id })
  return payments.find((p) => !p.canceled_at) ?? payments[0]
}

export type RecordOutcome = "recorded" | "nothing_in_medusa" | "not_needed" | "cannot" | "failed"

const mark = (ledger: LedgerStore, entry: LedgerEntry, record: string) =>
  ledger.apply(entry.id, { type: "medusa_recorded", record }, "medusa:record")

/**
 * Brings into Medusa what ledger entry `entryId` says the bank did by itself (see the header). Safe
 * to call any number of times from anywhere (a callback, the payment.captured subscriber, the job):
 * an entry already recorded is left alone, and the provider refuses a second record.
 */
export async function recordEntryInMedusa(
  container: MedusaContainer,
  entryId: string,
  logger: TbcLogger
): Promise<RecordOutcome> {
  const ledger = ledgerOf(container)
  const entry = await ledger.byId(entryId)
  const shortfall = entry?.kind === "completion" && (entry.capture_asked ?? null) !== null
  if (!entry || entry.state !== "done" || entry.medusa_recorded_at || !(entry.made_at_bank || shortfall)) {
    return "not_needed"
  }
  const charge = entry.parent_id ? await ledger.byId(entry.parent_id) : undefined
  const payment = charge ? await paymentOfCharge(container, charge) : undefined
  if (!payment) {
    // no Medusa payment was made from this money: the ledger alone shows it
    await mark(ledger, entry, "none")
    return "nothing_in_medusa"
  }
  const made: { record?: string } = {}
  const record = (work: () => Promise<unknown>) => withMedusaRecord(entry.id, made, work)
  try {
    if (entry.kind === "refund") {
      if (payment.capturedMinor - payment.refundedMinor < entry.amount) return "cannot"
      await record(() =>
        refundPaymentWorkflow(container).run({
          input: {
            payment_id: payment.id,
            amount: minorToMajor(entry.amount),
            note: "Returned in TBC's merchant dashboard",
          },
        })
      )
    } else if (entry.kind === "cancel") {
      if (payment.canceled_at) return (await mark(ledger, entry, payment.id)).ok ? "recorded" : "failed"
      if (payment.capturedMinor > 0) return "cannot"
      await record(() => container.resolve(Modules.PAYMENT).cancelPayment(payment.id))
    } else {
      const restMinor = entry.amount - payment.capturedMinor
      if (restMinor <= 0 || restMinor > payment.amountMinor - payment.capturedMinor) return "cannot"
      await record(() =>
        capturePaymentWorkflow(container).run({ input: { payment_id: payment.id, amount: minorToMajor(restMinor) } })
      )
    }
    logger.info(`ledger entry ${entry.id}: Medusa's payment ${payment.id} now shows the ${entry.kind} the bank made`)
    return "recorded"
  } catch (error) {
    logger.warn(`ledger entry ${entry.id}: not recorded in Medusa (retried): ${recordError(error)}`)
    if (made.record) await undoUnkeptRecord(container, ledger, entry.id, payment.id, made.record)
    return "failed"
  }
}

/**
 * Medusa's call failed after the provider marked the entry recorded (Medusa then rolls its refund
 * or capture row back): a record Medusa does not keep is taken back, so the entry is recorded again.
 */
async function undoUnkeptRecord(
  container: MedusaContainer,
  ledger: LedgerStore,
  entryId: string,
  paymentId: string,
  record: string
) {
  const entry = await ledger.byId(entryId)
  // only this call's own record: another caller's may still be committing
  if (!entry?.medusa_record || entry.medusa_record !== record) return
  const [payment] = await paymentsWhere(container, { id: paymentId })
  const kept =
    entry.kind === "refund"
      ? payment?.refundIds.includes(entry.medusa_record)
      : entry.kind === "cancel"
        ? !!payment?.canceled_at
        : (payment?.capturedMinor ?? 0) >= entry.amount
  if (!kept)
    await ledger.apply(entry.id, { type: "medusa_record_undone", record: entry.medusa_record }, "medusa:record")
}

/**
 * After Medusa captured payment `paymentId` (its `payment.captured` event, or the job): when the
 * bank's completion took more than Medusa's captures show (Medusa's own capture route completes the
 * whole hold, whatever amount it was given), the shortfall is recorded on the completion entry,
 * which lists it for the merchant, and Medusa records the rest as captured. The completion's entry
 * id when there was a shortfall, else undefined.
 */
export async function checkCaptureShortfall(
  container: MedusaContainer,
  paymentId: string,
  logger: TbcLogger
): Promise<string | undefined> {
  const [payment] = await paymentsWhere(container, { id: paymentId })
  if (!payment || !isCheckoutProviderId(payment.provider_id) || !payment.payId || payment.capturedMinor <= 0) return
  const ledger = ledgerOf(container)
  const charge = await ledger.byPayId(payment.payId)
  const completion = charge
    ? (await ledger.operationsOf(charge.id)).find((op) => op.kind === "completion" && op.state === "done")
    : undefined
  if (!completion || completion.medusa_recorded_at || payment.capturedMinor >= completion.amount) return
  const moved = await ledger.apply(
    completion.id,
    { type: "capture_shortfall", askedMinor: payment.capturedMinor, takenMinor: completion.amount },
    "medusa:capture"
  )
  if (!moved.ok) {
    logger.warn(`payment ${payment.id}: the capture's shortfall not recorded: ${moved.reason}`)
    return
  }
  logger.warn(
    `payment ${payment.id}: Medusa captured ${minorToMajor(payment.capturedMinor)} but the bank completed ` +
      `${minorToMajor(completion.amount)} (Medusa's own capture route completes the whole hold): recording the rest as captured`
  )
  await recordEntryInMedusa(container, completion.id, logger)
  return completion.id
}
