/**
 * SQL of the retry bookkeeping of installment status changes whose effect on Medusa failed
 * (tbc_installment_change_failure, see models/installment-change-failure.ts). One statement per
 * page whatever its size, bound as one JSON parameter like installment-sync-sql.ts.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import { changeKeyOf, type InstallmentChangeKey, type SqlExecutor } from "./installment-sync-sql"

const json = (rows: unknown[]): string => JSON.stringify(rows)

/** A change still waiting for a retry: tries made so far and whether its backoff has passed. */
export interface PendingChangeFailure {
  /** changeKeyOf the change */
  key: string
  attempts: number
  /** the backoff has passed (by the database's clock, the same for every server instance) */
  due: boolean
}

/** The failed try of a change to store: retryInSeconds null = given up. */
export interface ChangeFailureToStore extends InstallmentChangeKey {
  payment_session_id?: string | null
  attempts: number
  error: string
  retryInSeconds: number | null
}

/** The cut applied to a stored error: a failure's message, not a log. */
export const CHANGE_FAILURE_ERROR_MAX_LENGTH = 1000

/** Failures of these changes that still wait for a retry. */
export async function selectPendingFailures(
  db: SqlExecutor,
  keys: InstallmentChangeKey[]
): Promise<PendingChangeFailure[]> {
  if (keys.length === 0) return []
  const rows = (await db.execute(
    `select f.bank_session_id, f.status_id, f.change_date, f.attempts,
            (f.next_attempt_at is null or f.next_attempt_at <= now()) as due
       from jsonb_to_recordset(?::jsonb) as k(sid text, st int, cd text)
       join tbc_installment_change_failure f
         on f.bank_session_id = k.sid and f.status_id = k.st and f.change_date = k.cd
      where f.resolved_at is null and f.gave_up_at is null and f.deleted_at is null`,
    [json(keys.map((k) => ({ sid: k.bank_session_id, st: k.status_id, cd: k.change_date })))]
  )) as (InstallmentChangeKey & { attempts: number; due: boolean })[]
  return rows.map((r) => ({ key: changeKeyOf(r), attempts: Number(r.attempts), due: r.due === true }))
}

/** Stores each failed try: its count, error and the time of the next try (or that it was given up). */
export async function upsertFailures(
  db: SqlExecutor,
  providerId: string,
  failures: ChangeFailureToStore[]
): Promise<void> {
  if (failures.length === 0) return
  await db.execute(
    `insert into tbc_installment_change_failure
       (id, provider_id, bank_session_id, status_id, change_date, payment_session_id, attempts, last_error,
        next_attempt_at, gave_up_at)
     select u.id, ?, u.sid, u.st, u.cd, u.psid, u.attempts, u.err,
            case when u.retry_in is null then null else now() + make_interval(secs => u.retry_in) end,
            case when u.retry_in is null then now() else null end
       from jsonb_to_recordset(?::jsonb)
         as u(id text, sid text, st int, cd text, psid text, attempts int, err text, retry_in int)
     on conflict (bank_session_id, status_id, change_date) do update
       set attempts = excluded.attempts,
           last_error = excluded.last_error,
           payment_session_id = coalesce(excluded.payment_session_id, tbc_installment_change_failure.payment_session_id),
           next_attempt_at = excluded.next_attempt_at,
           gave_up_at = excluded.gave_up_at,
           updated_at = now()`,
    [
      providerId,
      json(
        failures.map((f) => ({
          id: generateEntityId(undefined, "tbcfail"),
          sid: f.bank_session_id,
          st: f.status_id,
          cd: f.change_date,
          psid: f.payment_session_id ?? null,
          attempts: f.attempts,
          err: f.error.slice(0, CHANGE_FAILURE_ERROR_MAX_LENGTH),
          retry_in: f.retryInSeconds,
        }))
      ),
    ]
  )
}

/** A retry of these changes succeeded: their failure rows are closed. */
export async function resolveFailures(db: SqlExecutor, keys: InstallmentChangeKey[]): Promise<void> {
  if (keys.length === 0) return
  await db.execute(
    `update tbc_installment_change_failure f
        set resolved_at = now(), next_attempt_at = null, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as k(sid text, st int, cd text)
      where f.bank_session_id = k.sid and f.status_id = k.st and f.change_date = k.cd and f.resolved_at is null`,
    [json(keys.map((k) => ({ sid: k.bank_session_id, st: k.status_id, cd: k.change_date })))]
  )
}
