/**
 * "Sync now" and the last poll in words: what a sync received, applied and acknowledged per
 * provider, "nothing new" when the feed was empty. Pure, unit-tested.
 */
import type { SyncNowResult, SyncPollRow } from "./api"
import { tEn, type TbcT } from "./i18n"

type ProviderResult = SyncNowResult["providers"][number]

function providerText(p: ProviderResult, t: TbcT): string {
  if (p.received === 0) return t("tbc.sync.nothingNew")
  const parts = [
    t("tbc.sync.received", { count: p.received }),
    t("tbc.sync.appliedCount", { count: p.applied }),
    t("tbc.sync.acknowledgedCount", { count: p.acknowledged }),
  ]
  if (p.retrying > 0) parts.push(t("tbc.sync.retrying", { count: p.retrying }))
  if (p.gave_up > 0) parts.push(t("tbc.sync.gaveUp", { count: p.gave_up }))
  if (p.errors.length > 0 && p.retrying === 0 && p.gave_up === 0)
    parts.push(t("tbc.sync.notApplied", { count: p.errors.length }))
  return parts.join(", ")
}

/** One line for the toast; each provider named only when there are several. */
export function syncSummaryText(result: SyncNowResult, t: TbcT = tEn): string {
  if (result.providers.length === 0) return t("tbc.sync.noProvider")
  if (result.providers.length === 1) {
    return t("tbc.sync.done", { text: providerText(result.providers[0], t) })
  }
  return t("tbc.sync.done", {
    text: result.providers.map((p) => `${p.provider_id} ${providerText(p, t)}`).join("; "),
  })
}

/** Whether the toast should warn: something waits for a retry or was given up. */
export function syncNeedsAttention(result: SyncNowResult): boolean {
  return result.providers.some((p) => p.retrying > 0 || p.gave_up > 0 || p.errors.length > 0)
}

/** A provider's last poll of the feed, for the sync section: when, and what it brought. */
export function lastPollText(
  poll: SyncPollRow | undefined,
  formatTime: (iso: string) => string,
  t: TbcT = tEn
): string {
  if (!poll) return t("tbc.sync.notPolled")
  const brought =
    poll.received === 0 ? t("tbc.sync.nothingNew") : t("tbc.sync.changesReceived", { count: poll.received })
  return t("tbc.sync.lastPoll", { time: formatTime(poll.polled_at), brought })
}
