/**
 * What an unauthenticated request may write: a callback refused before Medusa sees it (source
 * outside the allowlist, malformed body, forged pairing) is counted, not stored per request. One
 * row per provider, source, result and minute holds the count (upsert on the unique
 * IDX_tbc_callback_log_rejected_window), and the number of sources recorded per minute is capped
 * in this process: beyond it, refusals of further sources are counted under OTHER_SOURCES. So a
 * flood from any number of addresses writes a bounded number of rows per minute; retention
 * (src/jobs/prune-tbc-callback-log.ts) removes old rows. The SQL is the module's
 * (src/modules/tbc/callback-log/callback-log-store.ts).
 */
import type { PgConnection } from "../../modules/tbc/pg-connection"
import { CallbackLogStore } from "../../modules/tbc/callback-log/callback-log-store"

/** Distinct sources recorded per registration and minute, per process. */
export const MAX_SOURCES_PER_MINUTE = 100
/** The source recorded for refusals beyond MAX_SOURCES_PER_MINUTE (and with no readable address). */
export const OTHER_SOURCES = "other"

export interface RefusedCallback {
  provider_id: string
  pay_id: string | null
  source_ip: string | null
  result: string
}

/** The minute a refusal is counted in (UTC, seconds cut). */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000)
}

/** Sources already given a row in the current minute, per registration. */
export class SourceBudget {
  private minute = 0
  private readonly seen = new Map<string, Set<string>>()

  constructor(private readonly max = MAX_SOURCES_PER_MINUTE) {}

  /** The source to record: itself while the minute's budget lasts, else OTHER_SOURCES. */
  sourceFor(providerId: string, source: string | null, minute: Date): string {
    if (minute.getTime() !== this.minute) {
      this.minute = minute.getTime()
      this.seen.clear()
    }
    if (!source) return OTHER_SOURCES
    let sources = this.seen.get(providerId)
    if (!sources) this.seen.set(providerId, (sources = new Set()))
    if (sources.has(source)) return source
    if (sources.size >= this.max) return OTHER_SOURCES
    sources.add(source)
    return source
  }
}

const budget = new SourceBudget()

/** Counts one refused callback in its source's row for this minute (created on the first). */
export async function countRefusedCallback(pg: PgConnection, row: RefusedCallback, now = new Date()): Promise<void> {
  const windowStart = minuteOf(now)
  const source = budget.sourceFor(row.provider_id, row.source_ip, windowStart)
  await new CallbackLogStore(pg).countRefusal({
    provider_id: row.provider_id,
    pay_id: row.pay_id,
    source_ip: source,
    result: row.result,
    window_start: windowStart,
  })
}
