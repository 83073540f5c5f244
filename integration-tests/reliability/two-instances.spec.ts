/**
 * Two Medusa servers on one PostgreSQL and one Redis (REDIS_URL → event-bus-redis,
 * workflow-engine-redis, locking-redis, cache-redis in medusa-config.ts): the test runner's
 * in-process app (A) and `npx medusa start` of this repo as a child process (B). Every paid
 * checkout's bank callback is delivered to both, twice each, at once (a load balancer and a bank
 * retrying); the installment status-changes sync runs on both at the same time, with lost
 * acknowledgements. Every callback must be applied exactly once (one order, one payment, one
 * capture per cart) and every status change recorded exactly once. Then the admin's settings: one
 * saved through B's Admin API is what A's next checkout sends to the bank, and one saved through
 * A is what B's sends, with no restart, within the settings cache's lifetime (SETTINGS_TTL_MS).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { setEnvForSuite } from "../utils/app-env"
import { getFreePort } from "../utils/free-port"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { callbackBody, pathOfCallbackUrl } from "../utils/checkout-callbacks"
import { waitFor } from "../utils/wait-for"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { judgeCheckouts, summarize, type BankPaymentView } from "./support/consistency"
import { claimRedisDb, needsRedis } from "./support/redis-db"
import { sendRaw } from "./support/http-probe"
import { startSecondInstance, type SecondInstance } from "./support/second-instance"
import { settingSeenOnOther } from "./support/settings-across-instances"
import { SETTINGS_TTL_MS } from "../../src/modules/tbc/settings/settings-store"

jest.setTimeout(900_000)

/** paid carts whose callbacks go to both instances at once: 6 in `npm test`, 12 in CI's own step of the soaks (.ci/run) */
const CARTS = Number(process.env.RELIABILITY_TWO_INSTANCE_CARTS ?? 6)
const STATUS_CHANGES = 120
const DB_NAME = testDbName("tbc-rel-two-instances")

