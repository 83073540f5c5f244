/**
 * What a store owner does with the README, on one fresh store, step by step: install the store,
 * add the plugin's tarball (npm or pnpm, no flag, no peer complaint about the plugin), the types
 * of every entry of its exports and each entry loaded by node, migrations on a scratch database,
 * the sandbox from the installed package, seed,
 * `medusa build` (the admin holds the TBC settings route), `medusa start` (both providers listed),
 * a card checkout through the Store API against the sandbox that places an order (the README's
 * registration holds the money), and a capture of less than the hold through the plugin's capture route.
 * Each step throws (an `expect`, or a command's exit) when it fails; lanes.ts runs them.
 */
import axios from "axios"
import http from "node:http"
import { execFileSync, type ChildProcess } from "child_process"
import fs from "fs"
import path from "path"
import { testDbName } from "../utils/db-name"
import { getFreePort } from "../utils/free-port"
import { waitFor } from "../utils/wait-for"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { toTetri } from "../utils/checkout-orders"
import { TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID, type SeededStore } from "../utils/seed-store"
import { CHECKOUT_CHOICES } from "../../src/lib/checkout-choices"
import { SANDBOX_DEFAULTS } from "../../packages/sandbox/src"
import { createStore, filesContaining, logTail, REPO_ROOT, run, start, stop } from "./fresh-store"
import { storeEnv, storePackageJson } from "./fresh-store"
import { ENTRY_POINTS, ENTRY_PROBE, expectedEntries, TYPES_PROBES } from "./package-checks"
import { COMMANDS, peerComplaints, quietEnv, storeDependencies, type StoreCase, type Tarballs } from "./store-cases"

/**
 * The install test's requests open a new connection each: Node's global agent keeps sockets alive,
 * and one the store's server closes after its idle timeout, while the test reuses it under load,
 * fails as "socket hang up" before the request reaches the store (seen on a loaded machine).
 */
const noKeepAlive = new http.Agent({ keepAlive: false })
const client = axios.create({ httpAgent: noKeepAlive })

const ADMIN = { email: "admin@tbc-install.test", password: "supersecret" }

const psql = (sql: string, db = "postgres"): string =>
  execFileSync("psql", ["-h", "localhost", "-U", "postgres", "-d", db, "-tAc", sql], { encoding: "utf8" })

const repoDevDependencies = (): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")).devDependencies

/** The store's environment: the README's variables, pointed at this store's database and sandbox. */
function storeVariables(dbName: string, appUrl: string, sandboxUrl: string, seedFile: string): Record<string, string> {
  return {
    ...quietEnv,
    PORT: new URL(appUrl).port,
    DATABASE_URL: `postgres://postgres@localhost:5432/${dbName}`,
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
    TBC_INSTALL_SEED_FILE: seedFile,
  }
}

/** The steps in order: a test title each (install.spec.ts), and the StoreRun method that does it. */
export const STEPS = [
  ["installs the store (its package manager's install, before the plugin)", "install"],
  ["adds the plugin's tarball with no flag, and no peer complaint about the plugin", "add"],
  ["gives TypeScript stores the types of every entry, from CommonJS and from ES modules", "types"],
  ["resolves, requires and imports every entry of its exports, each with its export", "entries"],
  ["migrates a scratch database: every migration of the plugin ran, its tables exist", "migrate"],
  ["starts the sandbox bank from the installed package, naming a guide that exists", "sandbox"],
  ["seeds the store (region GEL with the TBC providers, a product, a publishable key) and an admin", "seed"],
  ["builds the store; the built admin contains the TBC settings route", "build"],
  ["boots the built store (medusa start) and lists both providers", "boot"],
  ["places an order with a card checkout through the Store API against the sandbox", "order"],
  [
    "captures less than the hold through the plugin's capture route: one smaller completion, the payment for it",
    "capture",
  ],
] as const

export type StepName = (typeof STEPS)[number][1]

