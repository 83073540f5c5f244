/**
 * Every 5 minutes: the money ledger's tbc-checkout charges (web payments and saved-card
 * executions) that still need work `pendingReconcileMinutes` (default 15) after they were made
 * are read at the bank and, when paid or held, turned into their order as the lost callback would
 * have done (src/use-cases/reconcile/pending-payments.ts); then charges whose session is gone while the
 * bank holds or took money get the orphan policy (orphan-sweep.ts); then what the bank moved by
 * itself (a refund or cancel in TBC's merchant dashboard, the whole hold Medusa's own capture route
 * completed) is shown in Medusa (bank-truth-pass.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcilePendingCheckoutPayments } from "../use-cases/reconcile/pending-payments"
import { sweepOrphanedPayments } from "../use-cases/reconcile/orphan-sweep"
import { runJobExclusively } from "../use-cases/reconcile/locks"
import { driveEachChargeByWorkflow, settleEachOrphanByWorkflow } from "../workflows/reconcile/per-entry"
import { watchBankTruth } from "../use-cases/reconcile/bank-truth-pass"
import { bankTruthRunners } from "../workflows/bank-truth"

export const JOB_NAME = "tbc-reconcile-pending-payments"

/**
 * Under the job's lock (one run at a time across instances; a tick that finds it taken skips).
 * The loops are called directly, not through their workflows, so the lock's abort signal reaches
 * them (a workflow's input is serialized); each entry runs its own small workflow
 * (src/workflows/reconcile/per-entry.ts) under that lock.
 */
export default async function reconcilePendingPaymentsJob(container: MedusaContainer) {
  await runJobExclusively(container, JOB_NAME, async (signal) => {
    await reconcilePendingCheckoutPayments(container, { signal }, driveEachChargeByWorkflow(container))
    // then money at the bank whose Medusa session is gone (orphan policy)
    if (!signal?.aborted) await sweepOrphanedPayments(container, {}, settleEachOrphanByWorkflow(container))
    if (!signal?.aborted) await watchBankTruth(container, bankTruthRunners(container), { signal })
  })
}

export const config = {
  name: JOB_NAME,
  schedule: { cron: "*/5 * * * *", concurrency: "forbid" as const },
}
