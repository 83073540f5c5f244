/**
 * The money ledger on PostgreSQL for the provider benches: a scratch database cloned from the
 * tests' migrated template (or migrated with `medusa db:migrate` when there is none yet), and the
 * knex connection a provider's cradle holds in a Medusa app (`__pg_connection__`), so a provider
 * built here writes and reads its ledger entries exactly as in the app.
 */
import { ModulesSdkUtils } from "@medusajs/framework/utils"
import { cloneMigratedTemplate } from "../../integration-tests/utils/migrated-template"
import { testDbName } from "../../integration-tests/utils/db-name"
import { appEnv, createDatabase, databaseUrl, dropDatabase, migrate } from "./scratch-db"

export interface LedgerDatabase {
  /** the app's kind of connection: knex, `raw(sql, bindings)` */
  pg: ReturnType<typeof ModulesSdkUtils.createPgConnection>
  /**
   * Gives the ledger's tables the planner statistics a store's PostgreSQL keeps: autovacuum
   * analyzes a table after 50 + 10 % of its rows changed (default `autovacuum = on`, naptime
   * 1 min), and every ANALYZE makes the server re-plan the prepared statements that read it. A
   * bench's scratch database lives less than a minute, and the bench machine runs with
   * `autovacuum = off`: without this, each pooled connection keeps the generic plan it made on
   * the near-empty table, a full scan of a partial index (IDX_tbc_payment_payment_session_id)
   * filtered by id, which grew to 1–1.6 ms per statement at 3,000 entries (docs/money-ledger.md
   * "Statistics").
   */
  analyze(): Promise<void>
  close(): Promise<void>
}

export async function ledgerDatabase(sandboxUrl: string): Promise<LedgerDatabase> {
  const name = testDbName("tbc-bench-ledger")
  if (!(await cloneMigratedTemplate(name))) {
    await createDatabase(name)
    await migrate(appEnv(name, sandboxUrl))
  }
  const pg = ModulesSdkUtils.createPgConnection({ clientUrl: databaseUrl(name), schema: "public" })
  return {
    pg,
    analyze: async () => {
      await pg.raw("analyze tbc_payment, tbc_ledger_event")
    },
    close: async () => {
      await pg.destroy()
      await dropDatabase(name)
    },
  }
}