/** One store of the run, its processes and its database. */
export class StoreRun {
  private readonly dir: string
  private readonly serverDir: string
  private readonly medusaBin: string
  private readonly seedFile: string
  private readonly dbName: string
  private env: NodeJS.ProcessEnv = {}
  private appUrl = ""
  private sandboxUrl = ""
  private sandboxProcess?: ChildProcess
  private serverProcess?: ChildProcess
  /** what the order step placed, for the capture step */
  private placed?: { orderId: string; payId: string; totalTetri: number }

  constructor(
    readonly store: StoreCase,
    work: string,
    private readonly templateDir: string,
    private readonly tarball: Promise<Tarballs>
  ) {
    this.dir = path.join(work, store.label)
    this.serverDir = path.join(this.dir, ".medusa", "server")
    this.medusaBin = path.join(this.dir, "node_modules", ".bin", "medusa")
    this.seedFile = path.join(this.dir, "seeded.json")
    this.dbName = testDbName(`tbc-install-${store.label}`)
  }

  private log(name: string): string {
    return `${this.store.label}/${name}.log`
  }

  private options() {
    return { cwd: this.dir, env: this.env }
  }

  async install(): Promise<void> {
    this.appUrl = `http://127.0.0.1:${await getFreePort()}`
    this.sandboxUrl = `http://127.0.0.1:${await getFreePort()}`
    this.env = storeEnv(storeVariables(this.dbName, this.appUrl, this.sandboxUrl, this.seedFile))
    const { pm, medusa } = this.store
    createStore(this.templateDir, this.dir, storePackageJson(storeDependencies(medusa, repoDevDependencies())))
    await run(pm, COMMANDS[pm].install, { ...this.options(), log: this.log("install-store") })
    const framework = path.join(this.dir, "node_modules", "@medusajs", "framework", "package.json")
    expect(JSON.parse(fs.readFileSync(framework, "utf8")).version).toBe(medusa)
  }

  async add(): Promise<void> {
    const { pm } = this.store
    const tarballs = await this.tarball
    const added = await run(pm, COMMANDS[pm].add(tarballs.plugin), { ...this.options(), log: this.log("add-plugin") })
    expect(peerComplaints(pm, fs.readFileSync(added, "utf8"))).toEqual([])
    // the sandbox bank is a dev tool: a dev dependency (its peer, the plugin, is the one just added)
    const addedSandbox = await run(pm, COMMANDS[pm].addDev(tarballs.sandbox), {
      ...this.options(),
      log: this.log("add-sandbox"),
    })
    expect(peerComplaints(pm, fs.readFileSync(addedSandbox, "utf8"))).toEqual([])
    const storePackage = JSON.parse(fs.readFileSync(path.join(this.dir, "package.json"), "utf8"))
    expect(storePackage.dependencies["medusa-payment-tbc"]).toMatch(/^file:/)
    expect(storePackage.devDependencies["medusa-payment-tbc-sandbox"]).toMatch(/^file:/)
    expect(storePackage.dependencies["medusa-payment-tbc-sandbox"]).toBeUndefined()
    const guide = path.join(this.dir, "node_modules", "medusa-payment-tbc", "docs", "installments.md")
    expect(fs.existsSync(guide)).toBe(true)
  }

  async types(): Promise<void> {
    for (const [name, code] of Object.entries(TYPES_PROBES)) fs.writeFileSync(path.join(this.dir, name), code)
    // strict: an import without declarations is an error (TS7016), not an implicit any; the store's
    // tsconfig is not read when files are named, so its module settings are given here
    const options = ["--noEmit", "--strict", "--skipLibCheck", "--esModuleInterop", "--target", "es2021"]
    const node16 = ["--module", "node16", "--moduleResolution", "node16"]
    const tsc = path.join(this.dir, "node_modules", ".bin", "tsc")
    await run(tsc, [...options, ...node16, ...Object.keys(TYPES_PROBES)], {
      ...this.options(),
      log: this.log("types-probe"),
    })
    for (const name of Object.keys(TYPES_PROBES)) fs.rmSync(path.join(this.dir, name))
  }

