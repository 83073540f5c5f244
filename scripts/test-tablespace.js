/**
 * `npm test`'s PostgreSQL tablespace in RAM, when this machine allows one: prints its name
 * (scripts/test.sh exports it as TBC_TEST_TABLESPACE), or nothing, and the tests then run on the
 * server's default tablespace exactly as before, only slower.
 *
 * Why: the app tests copy a migrated database (CREATE DATABASE … TEMPLATE …) once per file and
 * Medusa's runner copies it again before every test: about 170 copies of ~1,500 files per run.
 * On a filesystem whose inode allocator skips recently deleted inodes (ext4 without a journal,
 * as on the CI machine), each copy took 1.5–2.6 s of kernel time; in a tablespace on tmpfs it
 * takes about 0.1 s. The migrated template is created in this tablespace
 * (integration-tests/utils/migrated-template.ts) and every copy inherits it.
 *
 * Only where it is safe and possible: run as root (to give the directory to the server's OS
 * user), the server on this machine (DB_HOST loopback), /dev/shm present, a `postgres` OS user,
 * a superuser connection. After a reboot tmpfs is empty: the databases left in the old
 * tablespace are dropped with it and it is made anew. Test databases only: nothing else uses it.
 * Do not delete the directory while PostgreSQL runs: buffers it still holds for those databases
 * can then not be written, and its checkpoints fail until the files are back (a reboot is safe:
 * the server's shutdown checkpoint writes them first).
 */
const fs = require("fs")
const { execFileSync } = require("child_process")

const NAME = "tbc_test_ram"
const DIR = "/dev/shm/tbc-test-pg"
const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1"])
const quote = (name) => `"${name.replace(/"/g, '""')}"`

function why(reason) {
  process.stderr.write(`test tablespace: not used (${reason}); databases stay on the default tablespace\n`)
  process.exit(0)
}

async function main() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) why("not root")
  if (!LOOPBACK.has(process.env.DB_HOST || "localhost")) why("the server is not on this machine")
  if (!fs.existsSync("/dev/shm")) why("no /dev/shm")
  let uid
  let gid
  try {
    uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim())
    gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim())
  } catch {
    why("no postgres OS user")
  }
  const { Client } = require("@medusajs/framework/pg")
  const client = new Client({
    host: process.env.DB_HOST || "localhost",
    port: Number(process.env.DB_PORT || 5432),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || undefined,
    database: "postgres",
  })
  await client.connect()
  try {
    const { rows } = await client.query("SELECT oid FROM pg_tablespace WHERE spcname = $1", [NAME])
    let exists = rows.length > 0
    if (exists && !fs.existsSync(DIR)) {
      // tmpfs was emptied (reboot): its databases have no files left; drop them and the tablespace
      const { rows: lost } = await client.query("SELECT datname FROM pg_database WHERE dattablespace = $1", [
        rows[0].oid,
      ])
      for (const { datname } of lost) {
        await client.query(`ALTER DATABASE ${quote(datname)} IS_TEMPLATE false`).catch(() => undefined)
        await client.query(`DROP DATABASE IF EXISTS ${quote(datname)}`)
      }
      await client.query(`DROP TABLESPACE ${NAME}`)
      exists = false
    }
    if (!exists) {
      fs.mkdirSync(DIR, { recursive: true, mode: 0o700 })
      fs.chownSync(DIR, uid, gid)
      await client.query(`CREATE TABLESPACE ${NAME} LOCATION '${DIR}'`)
    }
  } finally {
    await client.end()
  }
  process.stdout.write(NAME)
}

main().catch((error) => why(`setup failed: ${error.message}`))
