/**
 * The one thing app-side code uses of Medusa's PostgreSQL connection (`PG_CONNECTION`, a knex
 * instance): a raw query with bindings, answered with its rows. Used where one indexed read of
 * Medusa's own table is much cheaper than the module's ORM listing.
 */
export interface PgConnection {
  raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}
