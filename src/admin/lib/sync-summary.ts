/**
 * "Sync now" and the last poll in words: what a sync received, applied and acknowledged per
 * provider, "nothing new" when the feed was empty. Pure, unit-tested.
 */
import type { SyncNowResult, SyncPollRow } from "./api"

type ProviderResult = SyncNowResult["providers"][number]

function providerText(p: ProviderResult): string {
  if (p.received === 0) return "nothing new"
  const parts = [`received ${p.received}`, `applied ${p.applied}`, `acknowledged ${p.acknowledged}`]
  if (p.retrying > 0) parts.push(`${p.retrying} wait for a retry`)
  if (p.gave_up > 0) parts.push(`${p.gave_up} given up`)
  if (p.errors.length > 0 && p.retrying === 0 && p.gave_up === 0) parts.push(`${p.errors.length} could not be applied`)
  return parts.join(", ")
}

/** One line for the toast; each provider named only when there are several. */
export function syncSummaryText(result: SyncNowResult): string {
  if (result.providers.length === 0) return "No installments provider is configured: nothing to sync."
  if (result.providers.length === 1) {
    const text = providerText(result.providers[0])
    return `Sync done: ${text}.`
  }
  return `Sync done: ${result.providers.map((p) => `${p.provider_id} ${providerText(p)}`).join("; ")}.`
}

/** Whether the toast should warn: something waits for a retry or was given up. */
export function syncNeedsAttention(result: SyncNowResult): boolean {
  return result.providers.some((p) => p.retrying > 0 || p.gave_up > 0 || p.errors.length > 0)
}

/** A provider's last poll of the feed, for the sync section: when, and what it brought. */
export function lastPollText(poll: SyncPollRow | undefined, formatTime: (iso: string) => string): string {
  if (!poll) return "Not polled yet"
  const brought =
    poll.received === 0 ? "nothing new" : `${poll.received} ${poll.received === 1 ? "change" : "changes"} received`
  return `Last poll ${formatTime(poll.polled_at)}: ${brought}`
}
