/**
 * The install test: what a store owner does with the README, end to end, on a fresh store.
 * `medusa plugin:build` + `npm pack`; a new store (Medusa's packages at the newest 2.x, the
 * README's medusa-config.ts block unchanged); `npm install <tarball>` with no flag; migrations on a
 * scratch database; `medusa build` + `medusa start`; both providers listed; the admin build holds
 * the TBC settings route; a card checkout through the Store API against the sandbox places an order.
 *
 * Run by `.ci/run` as its own step (`TEST_TYPE=install`), not by `npm test`; npm's cache is reused.
 * Alone: `TEST_TYPE=install NODE_OPTIONS=--experimental-vm-modules npx jest --runInBand --forceExit`.
 */
import axios, { type AxiosInstance } from "axios"
import { execFileSync, spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { testDbName } from "../utils/db-name"
import { getFreePort } from "../utils/free-port"
import { waitFor } from "../utils/wait-for"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID, type SeededStore } from "../utils/seed-store"
import { SANDBOX_DEFAULTS } from "../../src/sandbox"
import {
  filesContaining,
  LOG_DIR,
  logTail,
  readmeStoreConfig,
  REPO_ROOT,
  run,
  start,
  stop,
  STORE_TSCONFIG,
  storeEnv,
  storePackageJson,
} from "./fresh-store"

jest.setTimeout(20 * 60_000)

const ADMIN = { email: "admin@tbc-install.test", password: "supersecret" }
const DB_NAME = testDbName("tbc-install-test")
const started = Date.now()
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-install-"))
const storeDir = path.join(work, "store")
const serverDir = path.join(storeDir, ".medusa", "server")
const medusaBin = path.join(storeDir, "node_modules", ".bin", "medusa")
const psql = (sql: string, db = "postgres"): string =>
  execFileSync("psql", ["-h", "localhost", "-U", "postgres", "-d", db, "-tAc", sql], { encoding: "utf8" })
const step = (name: string): void =>
  console.log(`install test: ${name} (${((Date.now() - started) / 1000).toFixed(0)} s)`)

let tarball = ""
let env: NodeJS.ProcessEnv = {}
let appUrl = ""
let sandboxUrl = ""
let sandbox: ChildProcess | undefined
let server: ChildProcess | undefined

beforeAll(async () => {
  const [appPort, sandboxPort] = [await getFreePort(), await getFreePort()]
  appUrl = `http://127.0.0.1:${appPort}`
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`
  env = storeEnv({
    PORT: String(appPort),
    DATABASE_URL: `postgres://postgres@localhost:5432/${DB_NAME}`,
    MEDUSA_BACKEND_URL: appUrl,
    STORE_CORS: "http://localhost:8000",
    ADMIN_CORS: appUrl,
    AUTH_CORS: `${appUrl},http://localhost:8000`,
    JWT_SECRET: "install-test-jwt",
    COOKIE_SECRET: "install-test-cookie",
    TBC_ENVIRONMENT: sandboxUrl,
    // medusa start runs the built store as production, which accepts only TBC's hosts unless allowed
    TBC_ALLOW_CUSTOM_ENVIRONMENT: "true",
    TBC_API_KEY: SANDBOX_DEFAULTS.apiKey,
    TBC_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
    TBC_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret,
    TBC_RETURN_URL: "http://localhost:8000/checkout/tbc-return",
    TBC_CALLBACK_ALLOWLIST: "127.0.0.1,::1,::ffff:127.0.0.1",
    TBC_INSTALLMENT_API_KEY: SANDBOX_DEFAULTS.installmentApiKey,
    TBC_INSTALLMENT_API_SECRET: SANDBOX_DEFAULTS.installmentApiSecret,
    TBC_MERCHANT_KEY: SANDBOX_DEFAULTS.merchantKey,
    TBC_INSTALL_SEED_FILE: path.join(work, "seeded.json"),
  })
  fs.rmSync(LOG_DIR, { recursive: true, force: true })
  psql(`DROP DATABASE IF EXISTS "${DB_NAME}"`)
  psql(`CREATE DATABASE "${DB_NAME}"`)
})

