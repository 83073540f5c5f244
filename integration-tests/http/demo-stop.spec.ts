/**
 * `npm run demo` stops everything it started when the npm process itself gets SIGTERM or SIGINT
 * (what `kill <pid>`, a process manager or an IDE's stop button send): embedded PostgreSQL, the
 * migration/seed steps, the sandbox bank, Medusa and the storefront. Runs the real demo on free
 * loopback ports in a temporary data dir; no Medusa test runner.
 *
 *  - SIGTERM while the migrations run (the demo waits on a child then: it used to block in
 *    spawnSync and not see signals at all);
 *  - SIGINT once the whole demo is up (checking first what it shows: preauth, the payment hint's
 *    methods, the same store name in the admin, on the storefront and on the bank's page, and the
 *    merchant's scenes: an order held at the bank, a card saved with consent and an order owing).
 */
import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { getFreePort } from "../utils/free-port"
import { ProcessTreeWatch } from "../utils/process-tree"
import { waitFor } from "../utils/wait-for"

jest.setTimeout(300_000)

const ROOT = path.resolve(__dirname, "../..")

interface RunningDemo {
  npm: ChildProcess
  tree: ProcessTreeWatch
  output: () => string
  ports: { medusa: number; sandbox: number; storefront: number }
  stopWatching: () => void
}

async function startDemo(demoDir: string): Promise<RunningDemo> {
  const ports = {
    medusa: await getFreePort(),
    sandbox: await getFreePort(),
    storefront: await getFreePort(),
    pg: await getFreePort(),
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TBC_DEMO_DIR: demoDir,
    PORT: String(ports.medusa),
    TBC_SANDBOX_PORT: String(ports.sandbox),
    DEMO_STOREFRONT_PORT: String(ports.storefront),
    DEMO_PG_PORT: String(ports.pg),
    MEDUSA_ADMIN_DISABLED: "true", // the admin bundle build is not what this test is about
  }
  for (const name of [
    "DATABASE_URL",
    "NODE_ENV",
    "TEST_TYPE",
    "JEST_WORKER_ID",
    "MEDUSA_BACKEND_URL",
    "TBC_ENVIRONMENT",
  ])
    delete env[name]
  const npm = spawn("npm", ["run", "demo"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  npm.stdout!.on("data", (chunk) => (output += chunk))
  npm.stderr!.on("data", (chunk) => (output += chunk))
  const tree = new ProcessTreeWatch(npm.pid!)
  const timer = setInterval(() => tree.snapshot(), 100)
  return { npm, tree, output: () => output, ports, stopWatching: () => clearInterval(timer) }
}

/** Sends `signal` to the npm process only, then waits until no process it ever had survives. */
async function stopAndCheck(demo: RunningDemo, signal: NodeJS.Signals): Promise<void> {
  demo.tree.snapshot()
  expect(demo.npm.kill(signal)).toBe(true)
  try {
    await waitFor(() => demo.tree.survivors().length === 0, {
      timeoutMs: 60_000,
      intervalMs: 250,
      description: `every process of the demo gone after ${signal} to npm`,
    })
  } catch (error) {
    const left = demo.tree.survivors().map((entry) => `${entry.pid} ${entry.command}`)
    // Leave nothing behind for the next test, whatever happened.
    for (const entry of demo.tree.survivors()) {
      try {
        process.kill(entry.pid, "SIGKILL")
      } catch {
        // already gone
      }
    }
    throw new Error(
      `${(error as Error).message}\nstill running:\n${left.join("\n")}\n--- demo output ---\n${demo.output().slice(-3000)}`
    )
  } finally {
    demo.stopWatching()
  }
}

/** The merchant name on the sandbox bank's hosted page of a new payment (default credentials). */
async function sandboxShopName(port: number): Promise<string | undefined> {
  const bank = `http://127.0.0.1:${port}`
  const form = { "content-type": "application/x-www-form-urlencoded", apikey: "sandbox-apikey" }
  const body = "client_id=sandbox-client&client_secret=sandbox-client-secret"
  const token = (await (
    await fetch(`${bank}/v1/tpay/access-token`, { method: "POST", headers: form, body })
  ).json()) as {
    access_token: string
  }
  const created = (await (
    await fetch(`${bank}/v1/tpay/payments`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        apikey: "sandbox-apikey",
        authorization: `Bearer ${token.access_token}`,
      },
      body: JSON.stringify({ amount: { currency: "GEL", total: 1 }, returnurl: "http://127.0.0.1/" }),
    })
  ).json()) as { links: { uri: string }[] }
  const page = await (await fetch(created.links[1].uri)).text()
  return /id="shop-name"[^>]*>([^<]*)</.exec(page)?.[1]
}

