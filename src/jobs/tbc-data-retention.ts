/**
 * Hourly: personal-data retention (src/use-cases/saved-cards/data-retention.ts): finishes card
 * deletions of deleted customers that a bank outage left, keeps deleted cards without token and
 * mask, seals plain tokens from before sealing, removes deleted card rows and settled installment
 * status changes after their configured ages. Hourly so a deletion waiting for the bank is
 * retried soon; every step is idempotent, so an overlapping run on another instance is harmless.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runDataRetention } from "../use-cases/saved-cards/data-retention"

export default async function tbcDataRetentionJob(container: MedusaContainer) {
  const run = await runDataRetention(container)
  const acted = Object.values(run).some((count) => count > 0)
  if (acted) {
    container
      .resolve<{ info(msg: string): void }>(ContainerRegistrationKeys.LOGGER)
      .info(`[tbc retention] ${JSON.stringify(run)}`)
  }
}

export const config = {
  name: "tbc-data-retention",
  schedule: { cron: "23 * * * *", concurrency: "forbid" as const },
}
