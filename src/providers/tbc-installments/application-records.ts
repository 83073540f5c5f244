/**
 * What the installments provider writes to tbc_installment_application when Medusa drops one of
 * its sessions (deletePayment). The provider lives in the payment module's container and cannot
 * reach our module, so, like the checkout's payment record, it uses the app's PostgreSQL
 * connection (`__pg_connection__`) that Medusa hands every module.
 *
 * Why: deletePayment does not wait for the bank (Medusa holds the cart lock). The application's
 * cancel is done in the background; if that fails or the process dies first, the installment sync
 * cancels any approval that arrives for a session that no longer exists, and it finds the session
 * through this row. Writing it here makes sure the row exists even for a session the store route's
 * middleware did not record.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import { pgConnectionIn, type PgConnection } from "../../app/pg-connection"

export class ApplicationRecords {
  constructor(private readonly pg: PgConnection) {}

  /** The application's row (bank sessionId → Medusa session), written unless it exists already. */
  async ensureRecorded(bankSessionId: string): Promise<void> {
    await this.pg.raw(
      `insert into tbc_installment_application
         (id, bank_session_id, payment_session_id, payment_collection_id, cart_id, status_id, amount, raw_amount)
       select ?, ?, s.id, s.payment_collection_id,
         (select c.cart_id from cart_payment_collection c
           where c.payment_collection_id = s.payment_collection_id and c.deleted_at is null limit 1),
         0, s.amount, s.raw_amount
       from payment_session s
       where s.data->>'sessionId' = ? and s.provider_id like 'pp_tbc-installments_%' and s.deleted_at is null
       order by s.created_at desc limit 1
       on conflict (bank_session_id) do nothing`,
      [generateEntityId(undefined, "tbcapp"), bankSessionId, bankSessionId]
    )
  }

  /** Whether a live Medusa session still names the application (the deletion was rolled back). */
  async sessionAlive(bankSessionId: string): Promise<boolean> {
    const { rows } = await this.pg.raw(
      `select 1 from payment_session where data->>'sessionId' = ? and provider_id like 'pp_tbc-installments_%'
         and deleted_at is null limit 1`,
      [bankSessionId]
    )
    return rows.length > 0
  }
}

/** The records of a provider's cradle: undefined outside a Medusa app (no PG connection). */
export function applicationRecordsFrom(cradle: Record<string, unknown>): ApplicationRecords | undefined {
  const pg = pgConnectionIn(cradle)
  return pg ? new ApplicationRecords(pg) : undefined
}
