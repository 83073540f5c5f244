/**
 * Batched SQL of the installment status sync: one statement per page, whatever its size (a page
 * of 5,000 changes is a handful of round trips, not 5,000), all keyed on unique indexes.
 *
 * Why raw SQL: exactly-once needs `INSERT … ON CONFLICT DO NOTHING RETURNING` on the unique key
 * (bank_session_id, status_id, change_date), and the DML create methods neither batch like that
 * nor skip conflicts. A batch is bound as ONE JSON parameter and expanded with jsonb_to_recordset
 * (knex would spread a JS array into a list of parameters).
 */
import { generateEntityId } from "@medusajs/framework/utils"

/** What a status change is identified by (the bank's own fields). */
export interface InstallmentChangeKey {
  bank_session_id: string
  status_id: number
  change_date: string
}

export interface InstallmentChangeToRecord extends InstallmentChangeKey {
  status_description?: string | null
  contribution_amount?: number | null
}

export interface InstallmentApplicationSeed {
  bank_session_id: string
  payment_session_id: string
  payment_collection_id?: string | null
  cart_id?: string | null
  /** major units, as Medusa stores money */
  amount: number | string
  status_id?: number
}

/** Minimal surface of a MikroORM SqlEntityManager: `execute(sql, params)`. */
export interface SqlExecutor {
  execute(sql: string, params?: unknown[], method?: "all" | "get" | "run"): Promise<unknown>
}

const json = (rows: unknown[]): string => JSON.stringify(rows)

export const changeKeyOf = (c: InstallmentChangeKey): string =>
  `${c.bank_session_id}\u0000${c.status_id}\u0000${c.change_date}`

/** Which of these keys are already recorded (one indexed join). */
export async function selectRecordedChanges(db: SqlExecutor, keys: InstallmentChangeKey[]): Promise<string[]> {
  if (keys.length === 0) return []
  const rows = (await db.execute(
    `select c.bank_session_id, c.status_id, c.change_date
       from jsonb_to_recordset(?::jsonb) as k(sid text, st int, cd text)
       join tbc_installment_status_change c
         on c.bank_session_id = k.sid and c.status_id = k.st and c.change_date = k.cd`,
    [json(keys.map((k) => ({ sid: k.bank_session_id, st: k.status_id, cd: k.change_date })))]
  )) as InstallmentChangeKey[]
  return rows.map(changeKeyOf)
}

/** The bank's change date as an ISO timestamp; null when its text is not a date. */
export function changedAtOf(changeDate: string): string | null {
  const at = changeDate ? new Date(changeDate) : undefined
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : null
}

/**
 * Records the changes exactly once and returns the keys this call inserted (a change delivered
 * again, or recorded by a concurrent run, is skipped by the unique index). Then moves each known
 * application to its newest inserted change, never backwards in time.
 *
 * `sessionsWithoutApplication`: bank sessions known to have no application row, whose (pointless)
 * row update is skipped. The changes are taken as they are, not copied: a page of them is the
 * sync's largest allocation (bench/installment-sync.bench.ts).
 */
export async function insertChanges(
  db: SqlExecutor,
  synchronizationRequestId: string,
  changes: InstallmentChangeToRecord[],
  sessionsWithoutApplication: ReadonlySet<string> = new Set()
): Promise<InstallmentChangeKey[]> {
  if (changes.length === 0) return []
  const inserted = (await db.execute(
    `insert into tbc_installment_status_change
       (id, bank_session_id, status_id, change_date, synchronization_request_id, applied_at)
     select u.id, u.sid, u.st, u.cd, ?, now()
       from jsonb_to_recordset(?::jsonb) as u(id text, sid text, st int, cd text)
     on conflict (bank_session_id, status_id, change_date) do nothing
     returning bank_session_id, status_id, change_date`,
    [
      synchronizationRequestId,
      json(
        changes.map((c) => ({
          id: generateEntityId(undefined, "tbcchg"),
          sid: c.bank_session_id,
          st: c.status_id,
          cd: c.change_date,
        }))
      ),
    ]
  )) as InstallmentChangeKey[]
  const insertedKeys = new Set(inserted.map(changeKeyOf))
  // the newest inserted change per session, in feed order (later wins)
  const latest = new Map<string, InstallmentChangeToRecord>()
  for (const change of changes) {
    if (!sessionsWithoutApplication.has(change.bank_session_id) && insertedKeys.has(changeKeyOf(change))) {
      latest.set(change.bank_session_id, change)
    }
  }
  if (latest.size > 0) {
    const rows = [...latest.values()]
    await db.execute(
      `update tbc_installment_application a
          set status_id = u.st,
              status_description = coalesce(u.descr, a.status_description),
              last_change_at = coalesce(u.at, a.last_change_at),
              contribution_amount = coalesce(u.contrib, a.contribution_amount),
              raw_contribution_amount = case when u.contrib is null then a.raw_contribution_amount
                else jsonb_build_object('value', u.contrib::text, 'precision', 20) end,
              updated_at = now()
         from jsonb_to_recordset(?::jsonb) as u(sid text, st int, descr text, at timestamptz, contrib numeric)
        where a.bank_session_id = u.sid
          and a.deleted_at is null
          and (a.last_change_at is null or u.at is null or a.last_change_at <= u.at)`,
      [
        json(
          rows.map((r) => ({
            sid: r.bank_session_id,
            st: r.status_id,
            descr: r.status_description ?? null,
            at: changedAtOf(r.change_date),
            contrib: r.contribution_amount ?? null,
          }))
        ),
      ]
    )
  }
  return inserted
}

/** Creates the application rows that do not exist yet (the bank sessionId is unique). Returns how many. */
export async function insertApplications(db: SqlExecutor, seeds: InstallmentApplicationSeed[]): Promise<number> {
  if (seeds.length === 0) return 0
  const rows = (await db.execute(
    `insert into tbc_installment_application
       (id, bank_session_id, payment_session_id, payment_collection_id, cart_id, status_id, amount, raw_amount)
     select u.id, u.sid, u.psid, u.pcid, u.cart, u.st, u.amount,
            jsonb_build_object('value', u.amount::text, 'precision', 20)
       from jsonb_to_recordset(?::jsonb)
         as u(id text, sid text, psid text, pcid text, cart text, st int, amount numeric)
     on conflict (bank_session_id) do nothing
     returning id`,
    [
      json(
        seeds.map((s) => ({
          id: generateEntityId(undefined, "tbcapp"),
          sid: s.bank_session_id,
          psid: s.payment_session_id,
          pcid: s.payment_collection_id ?? null,
          cart: s.cart_id ?? null,
          st: s.status_id ?? 0,
          amount: String(s.amount),
        }))
      ),
    ]
  )) as unknown[]
  return rows.length
}

/** Sets order ids learnt while applying (the order placed by the sync or by the shopper). */
export async function setApplicationOrders(
  db: SqlExecutor,
  orders: { bank_session_id: string; order_id: string }[]
): Promise<void> {
  if (orders.length === 0) return
  await db.execute(
    `update tbc_installment_application a set order_id = u.oid, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as u(sid text, oid text)
      where a.bank_session_id = u.sid and a.order_id is distinct from u.oid`,
    [json(orders.map((o) => ({ sid: o.bank_session_id, oid: o.order_id })))]
  )
}
