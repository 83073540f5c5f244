/**
 * What the installment sync writes to the money ledger (src/modules/tbc/ledger/ledger-store.ts):
 * each status change it records moves the application's entry (the bank's answer, actor
 * "bank:sync"), an order placed from it is noted on the entry, and an approval canceled because
 * its session is gone is recorded as the orphan policy's action.
 *
 * Why every move goes through here before the change's effect on Medusa: the ledger is what the
 * session guard reads. A refusal makes the cart payable again and an approval (money the bank will
 * pay for this cart) stops a second payment, whether or not Medusa's side of the change succeeds
 * on this run. A ledger write that fails throws, so the change is retried like any failed effect
 * (every move is idempotent: the same status twice moves nothing).
 */
import { installmentBankStatus } from "../../lib/ledger/installment-states"
import { INSTALLMENT_STATUS } from "../../lib/tbc/types"
import { LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import type { ApplicationRef } from "./apply-to-medusa"

export const SYNC_ACTOR = "bank:sync"

/** The status change moves the application's entry (no entry: an application older than the ledger). */
export async function recordStatusChange(
  ledger: Pick<LedgerStore, "apply">,
  application: ApplicationRef,
  statusId: number
): Promise<void> {
  if (!application.entry) return
  const result = await ledger.apply(
    application.entry.id,
    { type: "bank_status", status: installmentBankStatus(statusId) },
    SYNC_ACTOR
  )
  // the bank is the judge of its own status: a refused move means the entry names another application
  if (!result.ok) throw new Error(`ledger entry ${application.entry.id}: ${result.reason}`)
}

/** The order the application's money now belongs to. */
export async function recordOrder(
  ledger: Pick<LedgerStore, "markOrder">,
  application: ApplicationRef,
  orderId: string
): Promise<void> {
  if (application.entry) await ledger.markOrder(application.entry.id, orderId, SYNC_ACTOR)
}

/**
 * The orphan policy canceled an approval whose session is gone: the entry says what was given up
 * and moves to the status the cancel leaves (CanceledByMerchant: the hold is returned).
 */
export async function recordOrphanCancel(
  ledger: Pick<LedgerStore, "apply" | "recordOrphanAction">,
  application: ApplicationRef
): Promise<void> {
  if (!application.entry) return
  await ledger.recordOrphanAction(application.bank_session_id, "cancelled", application.entry.amount, null)
  await ledger.apply(
    application.entry.id,
    { type: "bank_status", status: installmentBankStatus(INSTALLMENT_STATUS.CanceledByMerchant) },
    "policy:orphan"
  )
}
