/**
 * Failed installment status changes are retried, never lost and never applied twice (real app,
 * PostgreSQL, the sandbox bank): a change whose effect on Medusa fails stays unacknowledged at the
 * bank and is tried again by later sync runs; after the last retry it is recorded, acknowledged
 * and listed for the admin with its error. The failures are real: the sandbox answers the
 * provider's status read with a 500 (as a bank outage would), or the cart cannot be completed.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"
import { syncInstallmentStatusesWorkflow } from "../../src/workflows"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { seedStore, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import {
  INSTALLMENTS_GROUP_ENV,
  cartWithInstallmentSession,
  medusaStateOf,
  useInstallmentsSandbox,
  type InstallmentCart,
} from "./installments-support"

jest.setTimeout(240_000)

/** 2 retries = 3 tries in all; no backoff, so each sync run is the next try (INSTALLMENTS_GROUP_ENV) */
const bank = useInstallmentsSandbox(INSTALLMENTS_GROUP_ENV)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-installments-sync-retries"),
  testSuite: ({ api, getContainer }) => {
    let admin: Awaited<ReturnType<typeof createAdminRequestConfig>> | undefined
    beforeEach(async () => {
      admin = undefined
      await bank.reset()
    })
    afterEach(() => bank.faults({ reset: true }))
    const seed = () => seedStore(getContainer(), { paymentProviderIds: [TBC_INSTALLMENTS_PROVIDER_ID] })
    const sync = async () =>
      (await syncInstallmentStatusesWorkflow(getContainer()).run({ input: {} })).result.providers[0]
    const tbc = () => getContainer().resolve<TbcModuleService>(TBC_MODULE)
    /** The next `count` reads of this application's status at the bank answer 500. */
    const failStatusReads = (cart: InstallmentCart, count: number) =>
      bank.faults({
        failNext: { count, status: 500, path: `GET /v1/online-installments/applications/${cart.bankSessionId}/status` },
      })
    const statusReads = async () =>
      (await bank.state()).calls["GET /v1/online-installments/applications/{sessionId}/status"] ?? 0
    const failedChanges = async () => {
      admin ??= await createAdminRequestConfig(getContainer(), api)
      return (await api.get("/admin/tbc/installments/failed-changes", admin)).data.failed_changes as any[]
    }
    const expectOneOrderOnePayment = async (cart: InstallmentCart) => {
      const state = await medusaStateOf(getContainer(), cart)
      expect(state.orderIds).toHaveLength(1)
      expect(state.payments).toHaveLength(1)
      expect(state.collectionStatus).toBe("authorized")
    }

    it("a change that fails twice, then succeeds, is applied once and acknowledged only after the success", async () => {
      const store = await seed()
      const flaky = await cartWithInstallmentSession(api, store, [3, 0])
      const healthy = await cartWithInstallmentSession(api, store, [0, 1])
      await bank.setStatus(flaky.bankSessionId, 2)
      await bank.setStatus(healthy.bankSessionId, 2)
      await failStatusReads(flaky, 2)

      const first = await sync()
      expect(first).toMatchObject({ received: 2, applied: 1, authorized: 1, retrying: 1, gave_up: 0, acknowledged: 0 })
      expect(first.errors).toEqual([
        expect.objectContaining({ bank_session_id: flaky.bankSessionId, status_id: 2, attempts: 1, gave_up: false }),
      ])
      expect((await bank.state()).feed).toHaveLength(2) // nothing acknowledged
      expect((await medusaStateOf(getContainer(), flaky)).orderIds).toEqual([])
      await expectOneOrderOnePayment(healthy)

      // a retry that is not due yet is not tried: the page stays unacknowledged, the bank is not asked
      const [failure] = await tbc().listInstallmentChangeFailures({ bank_session_id: flaky.bankSessionId })
      expect(failure).toMatchObject({ attempts: 1, gave_up_at: null, resolved_at: null })
      await tbc().updateInstallmentChangeFailures({ id: failure.id, next_attempt_at: new Date(Date.now() + 3_600_000) })
      const readsBefore = await statusReads()
      expect(await sync()).toMatchObject({ received: 2, applied: 0, retrying: 1, errors: [], acknowledged: 0 })
      expect(await statusReads()).toBe(readsBefore)
      await tbc().updateInstallmentChangeFailures({ id: failure.id, next_attempt_at: new Date(Date.now() - 1000) })

      const second = await sync()
      expect(second).toMatchObject({ received: 2, applied: 0, retrying: 1, acknowledged: 0 })
      expect(second.errors).toEqual([expect.objectContaining({ attempts: 2, gave_up: false })])
      expect(await failedChanges()).toEqual([
        expect.objectContaining({ bank_session_id: flaky.bankSessionId, state: "retrying", attempts: 2 }),
      ])

      const third = await sync()
      expect(third).toMatchObject({ received: 2, applied: 1, authorized: 1, retrying: 0, errors: [], acknowledged: 2 })
      expect((await bank.state()).feed).toEqual([])
      await expectOneOrderOnePayment(flaky)
      await expectOneOrderOnePayment(healthy)
      expect(await tbc().listInstallmentStatusChanges({})).toHaveLength(2)
      const [resolved] = await tbc().listInstallmentChangeFailures({ bank_session_id: flaky.bankSessionId })
      expect(resolved).toMatchObject({ attempts: 2, resolved_at: expect.anything(), gave_up_at: null })
      expect(await failedChanges()).toEqual([])
      expect(await sync()).toMatchObject({ received: 0 })
    })

    it("a change that always fails stops after 3 tries, is acknowledged, and the admin sees it with the error", async () => {
      const store = await seed()
      const stuck = await cartWithInstallmentSession(api, store, [3, 0], { shipping: false }) // cannot be completed
      await bank.setStatus(stuck.bankSessionId, 2)

      for (const attempts of [1, 2]) {
        const run = await sync()
        expect(run).toMatchObject({ received: 1, applied: 0, retrying: 1, gave_up: 0, acknowledged: 0 })
        expect(run.errors).toEqual([
          expect.objectContaining({ attempts, gave_up: false, message: expect.stringMatching(/no payment/) }),
        ])
      }
      const last = await sync()
      expect(last).toMatchObject({ received: 1, applied: 1, retrying: 0, gave_up: 1, acknowledged: 1 })
      expect(last.errors).toEqual([expect.objectContaining({ attempts: 3, gave_up: true })])
      expect((await bank.state()).feed).toEqual([])
      expect(await sync()).toMatchObject({ received: 0 })
      expect((await medusaStateOf(getContainer(), stuck)).orderIds).toEqual([])

      expect(await failedChanges()).toEqual([
        expect.objectContaining({
          provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
          bank_session_id: stuck.bankSessionId,
          payment_session_id: stuck.paymentSessionId,
          status_id: 2,
          state: "given_up",
          attempts: 3,
          last_error: expect.stringMatching(/no payment/),
          gave_up_at: expect.any(String),
        }),
      ])
      const runs = await tbc().listInstallmentSyncRuns({}, { order: { created_at: "ASC" } })
      expect(runs.map((r) => Boolean(r.acknowledged_at))).toEqual([false, false, true])
      expect(runs[2].error).toMatch(/given up/)
    })

    it("three sync runs at once never apply a change twice, a retried one included", async () => {
      const store = await seed()
      const carts = [
        await cartWithInstallmentSession(api, store, [3, 0]),
        await cartWithInstallmentSession(api, store, [0, 1]),
        await cartWithInstallmentSession(api, store, [1, 1]),
      ]
      for (const cart of carts) await bank.setStatus(cart.bankSessionId, 5)
      await failStatusReads(carts[1], 1)

      // Overlapping runs: the sync lock lets one run apply; a run that cannot take it is refused as
      // busy (SyncBusyError), never left to apply the same page alongside.
      const settled = await Promise.allSettled([sync(), sync(), sync()])
      const runs = settled.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []))
      const refusals = settled.flatMap((r) => (r.status === "rejected" ? [r.reason] : []))
      expect(runs.length).toBeGreaterThanOrEqual(1)
      for (const refusal of refusals)
        expect(String(refusal?.message ?? refusal)).toMatch(/Another installment sync is running/)
      // later runs (backoff 0: each is the retry) finish what is left; bounded
      for (let i = 0; i < 5 && (await bank.state()).feed.length > 0; i++) runs.push(await sync())
      const total = (key: "authorized" | "applied") => runs.reduce((n, r) => n + r[key], 0)
      expect(total("authorized")).toBe(3)
      expect(total("applied")).toBe(3)
      expect(runs.flatMap((r) => r.errors)).toEqual([
        expect.objectContaining({ bank_session_id: carts[1].bankSessionId, attempts: 1 }),
      ])
      expect((await bank.state()).feed).toEqual([])
      for (const cart of carts) await expectOneOrderOnePayment(cart)
      expect(await tbc().listInstallmentStatusChanges({})).toHaveLength(3)
    })
  },
})
