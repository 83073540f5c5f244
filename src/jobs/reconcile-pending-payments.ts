/**
 * Every 5 minutes: tbc-checkout sessions still pending `pendingReconcileMinutes` (default 15)
 * after they were opened are looked up at the bank and, when paid or held, processed as the lost
 * callback would have been (src/workflows/reconcile/pending-payments.ts); then payments whose
 * session is gone while the bank holds or took money get the orphan policy (orphan-sweep.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePendingPaymentsWorkflow, sweepOrphanedPaymentsWorkflow } from "../workflows/reconcile"

export default async function reconcilePendingPaymentsJob(container: MedusaContainer) {
  await reconcilePendingPaymentsWorkflow(container).run({ input: {} })
  // then money at the bank whose Medusa session is gone (orphan policy)
  await sweepOrphanedPaymentsWorkflow(container).run({ input: {} })
}

export const config = {
  name: "tbc-reconcile-pending-payments",
  schedule: { cron: "*/5 * * * *", concurrency: "forbid" as const },
}
