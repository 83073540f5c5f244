/**
 * Which ledger entry the Medusa money call under way was made for, when the plugin itself runs
 * Medusa's workflow for it. Medusa's payment module hands the provider no amount for a capture and
 * nothing but the payment's data for any call, so:
 *   - a capture of less than the hold (src/workflows/payments/capture-part.ts) opens its
 *     completion entry, amount included, and runs Medusa's capture workflow inside
 *     `withCaptureRequest`: the provider sends one completion of exactly that amount;
 *   - recording in Medusa what the bank did by itself (a return made in TBC's merchant dashboard,
 *     the rest of a hold Medusa's own capture route took whole: src/workflows/bank-truth/) runs
 *     Medusa's refund, cancel or capture inside `withMedusaRecord`: the provider finds the entry
 *     already done at the bank and sends nothing.
 *
 * Why the request's async context and not the ledger or the payment's data: whatever is stored
 * outlives the request that wrote it. A process that dies between writing the entry and the bank
 * call leaves it `sending`; read from storage, a later capture of the whole hold would complete
 * that old amount while Medusa records the whole hold. Here only the calls made inside the request
 * that opened the entry can see it; any other capture finds an open completion it does not own and
 * is refused by the ledger (one open operation per charge).
 */
import { AsyncLocalStorage } from "node:async_hooks"

type Purpose = "capture" | "record"
/** `made`: the Medusa record the provider marked the entry with, for the caller to check it was kept */
const current = new AsyncLocalStorage<{ entryId: string; purpose: Purpose; made?: { record?: string } }>()

/** Runs `work` (Medusa's capture of the payment) as the request that opened completion entry `entryId`. */
export function withCaptureRequest<T>(entryId: string, work: () => Promise<T>): Promise<T> {
  return current.run({ entryId, purpose: "capture" }, work)
}

/** The completion entry the running capture was opened for, if it runs inside withCaptureRequest. */
export function captureRequestEntryId(): string | undefined {
  return entryFor("capture")
}

/**
 * Runs `work` (Medusa's refund, cancel or capture) as the record of what entry `entryId` says the
 * bank did; `made.record` is then the Medusa record the provider marked the entry with, if it did.
 */
export function withMedusaRecord<T>(entryId: string, made: { record?: string }, work: () => Promise<T>): Promise<T> {
  return current.run({ entryId, purpose: "record", made }, work)
}

/** The provider marked the running record's entry with Medusa's `record` (withMedusaRecord's caller reads it). */
export function noteMedusaRecord(record: string): void {
  const store = current.getStore()
  if (store?.purpose === "record" && store.made) store.made.record = record
}

/** The entry whose bank-side money the running Medusa call records, if it runs inside withMedusaRecord. */
export function medusaRecordEntryId(): string | undefined {
  return entryFor("record")
}

function entryFor(purpose: Purpose): string | undefined {
  const store = current.getStore()
  return store?.purpose === purpose ? store.entryId : undefined
}