  /** Each entry of `exports`, resolved, required and imported by the store's node, as Medusa and the docs do. */
  async entries(): Promise<void> {
    const probe = path.join(this.dir, "entry-probe.mjs")
    fs.writeFileSync(probe, ENTRY_PROBE)
    const logFile = await run(process.execPath, [probe, JSON.stringify(ENTRY_POINTS)], {
      ...this.options(),
      log: this.log("entry-probe"),
    })
    fs.rmSync(probe)
    const seen = JSON.parse(fs.readFileSync(logFile, "utf8").trim().split("\n").pop()!)
    expect(seen).toEqual(expectedEntries())
  }

  async migrate(): Promise<void> {
    psql(`DROP DATABASE IF EXISTS "${this.dbName}"`)
    psql(`CREATE DATABASE "${this.dbName}"`)
    await run(this.medusaBin, ["db:migrate"], { ...this.options(), log: this.log("db-migrate") })
    // `medusa db:migrate` can exit 0 with a failed module migration (2.8 did): read what ran
    const plugin = path.join(this.dir, "node_modules", "medusa-payment-tbc", ".medusa", "server")
    const shipped = fs
      .readdirSync(path.join(plugin, "src", "modules", "tbc", "migrations"))
      .filter((file) => /^Migration\d+\.js$/.test(file))
      .map((file) => file.replace(/\.js$/, ""))
    const ran = psql("SELECT name FROM mikro_orm_migrations", this.dbName).trim().split("\n")
    expect(shipped.length).toBeGreaterThan(0)
    expect(ran).toEqual(expect.arrayContaining(shipped))
    const tables = psql("SELECT tablename FROM pg_tables WHERE tablename LIKE 'tbc\\_%'", this.dbName).split("\n")
    expect(tables).toEqual(expect.arrayContaining(["tbc_payment", "tbc_saved_card", "tbc_installment_application"]))
  }

