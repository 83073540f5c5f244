/**
 * Retention of the callback log: rows older than their registration's `callbackLogRetentionDays`
 * (default 90) are deleted for good, so the log (which unauthenticated requests can add to, a
 * bounded row per source and minute) never grows without end. Rows of a registration no longer
 * configured keep the default retention.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PgConnection } from "../../modules/tbc/pg-connection"
import { CallbackLogStore } from "../../modules/tbc/callback-log/callback-log-store"
import { DEFAULT_CALLBACK_LOG_RETENTION_DAYS, readCallbackLogRetentionDays } from "../../lib/callback-log-options"
import { DAY_MS } from "../../lib/preauth-deadline"
import { checkoutRegistrations, reconcileNow } from "../reconcile/run-context"

export interface PruneCallbackLogInput {
  /** ISO time taken as "now" (tests move it forward); default the real clock */
  now?: string
}

export interface PruneCallbackLogResult {
  /** a registration's provider id, or null for rows of registrations no longer configured */
  provider_id: string | null
  retention_days: number
  deleted: number
}

const cutoff = (now: Date, days: number): string => new Date(now.getTime() - days * DAY_MS).toISOString()

export async function pruneCallbackLog(
  container: MedusaContainer,
  input: PruneCallbackLogInput = {}
): Promise<PruneCallbackLogResult[]> {
  const now = reconcileNow(input.now, "pruneCallbackLog")
  const log = new CallbackLogStore(container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))
  const results: PruneCallbackLogResult[] = []
  const known: string[] = []
  for (const registration of await checkoutRegistrations(container)) {
    const days = readCallbackLogRetentionDays(registration.options)
    known.push(registration.providerId)
    const deleted = await log.deleteOlderThan(registration.providerId, cutoff(now, days))
    results.push({ provider_id: registration.providerId, retention_days: days, deleted })
  }
  results.push({
    provider_id: null,
    retention_days: DEFAULT_CALLBACK_LOG_RETENTION_DAYS,
    deleted: await log.deleteOthersOlderThan(known, cutoff(now, DEFAULT_CALLBACK_LOG_RETENTION_DAYS)),
  })
  return results
}
