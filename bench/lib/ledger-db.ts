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
    close: async () => {
      await pg.destroy()
      await dropDatabase(name)
    },
  }
}
