/**
 * The scheduled jobs under load and during an outage, against the real app, PostgreSQL and the
 * sandbox bank (callbacks dropped). The figures docs/reliability.md reports are printed:
 * - one access token for the provider, order-widget views and a job run together (one shared bank
 *   client per registration);
 * - bank reads per abandoned checkout over 12 runs of the lost-callback job, and tokens per run;
 * - a bank outage stops a run after 5 failures in a row (circuit breaker), oldest sessions first;
 * - two runs of the job at once never overlap (the job's lock): the bank is read once per session;
 * - "Sync now" answers 409 at once, with our message, while another sync holds the lock.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { paidCheckoutsForSuite } from "./admin-paid-order"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"
import reconcilePendingPaymentsJob, { JOB_NAME } from "../../src/jobs/reconcile-pending-payments"
import { jobLockKey } from "../../src/use-cases/reconcile/locks"
import { syncLockKey } from "../../src/use-cases/installments/sync-runner"
import { DEFAULT_BREAKER_FAILURES } from "../../src/lib/job-rules"

jest.setTimeout(240_000)

const MINUTE = 60 * 1000
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()
const READS = "GET /v1/tpay/payments/{payId}"
const TOKENS = "POST /v1/tpay/access-token"

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-reconcile-load"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())
    // the store and the eight carts of one item the most cart-hungry test opens, for the suite
    const checkouts = paidCheckoutsForSuite(api, getContainer, bank, { carts: Array(8).fill([1]) })

    /** `count` checkouts opened at the bank and left (one cart and TBC session each), oldest first. */
    async function abandonedCheckouts(count: number): Promise<string[]> {
      const shop = checkouts.shop()
      const ids: string[] = []
      for (let i = 0; i < count; i++) {
        const { cartId } = await shop.createCartReadyForPayment([1])
        const { session } = await shop.startPaymentSession(cartId)
        ids.push(session.id)
      }
      return ids
    }
    afterEach(() => bank.setFaults({ failNext: { count: 0, status: 503 } }).catch(() => undefined))

    it("the provider, order-widget views and a reconcile run share one client: one token in all", async () => {
      const container = getContainer()
      const admin = await createAdminRequestConfig(container, api)
      const { orderId, shop } = await checkouts.paidOrder()
      const sessions: string[] = []
      for (let i = 0; i < 3; i++) {
        const { cartId } = await shop.createCartReadyForPayment([1])
        sessions.push((await shop.startPaymentSession(cartId)).session.id)
      }
      // the bank forgets every token: whoever asks next fetches one, and everybody else must reuse it
      await bank.setFaults({ revokeTokens: true })
      const tokens0 = await bank.calls(TOKENS)
      for (let i = 0; i < 3; i++) {
        const { data } = await api.get(`/admin/tbc/orders/${orderId}/payment`, admin)
        expect(data.payment.bank_error).toBeNull()
        expect(data.payment.checkout.status).toBe("WaitingConfirm")
      }
      const { result } = await reconcilePendingPaymentsWorkflow(container).run({
        input: { now: inFuture(20 * MINUTE) },
      })
      expect(result.filter((r) => sessions.includes(r.session_id)).map((r) => r.outcome)).toEqual(
        Array(3).fill("still_open")
      )
      const { session } = await shop.startPaymentSession((await shop.createCartReadyForPayment([1])).cartId)
      expect(session.data.payId).toEqual(expect.any(String)) // the provider: same client, same token
      const tokens = (await bank.calls(TOKENS)) - tokens0
      console.log(
        `[figures] 3 order-widget views + a reconcile run of 3 sessions + 1 checkout: ${tokens} token request(s)`
      )
      expect(tokens).toBe(1)
    })

    it("an abandoned checkout is read until the bank says it is over, then never again; the shared token serves every run", async () => {
      const container = getContainer()
      const sessions = await abandonedCheckouts(5)
      const reads0 = await bank.calls(READS)
      const tokens0 = await bank.calls(TOKENS)
      const run = async (minutes: number) =>
        (
          await reconcilePendingPaymentsWorkflow(container).run({ input: { now: inFuture(minutes * MINUTE) } })
        ).result.filter((r) => sessions.includes(r.session_id))

      // a run whose time budget is spent leaves everything for the next run
      const { result: noTime } = await reconcilePendingPaymentsWorkflow(container).run({
        input: { now: inFuture(20 * MINUTE), budgetMs: 0 },
      })
      expect(noTime).toEqual([])
      expect(await bank.calls(READS)).toBe(reads0)

      const first = await run(20)
      expect(first.map((r) => r.outcome)).toEqual(Array(5).fill("still_open"))
      expect((await bank.calls(READS)) - reads0).toBe(5)
      // the run reuses the token the provider fetched for the checkouts (one shared client per registration)
      expect((await bank.calls(TOKENS)) - tokens0).toBe(0)

      await bank.advanceClockDays(2) // the bank's hosted page lapses: Expired
      const second = await run(25)
      expect(second.map((r) => r.bank_status)).toEqual(Array(5).fill("Expired"))
      for (let i = 0; i < 10; i++) expect(await run(30 + 5 * i)).toEqual([])

      const reads = (await bank.calls(READS)) - reads0
      const tokens = (await bank.calls(TOKENS)) - tokens0
      // One shared client: the provider's token serves the runs until the bank's clock jumps 2 days
      // past its lifetime; the first read after the jump is refused (401) and resent once after ONE
      // refresh (not a token per run or per session). A real bank's clock runs with ours: the
      // client renews the token before it expires, and nothing is resent.
      const resent = 1
      expect(reads).toBe(10 + resent) // 2 per session over 12 runs, plus the one resent read
      expect(tokens).toBe(1)
      console.log(
        `[figures] 5 abandoned sessions, 12 runs: ${(reads - resent) / 5} bank reads per session (+${resent} resent after the clock jump), ${tokens} token requests in all`
      )
    })

    it("a bank outage stops the run after 5 failures in a row, oldest first; the next run reads them all", async () => {
      const container = getContainer()
      const sessions = await abandonedCheckouts(8)
      await bank.setFaults({ failNext: { count: 1000, status: 503, path: `GET ${"/v1/tpay/payments/{payId}"}` } })
      const reads0 = await bank.calls(READS)

      const { result } = await reconcilePendingPaymentsWorkflow(container).run({
        input: { now: inFuture(20 * MINUTE) },
      })
      const mine = result.filter((r) => sessions.includes(r.session_id))
      expect(mine.map((r) => r.outcome)).toEqual(Array(DEFAULT_BREAKER_FAILURES).fill("error"))
      expect(mine.map((r) => r.session_id)).toEqual(sessions.slice(0, DEFAULT_BREAKER_FAILURES)) // oldest first
      const outageReads = (await bank.calls(READS)) - reads0
      console.log(
        `[figures] outage, 8 due sessions: the run stopped after ${mine.length} sessions and ${outageReads} bank reads (retries included)`
      )
      expect(outageReads).toBeLessThanOrEqual(DEFAULT_BREAKER_FAILURES * 2)

      await bank.setFaults({ failNext: { count: 0, status: 503 } })
      const { result: after } = await reconcilePendingPaymentsWorkflow(container).run({
        input: { now: inFuture(25 * MINUTE) },
      })
      expect(after.filter((r) => sessions.includes(r.session_id)).map((r) => r.outcome)).toEqual(
        Array(8).fill("still_open")
      )
    })

    it("two runs of the lost-callback job at once never overlap: each session is read once", async () => {
      const container = getContainer()
      await abandonedCheckouts(3)
      // the job uses the real clock: make the ledger's charges old enough
      const pg = container.resolve("__pg_connection__") as { raw(sql: string): Promise<unknown> }
      await pg.raw(`update tbc_payment set created_at = now() - interval '20 minutes'`)
      // the app's own scheduler may have claimed a tick of this job a moment ago: start clean
      await container.resolve(Modules.LOCKING).release(`${jobLockKey(JOB_NAME)}:tick`)
      const reads0 = await bank.calls(READS)
      await Promise.all([reconcilePendingPaymentsJob(container), reconcilePendingPaymentsJob(container)])
      expect((await bank.calls(READS)) - reads0).toBe(3)
    })

    it('"Sync now" answers 409 at once with our message while another sync holds the lock', async () => {
      const container = getContainer()
      const admin = await createAdminRequestConfig(container, api)
      const locking = container.resolve(Modules.LOCKING)
      const key = syncLockKey("pp_tbc-installments_tbc")
      await locking.acquire(key, { ownerId: "another-instance" })
      try {
        const started = Date.now()
        const answer = await api
          .post("/admin/tbc/installments/sync", {}, admin)
          .catch((e: { response: { status: number; data: { message: string } } }) => e.response)
        const waitedMs = Date.now() - started
        expect(answer.status).toBe(409)
        expect(answer.data.message).toBe("Another installment sync is running; try again when it has finished.")
        console.log(`[figures] "Sync now" while another sync runs: 409 after ${waitedMs} ms`)
      } finally {
        await locking.release(key, { ownerId: "another-instance" })
      }
    })
  },
})
