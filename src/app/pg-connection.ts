/**
 * The one thing plugin code uses of Medusa's PostgreSQL connection (`PG_CONNECTION`, a knex
 * instance): a raw query with bindings, answered with its rows.
 *
 * Why it stays: the two providers write and read our tables (tbc_payment,
 * tbc_installment_application) through it, because a provider lives in the payment module's
 * container, which cannot resolve our `tbc` module or Query (module isolation), and those writes
 * must happen inside initiatePayment / deletePayment (see the headers of
 * src/providers/tbc-checkout/payment-records.ts and
 * src/providers/tbc-installments/application-records.ts).
 * App-side code reads Medusa's tables through Query (`query.graph`, with the module links in
 * src/links) and ours through the module service; it uses raw SQL only where the reason is
 * written next to the query (one statement that must span Medusa's tables and ours, an upsert
 * with ON CONFLICT, a keyset page).
 */
export interface PgConnection {
  raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

/**
 * The app's connection as a module's container holds it (`__pg_connection__`, registered by
 * Medusa for every module), or undefined outside a Medusa app (provider unit tests). The awilix
 * cradle throws on an unregistered name, hence the catch.
 */
export function pgConnectionIn(container: Record<string, unknown>): PgConnection | undefined {
  try {
    const pg = container.__pg_connection__ as PgConnection | undefined
    return pg && typeof pg.raw === "function" ? pg : undefined
  } catch {
    return undefined
  }
}
