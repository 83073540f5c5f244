/**
 * Every 5 minutes: saved cards whose recording failed after payment are tried again
 * (src/use-cases/saved-cards/recording-failures.ts: doubling backoff, given up after 8 retries;
 * the unresolved ones are listed in Settings → TBC Bank), and cards being added from "My account"
 * whose bank callback was lost or could not be checked are asked about again
 * (src/use-cases/saved-cards/card-additions.ts). Recording is idempotent (one row per bank token), so an
 * overlapping run is harmless.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { retryDueRecordings } from "../use-cases/saved-cards/record-from-events"
import { retryOpenCardAdditions } from "../use-cases/saved-cards/card-additions"

export default async function tbcRetrySavedCardRecordingJob(container: MedusaContainer) {
  await retryDueRecordings(container)
  await retryOpenCardAdditions(container)
}

export const config = {
  name: "tbc-retry-saved-card-recording",
  schedule: { cron: "*/5 * * * *", concurrency: "forbid" as const },
}
