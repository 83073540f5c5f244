/**
 * The ledger reads of the scheduled jobs and the callback middleware: which entries a run works
 * on, page by page, and which payment a session's callback may name. SQL on tbc_payment only
 * (never Medusa's tables): the jobs then read Medusa through Query, for the few entries they act on.
 *
 * Each read is one indexed statement over our own table, so a run costs the same whether Medusa
 * holds a hundred sessions or a million.
 */
import { COMPLETION_FAILURES_LISTED } from "../../../lib/ledger/guards"
import { toEntry, type LedgerEntry, type PgConnection } from "./ledger-store"

/** Charges a checkout provider makes (installment applications have their own sync). */
const CHECKOUT_CHARGES = "kind in ('web', 'execution')"

/**
 * Charges of a provider the lost-callback job drives (nextJobStep ≠ none), oldest first, money
 * states first, so a charge that holds money is never left behind unpaid ones by the batch limit,
 * and among them those whose order has not failed again and again (listed for the admin) before
 * those that have, so stuck carts never take a newer one's place in the batch or the run's budget:
 * - money held or taken (held, paid) that no order owns yet and the orphan policy has not settled,
 *   of any age once `newest` has passed: money is never forgotten;
 * - an outcome still open at the bank (sending, uncertain, created, processing) created between
 *   `oldest` and `newest`: the bank's hosted page lives at most a day, so an unpaid one is read
 *   until then and not for ever.
 * Only entries with a payId (without one there is nothing to ask the bank: the admin's attention
 * list shows them) and whose Medusa session is not known to be gone (the orphan sweep's).
 */
export async function lostCallbackCandidates(
  pg: PgConnection,
  providerId: string,
  window: { newest: Date; oldest: Date; limit: number }
): Promise<LedgerEntry[]> {
  const { rows } = await pg.raw(
    `select * from tbc_payment
     where deleted_at is null and provider_id = ? and ${CHECKOUT_CHARGES}
       and pay_id is not null and session_gone_at is null and order_id is null
       and created_at <= ?::timestamptz
       and ((state in ('held', 'paid') and (orphan_action is null or orphan_action = 'failed'))
         or (state in ('sending', 'uncertain', 'created', 'processing') and created_at >= ?::timestamptz))
     order by (state in ('held', 'paid')) desc, (completion_failures >= ?) asc, created_at asc, id asc
     limit ?`,
    [providerId, window.newest.toISOString(), window.oldest.toISOString(), COMPLETION_FAILURES_LISTED, window.limit]
  )
  return rows.map(toEntry)
}

/** Where a page of heldPreauths ends: the database's own text of the time (microseconds kept). */
export interface PageCursor {
  created_at: string
  id: string
}

export const FIRST_PAGE: PageCursor = { created_at: "-infinity", id: "" }

/**
 * One page of the provider's held charges (preauthorizations) that a Medusa payment was made from
 * (authorized_at set), keyed on (created_at, id), oldest first. A charge the bank no longer holds
 * has moved out of `held` when it was read, so it is not read again.
 */
export async function heldPreauthPage(
  pg: PgConnection,
  providerId: string,
  after: PageCursor,
  limit: number
): Promise<{ entries: LedgerEntry[]; next: PageCursor | undefined }> {
  const { rows } = await pg.raw(
    `select *, created_at::text as cursor_at from tbc_payment
     where deleted_at is null and provider_id = ? and ${CHECKOUT_CHARGES}
       and state = 'held' and authorized_at is not null
       and (created_at, id) > (?::timestamptz, ?)
     order by created_at, id
     limit ?`,
    [providerId, after.created_at, after.id, limit]
  )
  const last = rows[rows.length - 1]
  // a JS Date would cut the microseconds and read the last row again
  const next = rows.length < limit ? undefined : { created_at: String(last.cursor_at), id: String(last.id) }
  return { entries: rows.map(toEntry), next }
}

/**
 * The payment a Medusa session's callback may name: the payId of its newest charge that has one
 * (a session moves to a new payment only while the old one is unpaid). Undefined when the ledger
 * names none for it. One read of one column through the payment_session_id index.
 */
export async function currentPayIdOfSession(pg: PgConnection, sessionId: string): Promise<string | undefined> {
  const { rows } = await pg.raw(
    `select pay_id from tbc_payment
     where payment_session_id = ? and deleted_at is null and pay_id is not null
       and kind in ('web', 'execution', 'installment')
     order by created_at desc limit 1`,
    [sessionId]
  )
  const payId = rows[0]?.pay_id
  return typeof payId === "string" ? payId : undefined
}
