/**
 * The lost-callback job's pass for money the bank moved by itself (./bank-truth.ts), after its
 * other passes, under the same lock:
 *   1. entries whose bank-side money Medusa does not show yet (a return made in TBC's merchant
 *      dashboard, a capture's shortfall) whose subscriber did not finish: recorded now;
 *   2. a few charges an order owns that the bank still holds or took, least recently read first:
 *      read at the bank, so a dashboard refund or cancel whose callback was lost is found within a
 *      bounded number of runs (charges ÷ WATCH_BATCH runs), and each read paid charge's captures
 *      are compared with what the bank took (a payment.captured event that was lost).
 * Each entry or payment runs its own small workflow (src/workflows/bank-truth/), handed in.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ledgerOf, recordError, type PgConnection } from "../../modules/tbc/ledger/ledger-store"
import { awaitingMedusaRecord, chargesToWatchForReturns } from "../../modules/tbc/ledger/bank-returns"
import { noticeBankReturn } from "../../providers/tbc-checkout/money-moves/bank-returns"
import { STALE_SENDING_MS } from "../../lib/ledger/guards"
import { bankClientFor } from "../bank-clients"
import { JOB_ACTOR } from "./drive-charge"
import { livePaymentOfSession, queryOf } from "./medusa-facts"
import { checkoutRegistrations, passLogger } from "./run-context"

/** Charges read at the bank per registration and run (each one GET). */
export const WATCH_BATCH = 20
/** Entries brought into Medusa per registration and run. */
export const RECORD_BATCH = 50
/** Bank failures in a row that end a registration's watch for this run. */
const WATCH_FAILURES = 3

export interface BankTruthRunners {
  /** one ledger entry's bank-side money shown in Medusa (recordBankTruthWorkflow) */
  record(entryId: string): Promise<unknown>
  /** one payment's captures compared with the bank's completion (checkCaptureShortfallWorkflow) */
  shortfall(paymentId: string): Promise<unknown>
}

export async function watchBankTruth(
  container: MedusaContainer,
  runners: BankTruthRunners,
  input: { signal?: AbortSignal; now?: Date } = {}
): Promise<{ recorded: number; read: number }> {
  const logger = passLogger(container, "[tbc records]")
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const ledger = ledgerOf(container)
  const now = input.now ?? new Date()
  let recorded = 0
  let read = 0
  for (const registration of await checkoutRegistrations(container)) {
    // a subscriber records at once; older ones it did not finish are the job's
    const waiting = (await awaitingMedusaRecord(pg, registration.providerId, RECORD_BATCH)).filter(
      (entry) => now.getTime() - entry.created_at.getTime() >= STALE_SENDING_MS
    )
    for (const entry of waiting) {
      if (input.signal?.aborted) return { recorded, read }
      await runners.record(entry.id).catch((e) => logger.warn(`entry ${entry.id}: ${recordError(e)}`))
      recorded++
    }
    const bank = bankClientFor(registration, container, { maxRetries: 1 }).checkout
    let failures = 0
    for (const charge of await chargesToWatchForReturns(pg, registration.providerId, WATCH_BATCH)) {
      if (input.signal?.aborted || failures >= WATCH_FAILURES) break
      let details
      try {
        details = await bank.getPayment(charge.pay_id!)
        failures = 0
      } catch (error) {
        failures++
        logger.warn(`payment ${charge.pay_id}: not read at the bank: ${recordError(error)}`)
        continue
      }
      read++
      const status = String(details.status)
      const moved = await ledger.apply(charge.id, { type: "bank_status", status, payId: charge.pay_id! }, JOB_ACTOR)
      const made = await noticeBankReturn(ledger, moved.entry ?? charge, details, logger)
      if (made) await runners.record(made.id).catch((e) => logger.warn(`entry ${made.id}: ${recordError(e)}`))
      if (status === "Succeeded" || status === "PartialReturned") {
        const payment = await livePaymentOfSession(queryOf(container), charge.payment_session_id, charge.pay_id)
        if (payment) await runners.shortfall(payment.id).catch((e) => logger.warn(`${payment.id}: ${recordError(e)}`))
      }
    }
  }
  return { recorded, read }
}
