/**
 * Daily: deletes callback-log rows older than `callbackLogRetentionDays` (default 90) per
 * tbc-checkout registration (src/use-cases/callback-log/prune.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { pruneCallbackLogWorkflow } from "../workflows/callback-log"

export default async function pruneTbcCallbackLogJob(container: MedusaContainer) {
  await pruneCallbackLogWorkflow(container).run({ input: {} })
}

export const config = {
  name: "tbc-prune-callback-log",
  schedule: { cron: "30 3 * * *", concurrency: "forbid" as const },
}
