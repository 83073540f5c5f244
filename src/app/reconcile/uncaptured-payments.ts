/**
 * The tbc-checkout payments Medusa has neither captured nor canceled, read page by page, oldest
 * first, so every one is reached however many there are (a fixed first 500 in no order let ~500
 * stale ones hide every newer preauthorization). Payments the bank no longer holds are retired
 * (tbc_retired_preauth) and left out of later reads.
 *
 * Raw SQL on Medusa's payment and payment_session tables, because the page must leave out our
 * retired rows in the same query (a NOT EXISTS on our table) and be keyed on (created_at, id):
 * Medusa's listPayments can do neither across modules.
 */
import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PgConnection } from "../../modules/tbc/pg-connection"

/** Payments read per query. */
export const UNCAPTURED_PAGE_SIZE = 200

export interface UncapturedPayment {
  id: string
  created_at: string | Date
  payment_collection_id?: string
  data?: Record<string, unknown> | null
  payment_session?: { authorized_at?: string | Date | null } | null
}

const PAGE_SQL = `
  select p.id, p.created_at, p.created_at::text as cursor_at, p.payment_collection_id, p.data, s.authorized_at as session_authorized_at
  from payment p
  left join payment_session s on s.id = p.payment_session_id
  where p.provider_id = ? and p.captured_at is null and p.canceled_at is null and p.deleted_at is null
    and not exists (select 1 from tbc_retired_preauth r where r.payment_id = p.id and r.deleted_at is null)
    and (p.created_at, p.id) > (?::timestamptz, ?)
  order by p.created_at, p.id
  limit ?`

/** Every uncaptured, uncanceled, not retired payment of the provider, oldest first. */
export async function* uncapturedPayments(
  container: MedusaContainer,
  providerId: string,
  pageSize = UNCAPTURED_PAGE_SIZE
): AsyncGenerator<UncapturedPayment> {
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  let after: { created_at: string; id: string } = { created_at: "-infinity", id: "" }
  for (;;) {
    const { rows } = await pg.raw(PAGE_SQL, [providerId, after.created_at, after.id, pageSize])
    for (const row of rows) {
      yield {
        id: String(row.id),
        created_at: row.created_at as Date,
        payment_collection_id: (row.payment_collection_id as string | null) ?? undefined,
        data: (row.data as Record<string, unknown> | null) ?? null,
        payment_session: { authorized_at: (row.session_authorized_at as Date | null) ?? null },
      }
    }
    if (rows.length < pageSize) return
    const last = rows[rows.length - 1]
    // the database's own text of the time (microseconds kept): a JS Date would cut them and re-read rows
    after = { created_at: String(last.cursor_at), id: String(last.id) }
  }
}

/** Remembers that the bank no longer holds this payment (idempotent). */
export async function retirePreauth(
  container: MedusaContainer,
  row: { payment_id: string; pay_id: string | null; bank_status: string }
): Promise<void> {
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(
    `insert into tbc_retired_preauth (id, payment_id, pay_id, bank_status) values (?, ?, ?, ?) on conflict (payment_id) do nothing`,
    [`tbcrp_${randomUUID().replace(/-/g, "")}`, row.payment_id, row.pay_id, row.bank_status]
  )
}