/** The demo admin's bearer token (the login the demo's banner prints). */
async function demoAdminToken(backend: string): Promise<string> {
  const login = await fetch(`${backend}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@tbc-demo.ge", password: "supersecret" }),
  })
  return ((await login.json()) as { token: string }).token
}

/** What the running demo shows: preauth on, the hint's methods, and one store name in admin, shop and bank page. */
async function expectDemoSettings(demo: RunningDemo): Promise<void> {
  const script = await (await fetch(`http://127.0.0.1:${demo.ports.storefront}/config.js`)).text()
  const config = JSON.parse(script.replace(/^window\.TBC_DEMO_CONFIG = /, "").replace(/;\s*$/, ""))
  expect(config).toMatchObject({ preAuth: true, checkoutMethods: [5], storeName: "Tbilisi Kitchen" })
  const backend = `http://127.0.0.1:${demo.ports.medusa}`
  const token = await demoAdminToken(backend)
  const stores = (await (
    await fetch(`${backend}/admin/stores`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    stores: { name: string }[]
  }
  expect(stores.stores.map((store) => store.name)).toEqual([config.storeName])
  expect(await sandboxShopName(demo.ports.sandbox)).toBe(config.storeName)
}

/**
 * The merchant's scenes the demo sets up (scripts/demo/scenes.js), as the admin's order widget reads
 * them: an order whose payment the bank still holds, and the customer's card saved with her consent
 * to charges by the store, with the phone order owing its total so "Charge the saved card" is offered.
 */
async function expectDemoScenes(demo: RunningDemo): Promise<void> {
  const backend = `http://127.0.0.1:${demo.ports.medusa}`
  const token = await demoAdminToken(backend)
  const get = async (path: string) =>
    (await fetch(`${backend}${path}`, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<any>
  const { orders } = await get("/admin/orders?fields=id,display_id,metadata&limit=200")
  const tagged = (tag: string) => orders.filter((order: any) => order.metadata?.[tag] === true)

  const held = tagged("tbc_demo_held_order")
  expect(held).toHaveLength(1)
  const { payment } = await get(`/admin/tbc/orders/${held[0].id}/payment`)
  // held as the widget's isHeld reads it (src/admin/lib/order-payment-state.ts), so it offers the capture from the order
  expect(payment).toMatchObject({
    captured_at: null,
    canceled_at: null,
    checkout: { pre_auth: true, status: "WaitingConfirm" },
  })
  const { order: heldOrder } = await get(`/admin/orders/${held[0].id}?fields=id,*items`)
  expect(heldOrder.items.map((item: any) => item.quantity).sort()).toEqual([1, 2])
  expect(demo.output()).toContain(`Held order      #${held[0].display_id}'s payment is held at the bank`)

  const phone = tagged("tbc_demo_phone_order")
  expect(phone).toHaveLength(1)
  const balance = await get(`/admin/tbc/orders/${phone[0].id}/saved-card-charge`)
  expect(Number(balance.outstanding_amount)).toBeGreaterThan(0)
  expect(balance.cards).toEqual([
    expect.objectContaining({ merchant_charges_consent_at: expect.any(String), usable: true }),
  ])
  expect(demo.output()).toContain(`press "Charge the saved card"`)
}

describe("npm run demo: stopping", () => {
  const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-demo-stop-"))
  afterAll(() => fs.rmSync(demoDir, { recursive: true, force: true }))

  it("SIGTERM to npm during the migrations stops PostgreSQL and the migration", async () => {
    const demo = await startDemo(demoDir)
    await waitFor(() => /\[demo\] migrations:/.test(demo.output()), {
      timeoutMs: 120_000,
      intervalMs: 200,
      description: "the migrations started",
    })
    await waitFor(() => demo.tree.commands().some((command) => /medusa db:migrate/.test(command)), {
      timeoutMs: 30_000,
      description: "the migration process seen",
    })
    expect(demo.tree.commands().some((command) => /postgres/.test(command))).toBe(true)
    await stopAndCheck(demo, "SIGTERM")
    expect(demo.output()).toMatch(/\[demo\] stopped/)
  })

  it("SIGINT to npm once everything runs stops the sandbox, Medusa and the storefront too", async () => {
    // (MEDUSA_ADMIN_DISABLED only skips the admin UI bundle; the admin API answers)
    const demo = await startDemo(demoDir)
    await waitFor(() => /TBC demo is running/.test(demo.output()), {
      timeoutMs: 240_000,
      intervalMs: 500,
      description: "the demo up",
    })
    try {
      const commands = demo.tree.commands().join("\n")
      expect(commands).toMatch(/medusa-payment-tbc-sandbox\.js/) // the sandbox package's own bin (packages/sandbox)
      expect(commands).toMatch(/medusa start/)
      expect(commands).toMatch(/postgres/)
      const storefront = await fetch(`http://127.0.0.1:${demo.ports.storefront}/`)
      expect(storefront.status).toBe(200)
      await expectDemoSettings(demo)
      await expectDemoScenes(demo)
    } catch (error) {
      // a failed check still stops the demo, leaving nothing running for the next test
      await stopAndCheck(demo, "SIGINT").catch(() => undefined)
      throw error
    }
    await stopAndCheck(demo, "SIGINT")
    await expect(fetch(`http://127.0.0.1:${demo.ports.storefront}/`)).rejects.toThrow()
  })
})
