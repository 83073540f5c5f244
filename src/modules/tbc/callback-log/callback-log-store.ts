/**
 * The SQL of the callback log (tbc_callback_log), beside the table: the counted refusals the
 * callback middleware writes (src/api/tbc-middlewares/refused-callback-log.ts decides which source
 * a refusal is counted under) and the retention's deletes (src/use-cases/callback-log/prune.ts decides
 * each registration's cutoff). Only this table is touched, through the app's PostgreSQL connection.
 */
import { randomUUID } from "node:crypto"
import type { PgConnection } from "../pg-connection"

/** One refusal, counted in the row of its provider, source, result and minute. */
export interface CountedRefusal {
  provider_id: string
  pay_id: string | null
  /** the source it is counted under (an address, or the shared row of further sources) */
  source_ip: string
  result: string
  /** the minute it falls in (UTC, seconds cut) */
  window_start: Date
}

const deletedCount = (rows: Record<string, unknown>[]): number => Number(rows[0]?.deleted ?? 0)

export class CallbackLogStore {
  constructor(private readonly pg: PgConnection) {}

  /** Adds one to the refusal's row for its minute (created on the first; upsert on the unique window index). */
  async countRefusal(refusal: CountedRefusal): Promise<void> {
    await this.pg.raw(
      `insert into tbc_callback_log (id, provider_id, pay_id, source_ip, result, bank_status, count, window_start)
       values (?, ?, ?, ?, ?, null, 1, ?)
       on conflict (provider_id, source_ip, result, window_start) where window_start is not null and deleted_at is null
       do update set count = tbc_callback_log.count + 1, updated_at = now()`,
      [
        `tbccb_${randomUUID().replace(/-/g, "")}`,
        refusal.provider_id,
        refusal.pay_id,
        refusal.source_ip,
        refusal.result,
        refusal.window_start.toISOString(),
      ]
    )
  }

  /** Deletes for good one registration's rows created before `cutoff` (ISO); answers how many. */
  async deleteOlderThan(providerId: string, cutoff: string): Promise<number> {
    const { rows } = await this.pg.raw(
      `with gone as (delete from tbc_callback_log where provider_id = ? and created_at < ? returning 1) select count(*)::int as deleted from gone`,
      [providerId, cutoff]
    )
    return deletedCount(rows)
  }

  /** Deletes for good the rows of registrations not in `known` created before `cutoff` (ISO). */
  async deleteOthersOlderThan(known: string[], cutoff: string): Promise<number> {
    const { rows } = await this.pg.raw(
      `with gone as (delete from tbc_callback_log where not (provider_id = any(?)) and created_at < ? returning 1) select count(*)::int as deleted from gone`,
      [known, cutoff]
    )
    return deletedCount(rows)
  }
}
