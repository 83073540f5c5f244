import fs from "fs"
import path from "path"
import { Client } from "@medusajs/framework/pg"
import { testDbName } from "./db-name"
import { filesUnder, hashOfFiles } from "./source-hash"

/**
 * One migrated database that every app test file is cloned from (PostgreSQL
 * `CREATE DATABASE … TEMPLATE …`, a file copy: about 0.1 s in the RAM tablespace `npm test` sets up,
 * 1.5–2.6 s on the CI machine's disk), instead of each file
 * running all of Medusa's ~150 migrations and the link sync on an empty database (~5 s each, more
 * on a busy machine). The runner still runs its migrations on the clone: they find nothing pending.
 *
 * The name carries a hash of everything that decides the schema (our migrations and links, the
 * dev app's config, the locked dependency versions), so a changed schema gets a new template and
 * a stale one is never used; older templates of the same checkout are dropped when a new one is
 * made. TBC_TEST_DB_SUFFIX keeps two checkouts on one PostgreSQL apart, as for the test databases.
 */
const ROOT = path.resolve(__dirname, "../..")
const TEMPLATE_PREFIX = "tbc-it-migrated-"

function schemaInputs(): string[] {
  const modules = path.join(ROOT, "src/modules")
  const migrationDirs = fs.existsSync(modules)
    ? fs.readdirSync(modules).map((name) => path.join(modules, name, "migrations"))
    : []
  return [
    ...migrationDirs.flatMap(filesUnder),
    ...filesUnder(path.join(ROOT, "src/links")),
    path.join(ROOT, "medusa-config.ts"),
    path.join(ROOT, "package-lock.json"),
  ]
    .filter((file) => fs.existsSync(file))
    .sort()
}

/** The template's database name for the current schema inputs (and REDIS_URL's module set). */
export function migratedTemplateName(): string {
  const hash = hashOfFiles(ROOT, schemaInputs())
  hash.update(process.env.REDIS_URL ? "redis" : "in-process")
  hash.update(`\0${TABLESPACE ?? ""}`)
  return testDbName(TEMPLATE_PREFIX + hash.digest("hex").slice(0, 12))
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`

/**
 * Where the template's files live: `npm test` puts them in a tablespace in RAM when the machine
 * allows (scripts/test-tablespace.js), and every copy inherits the template's tablespace.
 */
const TABLESPACE = process.env.TBC_TEST_TABLESPACE || undefined

async function withAdminClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({
    host: process.env.DB_HOST ?? "localhost",
    port: Number(process.env.DB_PORT ?? 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function dropDatabase(client: Client, name: string): Promise<void> {
  await client.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [name]
  )
  await client.query(`DROP DATABASE IF EXISTS ${quote(name)}`)
}

/**
 * Gives `dbName` a fresh copy of the migrated template. Returns false when there is no template
 * yet (`dbName` is then dropped, so the runner creates and migrates it anew, and
 * `saveMigratedTemplate` keeps the result for the next files).
 */
export async function cloneMigratedTemplate(dbName: string): Promise<boolean> {
  const template = migratedTemplateName()
  return withAdminClient(async (client) => {
    // never a database a killed run left behind (with its test data): the runner would reuse it
    await dropDatabase(client, dbName)
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [template])
    if (!rowCount) return false
    // a copy needs the template to itself: another run cloning it at this moment makes us wait
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quote(dbName)} WITH TEMPLATE ${quote(template)}`)
        return true
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test(String((error as Error).message))) throw error
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
      }
    }
  })
}

/**
 * Copies the database the runner has just migrated (before any test data exists) into the
 * template, and drops this checkout's older templates. The copy needs the source without other
 * sessions, so the app's idle pool connections are ended, as the runner itself does before each
 * test when it restores its per-file snapshot; the pool reconnects on the next query.
 */
export async function saveMigratedTemplate(dbName: string): Promise<void> {
  try {
    await saveTemplateFrom(dbName)
  } catch (error) {
    // only a cache: the next file migrates its own database again
    console.warn(`could not keep the migrated database as a template: ${(error as Error).message}`)
  }
}

async function saveTemplateFrom(dbName: string): Promise<void> {
  const template = migratedTemplateName()
  // per process: two jest workers that both migrated (no template yet) each copy into their own
  const building = `${template}-building-${process.pid}`
  await withAdminClient(async (client) => {
    await dropDatabase(client, building)
    await client.query(`ALTER DATABASE ${quote(dbName)} WITH ALLOW_CONNECTIONS false`)
    try {
      await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [dbName]
      )
      const where = TABLESPACE ? ` TABLESPACE ${quote(TABLESPACE)}` : ""
      await client.query(`CREATE DATABASE ${quote(building)} WITH TEMPLATE ${quote(dbName)}${where}`)
    } finally {
      await client.query(`ALTER DATABASE ${quote(dbName)} WITH ALLOW_CONNECTIONS true`)
    }
    // a complete copy only ever appears under the template's name; if another worker's copy got
    // there first, ours is dropped
    await client
      .query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(template)}`)
      .catch(() => dropDatabase(client, building))
    const suffix = testDbName("")
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${TEMPLATE_PREFIX}%`,
    ])
    for (const { datname } of rows) {
      // another checkout's (other TBC_TEST_DB_SUFFIX) templates are not ours to drop, nor copies
      // another worker is still making
      const sameCheckout = suffix ? datname.endsWith(suffix) : /^tbc-it-migrated-[0-9a-f]{12}$/.test(datname)
      if (sameCheckout && datname !== template && !datname.includes("-building")) await dropDatabase(client, datname)
    }
  })
}
