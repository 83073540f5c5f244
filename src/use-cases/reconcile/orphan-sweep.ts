/**
 * The durable half of the orphan policy (src/providers/tbc-checkout/money-moves/orphans.ts): the
 * provider acts on its own when Medusa deletes a paid session and when a callback arrives for a
 * gone session, but a restart can interrupt the first and a lost callback hides the second (the
 * shopper was still on the bank's page when the cart changed, and paid afterwards). This pass
 * finds such payments in the money ledger and hands each to the same settleOrphan. A charge a
 * Medusa payment was made from is asked about in Medusa first: an order owns it (recorded), or
 * no order followed (its completion failed after authorizing) and it is an orphan too; its Medusa
 * payment is then cancelled after the money went back (./payment-without-order.ts). Before that,
 * Medusa is asked whether the session is really gone (./session-gone.ts): the ledger's mark is our
 * deletePayment's word, and a session Medusa kept (its delete failed, or the process died before
 * it) is a live session's money, whose order the lost-callback job places on its next run.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { recordError, ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { settleOrphan, type OrphanOutcome } from "../../providers/tbc-checkout/money-moves/orphans"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { bankClientFor } from "../bank-clients"
import { checkoutRegistrations, passLogger } from "./run-context"
import { cancelPaymentWithoutOrder, medusaOwnerOfSession } from "./payment-without-order"
import { confirmSessionGone } from "./session-gone"

/** Who the sweep's own records name (the orphan policy's bank moves name "policy:orphan"). */
const SWEEP_ACTOR = "job:orphan-sweep"

/** Payments looked at per provider and run at most (money first: LedgerStore.orphanCandidates). */
export const ORPHAN_SWEEP_BATCH = 100

export interface OrphanSweepInput {
  /** payments per provider and run (default ORPHAN_SWEEP_BATCH) */
  limit?: number
}

export interface OrphanSweepResult {
  pay_id: string
  /**
   * `session_kept`: Medusa still has the session the ledger called gone (the mark was taken back);
   * `session_deleting`: Medusa still shows it and the mark is fresh (its delete may be committing)
   */
  outcome: OrphanOutcome | "session_kept" | "session_deleting" | "error"
  error?: string
}

/** One orphan candidate as the sweep's per-entry workflow is handed it (plain data). */
export interface SettleOrphanInput {
  entryId: string
  providerId: string
}

/** Settles one candidate (the loop's default; the job and its workflow hand in the per-entry workflow). */
export type SettleOne = (input: SettleOrphanInput) => Promise<OrphanSweepResult | undefined>

/**
 * One candidate: asked about in Medusa first when a Medusa payment was made from it (an order owns
 * it, or none followed), then handed to settleOrphan; a payment no order followed is cancelled in
 * Medusa once its money went back. Undefined when the entry or its registration is gone.
 */
export async function settleOrphanEntry(
  container: MedusaContainer,
  input: SettleOrphanInput
): Promise<OrphanSweepResult | undefined> {
  const registration = (await checkoutRegistrations(container)).find((r) => r.providerId === input.providerId)
  const ledger = ledgerOf(container)
  const entry = registration ? await ledger.byId(input.entryId) : undefined
  if (!registration || !entry?.pay_id) return undefined
  const payId = entry.pay_id
  try {
    const options = parseCheckoutOptions(registration.options)
    // the ledger's "session gone" against Medusa's own row: no money goes back for a session Medusa kept
    const session = await confirmSessionGone(container, entry, options.orphanGraceSeconds, SWEEP_ACTOR)
    if (entry.session_gone_at !== null && session !== "gone") {
      return { pay_id: payId, outcome: session === "kept" ? "session_kept" : "session_deleting" }
    }
    // a Medusa payment was made from it: its order owns the money, or (none followed) nobody does
    const owner = entry.authorized_at
      ? await medusaOwnerOfSession(container, entry.payment_session_id, payId)
      : undefined
    if (owner?.orderId) {
      await ledger.markOrder(entry.id, owner.orderId, SWEEP_ACTOR)
      return { pay_id: payId, outcome: "not_orphan" }
    }
    const outcome = await settleOrphan({
      checkout: bankClientFor(registration, container, { maxRetries: 1 }).checkout,
      ledger,
      payId,
      policy: options.orphanPolicy,
      logger: passLogger(container, "[tbc orphans]"),
      medusaShowsNoOrder: owner !== undefined,
    })
    if (owner?.paymentId && (outcome === "cancelled" || outcome === "refunded")) {
      await cancelPaymentWithoutOrder(container, entry.payment_session_id, payId)
    }
    return { pay_id: payId, outcome }
  } catch (error) {
    return { pay_id: payId, outcome: "error", error: recordError(error) }
  }
}

/**
 * Every tbc-checkout registration's candidates (money first: LedgerStore.orphanCandidates), each
 * settled by `settleOne`: the scheduled job and the sweep workflow hand in the per-entry workflow
 * (src/workflows/reconcile/per-entry.ts), run under the job's lock.
 */
export async function sweepOrphanedPayments(
  container: MedusaContainer,
  input: OrphanSweepInput = {},
  settleOne: SettleOne = (one) => settleOrphanEntry(container, one)
): Promise<OrphanSweepResult[]> {
  const ledger = ledgerOf(container)
  const results: OrphanSweepResult[] = []
  for (const registration of await checkoutRegistrations(container)) {
    const options = parseCheckoutOptions(registration.options)
    const entries = await ledger.orphanCandidates(
      registration.providerId,
      options.orphanGraceSeconds,
      input.limit ?? ORPHAN_SWEEP_BATCH
    )
    for (const entry of entries) {
      const result = await settleOne({ entryId: entry.id, providerId: registration.providerId })
      if (result) results.push(result)
    }
  }
  return results
}
