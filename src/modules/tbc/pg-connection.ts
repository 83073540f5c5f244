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
