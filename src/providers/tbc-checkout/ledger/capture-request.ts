/**
 * Which completion entry the capture under way was opened for. Medusa's payment module hands
 * capturePayment no amount, only the payment's data, so a capture of less than the hold
 * (src/workflows/payments/capture-part.ts) opens its completion entry, amount included, and runs
 * Medusa's capture workflow inside `withCaptureRequest`: the provider, called from that workflow
 * in the same process, reads the entry id here.
 *
 * Why the request's async context and not the ledger or the payment's data: whatever is stored
 * outlives the request that wrote it. A process that dies between writing the entry and the bank
 * call leaves it `sending`; read from storage, a later capture of the whole hold would complete
 * that old amount while Medusa records the whole hold. Here only the calls made inside the request
 * that opened the entry can see it; any other capture finds an open completion it does not own and
 * is refused by the ledger (one open operation per charge).
 */
import { AsyncLocalStorage } from "node:async_hooks"

const current = new AsyncLocalStorage<{ entryId: string }>()

/** Runs `work` (Medusa's capture of the payment) as the request that opened completion entry `entryId`. */
export function withCaptureRequest<T>(entryId: string, work: () => Promise<T>): Promise<T> {
  return current.run({ entryId }, work)
}

/** The completion entry the running capture was opened for, if it runs inside withCaptureRequest. */
export function captureRequestEntryId(): string | undefined {
  return current.getStore()?.entryId
}