afterAll(async () => {
  await stop(server)
  await stop(sandbox)
  try {
    psql(`DROP DATABASE IF EXISTS "${DB_NAME}"`)
  } catch {
    // the database may be in use by a process that did not stop; it is dropped on the next run
  }
  // the store's node_modules take minutes to delete on a busy disk: not on the test's clock
  spawn("rm", ["-rf", work], { detached: true, stdio: "ignore" }).unref()
  console.log(
    `install test: total ${((Date.now() - started) / 1000).toFixed(0)} s (logs in ${path.relative(REPO_ROOT, LOG_DIR)})`
  )
})

describe("installing the packed plugin into a fresh Medusa store", () => {
  it("builds and packs the plugin", async () => {
    await run("npx", ["medusa", "plugin:build"], { cwd: REPO_ROOT, env: storeEnv({}), log: "plugin-build.log" })
    const packed = JSON.parse(
      execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: REPO_ROOT, encoding: "utf8" })
    )
    tarball = path.join(work, packed[0].filename)
    const shipped: string[] = packed[0].files.map((file: { path: string }) => file.path)
    expect(shipped).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "CHANGELOG.md",
        "src/sandbox/README.md",
        "docs/architecture.md",
        ".medusa/server/src/lib/index.d.ts",
      ])
    )
    step(`packed ${packed[0].filename} (${packed[0].files.length} files)`)
  })

  it("installs into a store of the newest Medusa 2.x with no flag", async () => {
    const versions = JSON.parse(
      execFileSync("npm", ["view", "@medusajs/medusa@^2", "version", "--json"], { encoding: "utf8" })
    )
    const newest: string = Array.isArray(versions) ? versions[versions.length - 1] : versions
    const repoPackage = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"))
    fs.mkdirSync(path.join(storeDir, "src", "scripts"), { recursive: true })
    fs.writeFileSync(
      path.join(storeDir, "package.json"),
      JSON.stringify(storePackageJson(newest, repoPackage.devDependencies), null, 2)
    )
    fs.writeFileSync(path.join(storeDir, "tsconfig.json"), JSON.stringify(STORE_TSCONFIG, null, 2))
    fs.writeFileSync(path.join(storeDir, "medusa-config.ts"), readmeStoreConfig())
    step(`store of @medusajs/medusa ${newest}`)
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: storeDir,
      env,
      log: "npm-install-store.log",
    })
    step("store installed")
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], {
      cwd: storeDir,
      env,
      log: "npm-install-plugin.log",
    })
    step("plugin installed")
    const storePackage = JSON.parse(fs.readFileSync(path.join(storeDir, "package.json"), "utf8"))
    expect(storePackage.dependencies["medusa-payment-tbc"]).toMatch(/^file:/)
    expect(fs.existsSync(path.join(storeDir, "node_modules", "medusa-payment-tbc", "docs", "installments.md"))).toBe(
      true
    )
  })

  it("gives TypeScript stores the types of its code exports", async () => {
    const probe = path.join(storeDir, "types-probe.ts") // resolves the package as the store's code does
    fs.writeFileSync(
      probe,
      [
        'import { majorToMinorExact } from "medusa-payment-tbc/lib"',
        'import { syncInstallmentStatusesWorkflow } from "medusa-payment-tbc/workflows"',
        'import { startSandbox } from "medusa-payment-tbc/sandbox"',
        'const minor: number | null = majorToMinorExact("12.34")',
        "export const used = [minor, syncInstallmentStatusesWorkflow, startSandbox]",
        "",
      ].join("\n")
    )
    // strict: an import without declarations is an error (TS7016), not an implicit any
    const args = [
      "--noEmit",
      "--strict",
      "--skipLibCheck",
      "--module",
      "node16",
      "--moduleResolution",
      "node16",
      "--target",
      "es2021",
      probe,
    ]
    await run(path.join(storeDir, "node_modules", ".bin", "tsc"), args, { cwd: storeDir, env, log: "types-probe.log" })
    fs.rmSync(probe)
  })

  it("migrates a scratch database: the tbc_* tables exist", async () => {
    await run(medusaBin, ["db:migrate"], { cwd: storeDir, env, log: "db-migrate.log" })
    const tables = psql("SELECT tablename FROM pg_tables WHERE tablename LIKE 'tbc\\_%' ORDER BY 1", DB_NAME)
      .trim()
      .split("\n")
    expect(tables.length).toBeGreaterThanOrEqual(4)
    expect(tables).toEqual(expect.arrayContaining(["tbc_saved_card"]))
    step(`migrated: ${tables.join(", ")}`)
  })

  it("starts the sandbox bank from the installed package, naming a guide that exists", async () => {
    const port = new URL(sandboxUrl).port
    const bin = path.join(storeDir, "node_modules", ".bin", "medusa-payment-tbc")
    const bank = start(bin, ["sandbox", "--port", port], { cwd: storeDir, env, log: "sandbox.log" })
    sandbox = bank.child
    const banner = await waitFor(() => /see (\S+README\.md)\)/.exec(logTail(bank.logFile)), {
      timeoutMs: 30_000,
      description: "sandbox banner",
    })
    expect(fs.existsSync(path.resolve(storeDir, banner[1]))).toBe(true)
  })

  it("seeds the store (region GEL with the TBC providers, a product, a publishable key)", async () => {
    fs.copyFileSync(
      path.join(REPO_ROOT, "integration-tests", "utils", "seed-store.ts"),
      path.join(storeDir, "src", "scripts", "seed-store.ts")
    )
    fs.writeFileSync(
      path.join(storeDir, "src", "scripts", "seed-install-test.ts"),
      [
        'import fs from "fs"',
        'import type { ExecArgs } from "@medusajs/framework/types"',
        'import { seedStore } from "./seed-store"',
        "export default async function seed({ container }: ExecArgs) {",
        "  fs.writeFileSync(process.env.TBC_INSTALL_SEED_FILE as string, JSON.stringify(await seedStore(container)))",
        "}",
        "",
      ].join("\n")
    )
    await run(medusaBin, ["exec", "./src/scripts/seed-install-test.ts"], { cwd: storeDir, env, log: "seed.log" })
    await run(medusaBin, ["user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: storeDir, env, log: "user.log" })
    const seeded: SeededStore = JSON.parse(fs.readFileSync(env.TBC_INSTALL_SEED_FILE!, "utf8"))
    expect(seeded.paymentProviderIds.sort()).toEqual([TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID])
  })

  it("builds the store; the built admin contains the TBC settings route", async () => {
    await run(medusaBin, ["build"], { cwd: storeDir, env, log: "medusa-build.log" })
    step("medusa build done")
    const withRoute = filesContaining(path.join(serverDir, "public", "admin"), "/settings/tbc")
    expect(withRoute.length).toBeGreaterThan(0)
  })

  it("boots the built store (medusa start) and lists both providers", async () => {
    // the build's own package.json needs the store's packages: share them instead of a 2nd install
    fs.symlinkSync(path.join(storeDir, "node_modules"), path.join(serverDir, "node_modules"))
    const app = start(medusaBin, ["start"], { cwd: serverDir, env, log: "medusa-start.log" })
    server = app.child
    const health = async (): Promise<"up" | "exited" | undefined> => {
      if (app.child.exitCode !== null) return "exited"
      return (await fetch(`${appUrl}/health`)).ok ? "up" : undefined
    }
    const state = await waitFor(health, { timeoutMs: 180_000, intervalMs: 1000, description: "the store's /health" })
    if (state === "exited") throw new Error(`medusa start exited:\n${logTail(app.logFile)}`)
    step("store is up")
    const auth = await axios.post(`${appUrl}/auth/user/emailpass`, ADMIN)
    const { data } = await axios.get(`${appUrl}/admin/payments/payment-providers`, {
      headers: { authorization: `Bearer ${auth.data.token}` },
    })
    const ids = data.payment_providers.map((provider: { id: string }) => provider.id)
    expect(ids).toEqual(expect.arrayContaining([TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID]))
    const admin = await fetch(`${appUrl}/app`)
    expect(admin.status).toBe(200)
  })

  it("places an order with a card checkout through the Store API against the sandbox", async () => {
    const seeded: SeededStore = JSON.parse(fs.readFileSync(env.TBC_INSTALL_SEED_FILE!, "utf8"))
    const api: AxiosInstance = axios.create({ baseURL: appUrl })
    const shop = new StoreCheckout(api, seeded)
    const bank = new SandboxBankControl(() => sandboxUrl)
    const { cartId, total } = await shop.createCartReadyForPayment([1])
    const { session } = await shop.startPaymentSession(cartId)
    expect(session.data.redirect_url).toMatch(/^http/)
    await bank.pay(payIdOf(session), "success")
    const completion = await shop.completeCart(cartId)
    expect(completion).toMatchObject({ httpStatus: 200, type: "order" })
    expect(Number(completion.order!.total)).toBe(total)
    step(`order ${completion.order!.id} placed`)
  })
})