// without Redis (none running, none installed) these are listed as not run: support/redis-db.ts
needsRedis(() => {
  const redis: { flush?: () => Promise<void>; url?: string } = {}
  let restoreEnv = (): void => undefined
  beforeAll(async () => {
    const claimed = await claimRedisDb()
    redis.flush = claimed.flush
    redis.url = claimed.url
    restoreEnv = setEnvForSuite({ REDIS_URL: claimed.url, TBC_INSTALLMENT_PAGE_SIZE: "50" })
  })
  afterAll(async () => {
    restoreEnv()
    await redis.flush?.()
  })

  const app = startSandboxForApp()
  const bank = new SandboxBankControl(() => app.sandboxUrl)

  medusaIntegrationTestRunner({
    inApp: true,
    dbName: DB_NAME,
    testSuite: ({ api, getContainer }) => {
      let second: SecondInstance | undefined
      afterAll(async () => {
        await second?.stop()
      })

      it(`callbacks to both instances and the installment sync on both at once are applied exactly once`, async () => {
        const container = getContainer()
        const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
        const bootStarted = Date.now()
        const port = await getFreePort()
        second = await startSecondInstance(port, {
          DATABASE_URL: `postgres://${process.env.DB_USERNAME ?? "postgres"}:${process.env.DB_PASSWORD ?? ""}@${process.env.DB_HOST || "localhost"}:${process.env.DB_PORT || "5432"}/${DB_NAME}`,
          REDIS_URL: redis.url!,
          TBC_ENVIRONMENT: app.sandboxUrl,
          MEDUSA_BACKEND_URL: `http://127.0.0.1:${port}`,
          TBC_INSTALLMENT_PAGE_SIZE: "50",
        })
        const bootMs = Date.now() - bootStarted
        const instances = [app.appUrl, second.url]

        // 1. paid checkouts whose shoppers never return; the bank's own callbacks are lost
        const shop = new StoreCheckout(api, store)
        await bank.dropCallbacks()
        const paid: { cartId: string; payId: string; path: string }[] = []
        for (let i = 0; i < CARTS; i++) {
          const { cartId } = await shop.createCartReadyForPayment([1 + (i % 2), i % 3 === 0 ? 1 : 0], `two${i}@rel.ge`)
          const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
          await bank.pay(payId, "success")
          paid.push({ cartId, payId, path: pathOfCallbackUrl((await bank.payment(payId)).callbackUrl) })
        }

        // 2. installment status changes waiting in the feed (applications the store does not know)
        await fetch(`${app.sandboxUrl}/_sandbox/installments/bulk`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ count: STATUS_CHANGES, statusId: 5 }),
        })
        await bank.setFaults({ loseSyncAck: { count: 2 } })
        // an admin of B (its own login: the instances share the database, not their JWT setup)
        const admin = await createAdminOn(container, second.url)

        // 3. all at once: every callback twice to each instance, a sync on A and a sync on B
        const started = Date.now()
        const [callbackStatuses, syncA, syncB] = await Promise.all([
          Promise.all(
            paid.flatMap(({ payId, path }) =>
              [...instances, ...instances].map((base) =>
                sendRaw(base, { path, body: callbackBody(payId) }).then((a) => a.status)
              )
            )
          ),
          syncInstallmentStatusesWorkflow(container)
            .run({ input: {} })
            .then(
              ({ result }) => result.providers[0],
              (error: Error) => ({ error: error.message })
            ),
          fetch(`${second.url}/admin/tbc/installments/sync`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${admin}` },
            body: "{}",
          }).then(async (answer) => ({ status: answer.status, ...(await answer.json()) })),
        ])
        expect(callbackStatuses.every((status) => status === 200)).toBe(true)

        // 4. wait until every cart is an order (webhooks run ~5 s after their 200, on either instance)
        const cartIds = paid.map((p) => p.cartId)
        const bankPayments = async () => (await bank.state()).payments as BankPaymentView[]
        await waitFor(
          async () =>
            summarize(await judgeCheckouts(container, cartIds, await bankPayments())).placed_and_paid === CARTS,
          { timeoutMs: 180_000, intervalMs: 2_000, description: "every cart placed" }
        ).catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 8_000)) // late duplicates finish (or misbehave)
        // a sync that waited for the lock, or found nothing, is fine; drain what a lost ack left
        await syncInstallmentStatusesWorkflow(container).run({ input: {} })
        const elapsedMs = Date.now() - started

        const judgements = await judgeCheckouts(container, cartIds, await bankPayments())
        const totals = summarize(judgements)
        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data: orders } = await query.graph({ entity: "order", fields: ["id", "email"] })
        const payments = await container
          .resolve(Modules.PAYMENT)
          .listPayments({}, { relations: ["captures"], take: 10_000 })
        const captures = payments.reduce((n, p) => n + (p.captures?.length ?? 0), 0)
        const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
        const [, changes] = await tbc.listAndCountInstallmentStatusChanges({}, { take: 1 })
        const accepted = (await tbc.listCallbackLogs({ result: "accepted" }, { take: 100_000 })).length
        const feedLeft = (await bank.state()).feed.length
        // A runs the workflow in-process (its summary), B answers its admin route ({ providers: [...] })
        const appliedA = "applied" in syncA ? String(syncA.applied) : `error ${JSON.stringify(syncA).slice(0, 200)}`
        const appliedB = String(
          (syncB as { providers?: { applied?: number }[] }).providers?.[0]?.applied ?? `answer ${syncB.status}`
        )
        const appliedByInstance = [appliedA, appliedB]

        console.log(
          `reliability: two instances (B booted in ${Math.round(bootMs / 1000)} s): ${callbackStatuses.length} callbacks for ${CARTS} paid carts ` +
            `(2 to each instance) → ${orders.length} orders, ${payments.length} payments, ${captures} captures, ${totals.placed_and_paid} carts ` +
            `placed and paid, ${totals.lost} lost, ${totals.double} double (${accepted} callbacks judged accepted); ` +
            `${STATUS_CHANGES} installment status changes synced on A and B at once with 2 lost acks → ${changes} recorded ` +
            `(applied by A/B: ${appliedByInstance.join("/")}), ${feedLeft} left at the bank; ${Math.round(elapsedMs / 1000)} s`
        )
        expect(judgements.filter((j) => j.verdict !== "placed_and_paid")).toEqual([])
        expect(orders).toHaveLength(CARTS)
        expect(payments).toHaveLength(CARTS)
        expect(captures).toBe(CARTS)
        expect(changes).toBe(STATUS_CHANGES)
        expect(feedLeft).toBe(0)
        // both instances really worked: B answered its sync (applied it, or refused it at once with
        // 409 because A held the sync lock: overlapping syncs are refused, never run side by side),
        // and B judged callbacks too
        expect([200, 409]).toContain(syncB.status)
        if (syncB.status === 409) expect(JSON.stringify(syncB)).toMatch(/Another installment sync is running/)
        expect(second.output.join("")).toMatch(/callback .* accepted/)

        // 5. the admin's settings: saved on one instance, sent by the other's next checkout (no restart)
        const a = { url: app.appUrl, token: await loginAdminOn(app.appUrl) }
        const b = { url: second.url, token: admin }
        const onA = await settingSeenOnOther(
          b,
          a,
          store,
          bank,
          { set: { preAuth: true, language: "EN" } },
          {
            preAuth: true,
            language: "EN",
          }
        )
        const onB = await settingSeenOnOther(a, b, store, bank, { reset: ["preAuth", "language"] }, { preAuth: false })
        console.log(
          `reliability: two instances, admin settings: saved on B → sent by A's checkout after ${onA.seenAfterMs} ms ` +
            `(${onA.checkouts} checkouts); reset on A → sent by B's after ${onB.seenAfterMs} ms (${onB.checkouts}); ` +
            `cache lifetime ${SETTINGS_TTL_MS} ms`
        )
        // the cache's lifetime plus one checkout's own time (a session at the bank, read back), which
        // takes seconds on a busy 2-core machine; a cache that is never refreshed fails it all the same
        expect(onA.seenAfterMs).toBeLessThanOrEqual(SETTINGS_TTL_MS + 5000)
        expect(onB.seenAfterMs).toBeLessThanOrEqual(SETTINGS_TTL_MS + 5000)
      })
    },
  })
})

const ADMIN_B = { email: "admin-b@rel.ge", password: "admin-b-password" }

/** Creates an admin user in the shared database (through A's modules) and logs in on instance `baseUrl`. */
async function createAdminOn(container: MedusaContainer, baseUrl: string): Promise<string> {
  const credentials = ADMIN_B
  const user = await container.resolve(Modules.USER).createUsers({ email: credentials.email })
  const auth = container.resolve(Modules.AUTH)
  const { authIdentity } = await auth.register("emailpass", { body: credentials })
  await auth.updateAuthIdentities({ id: authIdentity!.id, app_metadata: { user_id: user.id } })
  return loginAdminOn(baseUrl)
}

/** The admin of createAdminOn logged in on instance `baseUrl` (the instances share the user, not their tokens). */
async function loginAdminOn(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN_B),
  })
  if (!login.ok) throw new Error(`createAdminOn: login on ${baseUrl} answered ${login.status}`)
  return ((await login.json()) as { token: string }).token
}
