/**
 * With DATABASE_URL given, the demo still works on a fresh server: it creates the database when
 * it is missing (Medusa's own `db:create` only reads DATABASE_URL from a .env file).
 */
const { Client } = require("pg")

/** Creates the database named in `databaseUrl` if it does not exist yet; resolves true if it did so. */
async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""))
  if (!name) throw new Error("DATABASE_URL names no database (expected postgres://user@host:port/<database>)")
  const maintenance = new URL(databaseUrl)
  maintenance.pathname = "/postgres"
  const client = new Client({ connectionString: maintenance.toString() })
  await client.connect().catch((error) => {
    throw new Error(`cannot connect to the PostgreSQL server of DATABASE_URL: ${error.message}`)
  })
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
    if (rowCount > 0) return false
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`)
    return true
  } finally {
    await client.end().catch(() => undefined)
  }
}

module.exports = { ensureDatabase }
