/**
 * The one thing plugin code uses of Medusa's PostgreSQL connection (`PG_CONNECTION`, a knex
 * instance): a raw query with bindings, answered with its rows.
 *
 * Why it is here, beside our tables: the providers write and read the money ledger through it,
 * because a provider lives in the payment module's container, which cannot resolve our `tbc`
 * module or Query (module isolation), and those writes must happen before the bank is asked
 * (see the header of src/modules/tbc/ledger/ledger-store.ts). Raw SQL only ever runs on OUR
 * tables; Medusa's data is read through Query (`query.graph`, with the module links in src/links).
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
