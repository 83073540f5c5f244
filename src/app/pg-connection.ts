/**
 * The one thing plugin code uses of Medusa's PostgreSQL connection (`PG_CONNECTION`, a knex
 * instance): a raw query with bindings, answered with its rows.
 *
 * Why it stays: the two providers write and read our tables (tbc_payment,
 * tbc_installment_application) through it, because a provider lives in the payment module's
 * container, which cannot resolve our `tbc` module or Query (module isolation), and those writes
 * must happen inside initiatePayment / deletePayment (see the headers of
 * src/modules/tbc/ledger/ledger-store.ts and src/providers/tbc-installments/application-records.ts).
 * The jobs and the callback middleware read the ledger through it too (one indexed statement per
 * question: src/modules/tbc/ledger/job-reads.ts).
 * App-side code reads Medusa's tables through Query (`query.graph`, with the module links in
 * src/links) and ours through the module service; it uses raw SQL only where the reason is
 * written next to the query (one statement that must span Medusa's tables and ours, an upsert
 * with ON CONFLICT, a keyset page).
 */
export interface PgConnection {
  raw(sql: string, bindings: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}
