/**
 * A scratch PostgreSQL database for the app-level benches (local server, user postgres, trust
 * auth; override with BENCH_PG_HOST / BENCH_PG_PORT / BENCH_PG_USER), migrated with
 * `medusa db:migrate`, dropped again at the end.
 */
import { spawn } from "node:child_process"
import path from "node:path"
import { Client } from "pg"

export const ROOT = path.join(__dirname, "..", "..")
const HOST = process.env.BENCH_PG_HOST ?? "localhost"
const PORT = Number(process.env.BENCH_PG_PORT ?? 5432)
const USER = process.env.BENCH_PG_USER ?? "postgres"

export const databaseUrl = (name: string): string => `postgres://${USER}@${HOST}:${PORT}/${name}`

async function admin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ host: HOST, port: PORT, user: USER, database: "postgres" })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}

export async function createDatabase(name: string): Promise<void> {
  await dropDatabase(name)
  await admin((c) => c.query(`CREATE DATABASE "${name}"`))
}

/** Runs a command in the repo root; resolves with its stdout, rejects with its output on failure. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { echo?: boolean } = {}
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    let err = ""
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString()
      if (options.echo) process.stdout.write(d)
    })
    child.stderr.on("data", (d: Buffer) => (err += d.toString()))
    child.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${out.slice(-3000)}\n${err.slice(-3000)}`))
    )
  })
}

/** Env of the dev app (medusa-config.ts) pointed at a scratch database and a sandbox. */
export function appEnv(dbName: string, sandboxUrl: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl(dbName),
    TBC_ENVIRONMENT: sandboxUrl,
    MEDUSA_ADMIN_DISABLED: "true",
    TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS: "86400",
    LOG_LEVEL: "error",
    ...extra,
  }
}

export async function migrate(env: NodeJS.ProcessEnv): Promise<void> {
  await run("npx", ["medusa", "db:migrate"], env)
}
