/**
 * Scheduled pull of the TBC Online Installments status-changes feed (the bank pushes nothing).
 *
 * The scheduler ticks every TICK_MS; each registration is synced when its own
 * `syncIntervalSeconds` (provider option, default 60) has passed since its last sync in this
 * process. Why a tick and a per-provider interval: a job's schedule is fixed when the file is
 * loaded, before the provider options can be read. `concurrency: "forbid"` keeps one run per
 * instance; the per-provider lock inside the workflow keeps one run across instances (a tick that
 * finds it taken skips after about a second, instead of queueing behind the running sync). The
 * reconcile jobs take other lock keys, so a slow reconcile run never holds the sync back.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { syncInstallmentStatusesWorkflow } from "../workflows"
import { installmentsRegistrations } from "../use-cases/installments-client"
import { isSyncDue } from "../lib/installment-sync-schedule"
import { SYNC_BUSY_MESSAGE } from "../use-cases/installments/sync-runner"

const isSyncBusy = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === "tbc_installments_sync_busy" ||
  (error as Error)?.message === SYNC_BUSY_MESSAGE

export const TICK_MS = 5_000

/** When each registration last started a sync in this process (first sync one interval after boot). */
const lastStarted = new Map<string, number>()
const bootedAt = Date.now()

export default async function syncTbcInstallmentsJob(container: MedusaContainer): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const now = Date.now()
  for (const registration of installmentsRegistrations(container)) {
    const last = lastStarted.get(registration.providerId) ?? bootedAt
    if (!isSyncDue(last, now, registration.options.syncIntervalSeconds)) continue
    lastStarted.set(registration.providerId, now)
    try {
      const { result } = await syncInstallmentStatusesWorkflow(container).run({
        input: { provider_id: registration.providerId },
      })
      for (const p of result.providers) {
        if (p.received > 0) {
          logger.info(
            `[tbc-installments] ${p.provider_id}: ${p.received} change(s) in ${p.pages} page(s), ` +
              `${p.applied} applied, ${p.authorized} authorized, ${p.captured} captured, ${p.canceled} canceled, ` +
              `${p.unknown} unknown, ${p.errors.length} failed`
          )
        }
      }
    } catch (error) {
      if (isSyncBusy(error)) {
        // another instance (or "Sync now") holds this provider's lock: it is syncing right now
        logger.info(`[tbc-installments] ${registration.providerId}: another sync is running; this tick is skipped`)
        continue
      }
      logger.error(
        `[tbc-installments] scheduled sync of ${registration.providerId} failed: ${(error as Error).message}`
      )
    }
  }
}

export const config = {
  name: "tbc-installments-sync",
  schedule: { interval: TICK_MS, concurrency: "forbid" as const },
}
