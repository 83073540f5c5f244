/**
 * Exactly-once of the installment status sync against the real app, PostgreSQL and the sandbox:
 * a page delivered twice (lost acknowledgement), a crash between apply and acknowledge, two
 * syncs at once, 1,000 changes in pages of 200, and sessions the store did not record itself.
 */
import { testDbName } from "../utils/db-name"
import { createPaymentSessionsWorkflow } from "@medusajs/core-flows"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { TBC_MODULE, type TbcModuleService } from "../../src/modules/tbc"
import { asValue } from "@medusajs/framework/awilix"
import { SYNC_FAULT_KEY, syncInstallmentStatusesWorkflow, type SyncFault } from "../../src/workflows"
import { seedStore, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import {
  INSTALLMENTS_GROUP_ENV,
  INSTALLMENTS_PAGE_SIZE as PAGE_SIZE,
  cartWithInstallmentSession,
  medusaStateOf,
  useInstallmentsSandbox,
} from "./installments-support"

jest.setTimeout(240_000)

const bank = useInstallmentsSandbox(INSTALLMENTS_GROUP_ENV)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-installments-sync"),
  testSuite: ({ api, getContainer }) => {
    beforeEach(() => bank.reset())
    const seed = () => seedStore(getContainer(), { paymentProviderIds: [TBC_INSTALLMENTS_PROVIDER_ID] })
    const sync = async () =>
      (await syncInstallmentStatusesWorkflow(getContainer()).run({ input: {} })).result.providers[0]
    const tbc = () => getContainer().resolve<TbcModuleService>(TBC_MODULE)
    /** Injects a fault into this app's sync (undefined clears it). */
    const injectFault = (fault: SyncFault | undefined) => getContainer().register(SYNC_FAULT_KEY, asValue(fault))
    /** A sync with the fault injected (left set until the test clears it): the rejection's message. */
    const syncCrashingAt = (fault: SyncFault) => {
      injectFault(fault)
      // (the rejection comes from the workflow engine's realm: compare its message, not its class)
      return sync().then(
        () => "resolved",
        (error: { message?: string }) => error?.message
      )
    }

    afterEach(async () => {
      injectFault(undefined)
      await bank.faults({ reset: true })
    })

    it("a page delivered twice (lost acknowledgement) is applied once", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      await bank.setStatus(cart.bankSessionId, 2)
      await bank.faults({ loseSyncAck: { count: 1 } })

      const result = await sync()
      // page 1 applied and "acknowledged" (lost); the same change redelivered: recorded already
      expect(result).toMatchObject({ pages: 2, received: 2, applied: 1, authorized: 1 })
      expect((await bank.state()).feed).toEqual([])
      expect(await tbc().listInstallmentStatusChanges({ bank_session_id: cart.bankSessionId })).toHaveLength(1)
      const state = await medusaStateOf(getContainer(), cart)
      expect(state.orderIds).toHaveLength(1)
      expect(state.payments).toHaveLength(1)
      const runs = await tbc().listInstallmentSyncRuns({})
      expect(runs.map((r) => r.applied_count).sort()).toEqual([0, 1])
      expect(runs.every((r) => r.acknowledged_at)).toBe(true)
    })

    it("a crash between apply and acknowledge: redelivery ends in the right state, no duplicates", async () => {
      const store = await seed()
      const approved = await cartWithInstallmentSession(api, store)
      const declined = await cartWithInstallmentSession(api, store, [0, 2])
      await bank.setStatus(approved.bankSessionId, 5)
      await bank.setStatus(declined.bankSessionId, 6)

      const crash = await syncCrashingAt("crash-after-apply")
      expect(crash).toMatch(/injected fault/)
      expect((await bank.state()).feed).toHaveLength(2) // never acknowledged
      const [crashed] = await tbc().listInstallmentSyncRuns({})
      expect(crashed).toMatchObject({
        applied_count: 2,
        acknowledged_at: null,
        error: expect.stringMatching(/injected fault/),
      })

      injectFault(undefined)
      const again = await sync()
      expect(again).toMatchObject({ received: 2, applied: 0, authorized: 0, canceled: 0 })
      expect((await bank.state()).feed).toEqual([])
      expect(await tbc().listInstallmentStatusChanges({})).toHaveLength(2)

      const a = await medusaStateOf(getContainer(), approved)
      expect(a.orderIds).toHaveLength(1)
      expect(a.payments).toHaveLength(1)
      expect(a.collectionStatus).toBe("authorized")
      const d = await medusaStateOf(getContainer(), declined)
      expect(d.orderIds).toEqual([])
      expect(d.sessionStatus).toBe("error")
    })

    it("a crash after the Medusa effects but before recording: the redelivered page changes nothing twice", async () => {
      const store = await seed()
      const approved = await cartWithInstallmentSession(api, store)
      const expired = await cartWithInstallmentSession(api, store, [0, 1])
      await bank.setStatus(approved.bankSessionId, 2)
      await bank.setStatus(expired.bankSessionId, 3)

      const crash = await syncCrashingAt("crash-before-record")
      expect(crash).toMatch(/before recording them/)
      expect(await tbc().listInstallmentStatusChanges({})).toEqual([])
      const placed = await medusaStateOf(getContainer(), approved)
      expect(placed.orderIds).toHaveLength(1) // the effect happened, the record did not

      injectFault(undefined)
      const again = await sync()
      // both changes are new to our table, but Medusa is already there: no second order or payment
      expect(again).toMatchObject({ received: 2, applied: 2, authorized: 0, canceled: 0 })
      const a = await medusaStateOf(getContainer(), approved)
      expect(a.orderIds).toEqual(placed.orderIds)
      expect(a.payments).toHaveLength(1)
      const e = await medusaStateOf(getContainer(), expired)
      expect(e.orderIds).toEqual([])
      expect(e.sessionStatus).toBe("canceled")
      expect((await bank.state()).feed).toEqual([])
    })

    it("1,000 changes of unknown sessions in one run: all recorded and acknowledged, paged; two syncs at once apply each once", async () => {
      await bank.bulk(1000, 5)
      const [one, two] = await Promise.allSettled([sync(), sync()])
      // the lock lets one run drain the feed; the other is refused as busy after about a second
      // (our message), or, if the first finished within that second, runs after it on an empty feed
      const done = [one, two]
        .filter((r) => r.status === "fulfilled")
        .map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof sync>>>).value)
      const refused = [one, two]
        .filter((r) => r.status === "rejected")
        .map((r) => (r as PromiseRejectedResult).reason as Error)
      expect(refused.map((e) => e.message)).toEqual(
        done.length === 2 ? [] : ["Another installment sync is running; try again when it has finished."]
      )
      expect(done.reduce((sum, d) => sum + d.applied, 0)).toBe(1000)
      expect(done.reduce((sum, d) => sum + d.unknown, 0)).toBe(1000)
      expect(Math.max(...done.map((d) => d.pages))).toBe(1000 / PAGE_SIZE)
      expect(Math.min(...done.map((d) => d.pages))).toBe(done.length === 2 ? 0 : 1000 / PAGE_SIZE)
      expect((await bank.state()).feed).toEqual([])
      const [, count] = await tbc().listAndCountInstallmentStatusChanges({}, { take: 1 })
      expect(count).toBe(1000)
      const runs = await tbc().listInstallmentSyncRuns({}, { take: 100 })
      expect(runs).toHaveLength(1000 / PAGE_SIZE)
      expect(
        runs.every((r) => r.change_count === PAGE_SIZE && r.applied_count === PAGE_SIZE && r.acknowledged_at)
      ).toBe(true)
    })

    it("finds a session created outside the store route through the payment_session fallback", async () => {
      const store = await seed()
      const cart = await cartWithInstallmentSession(api, store)
      // sessions on other collections, created by a workflow (no middleware ran)
      const sessionOutsideTheRoute = async () => {
        const headers = { "x-publishable-api-key": store.publishableKey }
        const items = [{ variant_id: store.variantIds[0], quantity: 3 }] // over the 100 GEL loan minimum
        const { data: created } = await api.post("/store/carts", { region_id: store.regionId, items }, { headers })
        const { data: pc } = await api.post("/store/payment-collections", { cart_id: created.cart.id }, { headers })
        const { result } = await createPaymentSessionsWorkflow(getContainer()).run({
          input: {
            payment_collection_id: pc.payment_collection.id,
            provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
            data: { installmentProducts: [{ name: "Set", price: Number(pc.payment_collection.amount), quantity: 1 }] },
          },
        })
        return { session: result, cartId: created.cart.id as string }
      }
      const { session, cartId } = await sessionOutsideTheRoute()
      // one the bank reports no change for: the lookup must not pick it up
      const { session: quiet } = await sessionOutsideTheRoute()
      const bankSessionId = (session.data as { sessionId: string }).sessionId
      expect(await tbc().listInstallmentApplications({ bank_session_id: bankSessionId })).toEqual([])

      await bank.setStatus(bankSessionId, 1)
      await bank.setStatus(cart.bankSessionId, 1)
      const result = await sync()
      expect(result).toMatchObject({ received: 2, applied: 2, unknown: 0 })
      const [row] = await tbc().listInstallmentApplications({ bank_session_id: bankSessionId })
      expect(row).toMatchObject({ payment_session_id: session.id, cart_id: cartId, status_id: 1 })
      expect(await tbc().listInstallmentApplications({ payment_session_id: quiet.id })).toEqual([])
    })
  },
})
