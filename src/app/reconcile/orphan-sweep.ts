/**
 * The durable half of the orphan policy (src/providers/tbc-checkout/money-moves/orphans.ts): the
 * provider acts on its own when Medusa deletes a paid session and when a callback arrives for a
 * gone session, but a restart can interrupt the first and a lost callback hides the second (the
 * shopper was still on the bank's page when the cart changed, and paid afterwards). This pass
 * finds such payments in the money ledger and hands each to the same settleOrphan. A charge a
 * Medusa payment was made from is asked about in Medusa first: an order owns it (recorded), or
 * no order followed (its completion failed after authorizing) and it is an orphan too; its Medusa
 * payment is then cancelled after the money went back (./payment-without-order.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { LedgerStore, recordError, type PgConnection } from "../../modules/tbc/ledger/ledger-store"
import { settleOrphan, type OrphanOutcome } from "../../providers/tbc-checkout/money-moves/orphans"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { bankClientFor } from "../bank-clients"
import { checkoutRegistrations } from "./run-context"
import { cancelPaymentWithoutOrder, medusaOwnerOfSession } from "./payment-without-order"

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
  outcome: OrphanOutcome | "error"
  error?: string
}

export async function sweepOrphanedPayments(
  container: MedusaContainer,
  input: OrphanSweepInput = {}
): Promise<OrphanSweepResult[]> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = new LedgerStore(container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))
  const results: OrphanSweepResult[] = []
  for (const registration of await checkoutRegistrations(container)) {
    const options = parseCheckoutOptions(registration.options)
    const entries = await ledger.orphanCandidates(
      registration.providerId,
      options.orphanGraceSeconds,
      input.limit ?? ORPHAN_SWEEP_BATCH
    )
    if (entries.length === 0) continue
    const tbcLogger = {
      debug: () => undefined,
      info: (msg: string) => logger.info(`[tbc orphans] ${msg}`),
      warn: (msg: string) => logger.warn(`[tbc orphans] ${msg}`),
      error: (msg: string) => logger.error(`[tbc orphans] ${msg}`),
    }
    const { checkout } = bankClientFor(registration, container, { maxRetries: 1 })
    for (const entry of entries) {
      const payId = entry.pay_id as string
      try {
        // a Medusa payment was made from it: its order owns the money, or (none followed) nobody does
        const owner = entry.authorized_at ? await medusaOwnerOfSession(container, entry.payment_session_id) : undefined
        if (owner?.orderId) {
          await ledger.markOrder(entry.id, owner.orderId, SWEEP_ACTOR)
          results.push({ pay_id: payId, outcome: "not_orphan" })
          continue
        }
        const outcome = await settleOrphan({
          checkout,
          ledger,
          payId,
          policy: options.orphanPolicy,
          logger: tbcLogger,
          medusaShowsNoOrder: owner !== undefined,
        })
        if (owner?.paymentId && (outcome === "cancelled" || outcome === "refunded")) {
          await cancelPaymentWithoutOrder(container, entry.payment_session_id)
        }
        results.push({ pay_id: payId, outcome })
      } catch (error) {
        results.push({ pay_id: payId, outcome: "error", error: recordError(error) })
      }
    }
  }
  return results
}