  async sandbox(): Promise<void> {
    const bin = path.join(this.dir, "node_modules", ".bin", "medusa-payment-tbc")
    const port = new URL(this.sandboxUrl).port
    const bank = start(bin, ["sandbox", "--port", port], { ...this.options(), log: this.log("sandbox") })
    this.sandboxProcess = bank.child
    const banner = await waitFor(() => /see (\S+README\.md)\)/.exec(logTail(bank.logFile)), {
      timeoutMs: 30_000,
      description: "sandbox banner",
    })
    expect(fs.existsSync(path.resolve(this.dir, banner[1]))).toBe(true)
  }

  async seed(): Promise<void> {
    await run(this.medusaBin, ["exec", "./src/scripts/seed-install-test.ts"], {
      ...this.options(),
      log: this.log("seed"),
    })
    const user = ["user", "-e", ADMIN.email, "-p", ADMIN.password]
    await run(this.medusaBin, user, { ...this.options(), log: this.log("user") })
    const seeded: SeededStore = JSON.parse(fs.readFileSync(this.seedFile, "utf8"))
    // the README's checkout registration gives the all-methods provider and one per method
    const perMethod = CHECKOUT_CHOICES.map((choice) => `pp_${choice.identifier}_tbc`)
    expect(seeded.paymentProviderIds.sort()).toEqual(
      [TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID, ...perMethod].sort()
    )
  }

  async build(): Promise<void> {
    await run(this.medusaBin, ["build"], { ...this.options(), log: this.log("medusa-build") })
    expect(filesContaining(path.join(this.serverDir, "public", "admin"), "/settings/tbc").length).toBeGreaterThan(0)
  }

  async boot(): Promise<void> {
    // the build's own package.json needs the store's packages: share them instead of a 2nd install
    fs.symlinkSync(path.join(this.dir, "node_modules"), path.join(this.serverDir, "node_modules"))
    const app = start(this.medusaBin, ["start"], { cwd: this.serverDir, env: this.env, log: this.log("medusa-start") })
    this.serverProcess = app.child
    const health = async (): Promise<"up" | "exited" | undefined> => {
      if (app.child.exitCode !== null) return "exited"
      return (await fetch(`${this.appUrl}/health`)).ok ? "up" : undefined
    }
    const state = await waitFor(health, { timeoutMs: 180_000, intervalMs: 500, description: "the store's /health" })
    if (state === "exited") throw new Error(`medusa start exited:\n${logTail(app.logFile)}`)
    const auth = await client.post(`${this.appUrl}/auth/user/emailpass`, ADMIN)
    const { data } = await client.get(`${this.appUrl}/admin/payments/payment-providers`, {
      headers: { authorization: `Bearer ${auth.data.token}` },
    })
    const ids = data.payment_providers.map((provider: { id: string }) => provider.id)
    expect(ids).toEqual(expect.arrayContaining([TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID]))
    expect((await fetch(`${this.appUrl}/app`)).status).toBe(200)
  }

  async order(): Promise<void> {
    const seeded: SeededStore = JSON.parse(fs.readFileSync(this.seedFile, "utf8"))
    const shop = new StoreCheckout(axios.create({ baseURL: this.appUrl, httpAgent: noKeepAlive }), seeded)
    const bank = new SandboxBankControl(() => this.sandboxUrl)
    const { cartId, total } = await shop.createCartReadyForPayment([1])
    const { session } = await shop.startPaymentSession(cartId)
    expect(session.data.redirect_url).toMatch(/^http/)
    const payId = payIdOf(session)
    await bank.pay(payId, "success")
    // as the storefront kit does (packages/storefront/src/complete.ts): 409 = the cart is busy (Medusa 2.11
    // answered so now and then on a loaded machine: "already being completed"), ask again
    const completion = await waitFor(
      async () => {
        const attempt = await shop.completeCart(cartId)
        return attempt.httpStatus === 409 ? undefined : attempt
      },
      { timeoutMs: 30_000, intervalMs: 1000, description: "a cart completion that is not 409" }
    )
    // Medusa's error, if any, is part of what a failure shows
    expect(completion).toMatchObject({ httpStatus: 200, type: "order" })
    expect(Number(completion.order!.total)).toBe(total)
    this.placed = { orderId: completion.order!.id, payId, totalTetri: toTetri(total) }
  }

  /**
   * Partial capture on this Medusa version: the admin's capture of one lari less than the hold
   * goes through the plugin's route (its workflow records the amount and runs Medusa's capture
   * workflow, which calls the provider); the bank completes that amount and returns the rest, and
   * Medusa's payment is for what was taken.
   */
  async capture(): Promise<void> {
    if (!this.placed) throw new Error("no order to capture: the order step did not place one")
    const { orderId, payId, totalTetri } = this.placed
    const auth = await client.post(`${this.appUrl}/auth/user/emailpass`, ADMIN)
    const admin = { headers: { authorization: `Bearer ${auth.data.token}` } }
    const bank = new SandboxBankControl(() => this.sandboxUrl)
    expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
    const { data } = await client.get(`${this.appUrl}/admin/orders/${orderId}`, {
      ...admin,
      params: { fields: "id,payment_collections.payments.id" },
    })
    const paymentId: string = data.order.payment_collections[0].payments[0].id
    const takenTetri = totalTetri - 100
    const captured = await client.post(
      `${this.appUrl}/admin/tbc/payments/${paymentId}/capture`,
      { amount: takenTetri / 100 },
      admin
    )
    expect(captured.status).toBe(200)
    const atBank = await bank.payment(payId)
    expect([atBank.status, toTetri(atBank.confirmedAmount), toTetri(atBank.returnedAmount)]).toEqual([
      "Succeeded",
      takenTetri,
      100,
    ])
    const { data: after } = await client.get(`${this.appUrl}/admin/payments/${paymentId}`, {
      ...admin,
      params: { fields: "id,amount,captured_at,captures.amount" },
    })
    expect(toTetri(after.payment.amount)).toBe(takenTetri)
    expect(after.payment.captured_at).not.toBeNull()
    expect(after.payment.captures.map((capture: { amount: unknown }) => toTetri(capture.amount))).toEqual([takenTetri])
  }

  async step(name: StepName): Promise<void> {
    return this[name]()
  }

  /** Stops the store's processes and drops its database (after its last step, or its first failure). */
  async close(): Promise<void> {
    await stop(this.serverProcess)
    await stop(this.sandboxProcess)
    try {
      psql(`DROP DATABASE IF EXISTS "${this.dbName}"`)
    } catch {
      // the database may be in use by a process that did not stop; it is dropped on the next run
    }
  }
}
