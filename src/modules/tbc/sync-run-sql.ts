/**
 * The bookkeeping row of each installment sync page (tbc_installment_sync_run): written three
 * times per page, so in plain single statements instead of the generated create/update methods,
 * which open a transaction and build an entity for each call (most of a page's fixed cost in
 * bench/installment-sync.bench.ts). One statement is atomic on its own; nothing here needs more.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlExecutor } from "./installment-sync-sql"

/** The stored error is cut to this length: a page's error is a summary, not a log. */
export const SYNC_RUN_ERROR_MAX_LENGTH = 1000

const cut = (error: string | null): string | null => (error === null ? null : error.slice(0, SYNC_RUN_ERROR_MAX_LENGTH))

/** A new run for a page just read from the bank; returns its id. */
export async function insertSyncRun(
  db: SqlExecutor,
  synchronizationRequestId: string,
  changeCount: number
): Promise<string> {
  const id = generateEntityId(undefined, "tbcsync")
  await db.execute(
    `insert into tbc_installment_sync_run (id, synchronization_request_id, change_count, applied_count)
     values (?, ?, ?, 0)`,
    [id, synchronizationRequestId, changeCount],
    "run"
  )
  return id
}

/** The page is recorded in Medusa: how many changes were new, and a summary of what failed. */
export async function markSyncRunApplied(
  db: SqlExecutor,
  id: string,
  appliedCount: number,
  error: string | null
): Promise<void> {
  await db.execute(
    `update tbc_installment_sync_run set applied_count = ?, applied_at = now(), error = ?, updated_at = now() where id = ?`,
    [appliedCount, cut(error), id],
    "run"
  )
}

/** The bank took the acknowledgement of the page. */
export async function markSyncRunAcknowledged(db: SqlExecutor, id: string): Promise<void> {
  await db.execute(
    `update tbc_installment_sync_run set acknowledged_at = now(), updated_at = now() where id = ?`,
    [id],
    "run"
  )
}

/** The run stopped on this page. */
export async function markSyncRunFailed(db: SqlExecutor, id: string, error: string): Promise<void> {
  await db.execute(
    `update tbc_installment_sync_run set error = ?, updated_at = now() where id = ?`,
    [cut(error), id],
    "run"
  )
}

/**
 * The provider's last poll (tbc_installment_sync_poll): one upsert on its unique provider_id, so
 * the row is overwritten instead of one row per tick.
 */
export async function upsertSyncPoll(db: SqlExecutor, providerId: string, received: number): Promise<void> {
  await db.execute(
    `insert into tbc_installment_sync_poll (id, provider_id, polled_at, received)
     values (?, ?, now(), ?)
     on conflict (provider_id) where deleted_at is null
     do update set polled_at = excluded.polled_at, received = excluded.received, updated_at = now()`,
    [generateEntityId(undefined, "tbcpoll"), providerId, received],
    "run"
  )
}
