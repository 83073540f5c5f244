/**
 * The database side of the lost-callback job: which sessions a run reads, and whether a driven
 * session's money belongs to an order. Raw SQL on Medusa's payment tables and our tbc_payment.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { TbcProviderRegistration } from "../tbc-providers"
import type { PgConnection } from "../../modules/tbc/pg-connection"
import { RETIRED_SESSION_STATUSES } from "../../lib/job-rules"

const OPEN_STATUSES = ["pending", "requires_more", "pending_authorization"]

export interface SessionRow {
  id: string
  amount: number
  data?: Record<string, unknown> | null
  created_at: string | Date
}

/**
 * Open sessions of the provider inside the age window, oldest first, leaving out those whose
 * current bank payment is final at the bank (Failed, Expired, Returned, as last read into our
 * tbc_payment record): an abandoned checkout is read until the bank says it is over, then never
 * again. Raw SQL because the filter spans Medusa's payment_session and our table.
 */
const SESSIONS_SQL = `
  select s.id, s.amount::text as amount, s.data, s.created_at
  from payment_session s
  where s.provider_id = ? and s.status = any(string_to_array(?, ',')) and s.deleted_at is null
    and s.created_at <= ?::timestamptz and s.created_at >= ?::timestamptz
    and not exists (
      select 1 from tbc_payment r
      where r.pay_id = s.data->>'payId' and r.deleted_at is null and r.bank_status = any(string_to_array(?, ',')))
  order by s.created_at asc, s.id asc
  limit ?`

export async function sessionsToCheck(
  container: MedusaContainer,
  registration: TbcProviderRegistration,
  window: { newest: Date; oldest: Date; limit: number }
): Promise<SessionRow[]> {
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(SESSIONS_SQL, [
    registration.providerId,
    OPEN_STATUSES.join(","),
    window.newest.toISOString(),
    window.oldest.toISOString(),
    RETIRED_SESSION_STATUSES.join(","),
    window.limit,
  ])
  return rows.map((row: Record<string, unknown>) => ({
    id: String(row.id),
    amount: Number(row.amount),
    data: (row.data as Record<string, unknown> | null) ?? null,
    created_at: row.created_at as Date,
  }))
}

/**
 * Whether the session's money belongs to an order: one made from its cart (cart↔collection and
 * order↔cart links), an order its collection belongs to (e.g. an order edit's collection), or a
 * live Medusa payment made from the session.
 *
 * Raw SQL, not Query: the session is read even when Medusa has soft-deleted it meanwhile (the
 * shopper changed the cart while the job ran), while the links it follows must be live ones.
 * Query cannot mix the two: `withDeleted` brings back deleted link rows as well.
 */
export async function sessionHasOrder(container: MedusaContainer, sessionId: string): Promise<boolean> {
  const pg = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows } = await pg.raw(
    `select 1 from payment_session s
     where s.id = ? and (
       exists (select 1 from cart_payment_collection cpc
               join order_cart oc on oc.cart_id = cpc.cart_id and oc.deleted_at is null
               where cpc.payment_collection_id = s.payment_collection_id and cpc.deleted_at is null)
       or exists (select 1 from order_payment_collection opc
                  where opc.payment_collection_id = s.payment_collection_id and opc.deleted_at is null)
       or exists (select 1 from payment p
                  where p.payment_session_id = s.id and p.deleted_at is null and p.canceled_at is null))`,
    [sessionId]
  )
  return rows.length > 0
}
