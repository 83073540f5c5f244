/**
 * Daily: preauthorizations with fewer than `preauthWarningDays` (default 3) days left before the
 * bank releases them (day 30) are notified about and, per `preauthExpiryAction`, completed or
 * cancelled (src/use-cases/reconcile/expiring-preauths.ts). Daily, so "notify only" reminds once
 * a day, and "complete"/"cancel" still has two more runs before the deadline if one fails.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcileExpiringPreauthsWorkflow } from "../workflows/reconcile"
import { runJobExclusively } from "../use-cases/reconcile/locks"

/** Under the job's lock: one run at a time across instances (a tick that finds it taken skips). */
export default async function reconcileExpiringPreauthsJob(container: MedusaContainer) {
  await runJobExclusively(container, config.name, () => reconcileExpiringPreauthsWorkflow(container).run({ input: {} }))
}

export const config = {
  name: "tbc-reconcile-expiring-preauths",
  schedule: { cron: "0 8 * * *", concurrency: "forbid" as const },
}
