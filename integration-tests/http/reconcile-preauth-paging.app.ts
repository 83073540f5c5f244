/**
 * The expiring-preauths pass reaches every held charge of the money ledger that a Medusa payment
 * was made from, oldest first, however many there are, and stops asking the bank about the ones
 * it no longer holds (their ledger state moves out of `held` when read). Before, it read the first
 * 500 uncaptured Medusa payments in no order: once ~500 settled-elsewhere payments had piled up
 * (released or completed at the bank, never in Medusa), a new preauthorization near its day-30
 * deadline was never looked at.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { reconcileExpiringPreauthsWorkflow } from "../../src/workflows/reconcile"
import { paidCheckoutOrder } from "./admin-paid-order"
import { ledgerOf } from "../utils/tbc-payments"

jest.setTimeout(180_000)

const DAY_MS = 24 * 60 * 60 * 1000
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()
/** more than the old fixed read of 500, and three pages of 200 */
const STALE = 600

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

/**
 * One ledger charge per payId, copied from the charge of `payId` (same session, so the same Medusa
 * payment; each a second older than the last): as if that many held preauthorizations had been
 * settled at the bank without Medusa hearing of it.
 */
async function cloneHeldCharge(container: MedusaContainer, payId: string, payIds: string[]): Promise<void> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(
    `insert into tbc_payment
     select (jsonb_populate_record(null::tbc_payment, to_jsonb(t) || jsonb_build_object(
       'id', 'tbcpay_clone_' || g, 'pay_id', (?::text[])[g], 'created_at', t.created_at - g * interval '1 second'))).*
     from tbc_payment t, generate_series(1, ?) g
     where t.pay_id = ?`,
    // an array literal: knex would spread a JS array into separate bindings
    [`{${payIds.join(",")}}`, payIds.length, payId]
  )
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-reconcile-preauth-paging"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())

    it("checks a new preauthorization behind 600 settled-elsewhere ones, then stops asking about those", async () => {
      const container = getContainer()
      const stale = await paidCheckoutOrder(api, container, bank, [1])
      await bank.releaseHoldOutsideMedusa(stale.payId)
      // 600 more, never paid at the bank (they lapse with the hosted page), held in the ledger
      const clones = await bank.unpaidPayments(STALE)
      await cloneHeldCharge(container, stale.payId, clones)
      // the newest preauthorization, still held
      const { cartId } = await stale.shop.createCartReadyForPayment([2])
      const freshPayId = payIdOf((await stale.shop.startPaymentSession(cartId)).session)
      await bank.pay(freshPayId, "success")
      expect((await stale.shop.completeCart(cartId)).type).toBe("order")
      await bank.advanceClockDays(29)

      const { result: first } = await reconcileExpiringPreauthsWorkflow(container).run({
        input: { now: inFuture(29 * DAY_MS), action: "none" },
      })
      expect(first.find((r) => r.pay_id === freshPayId)).toMatchObject({ outcome: "notified" })
      const notHeld = first.filter((r) => r.pay_id !== freshPayId)
      // the app's own lost-callback job may have read one first (it watches held charges with an
      // order for money the bank returned by itself): that one is no longer held, so not asked again
      const readFirst = [stale.payId, ...clones].filter((payId) => !first.some((r) => r.pay_id === payId))
      const ledger = ledgerOf(container)
      for (const payId of readFirst) expect((await ledger.byPayId(payId))?.state).not.toBe("held")
      expect(notHeld).toHaveLength(STALE + 1 - readFirst.length)
      expect(notHeld.every((r) => r.outcome === "not_held")).toBe(true)
      const staleRow = notHeld.find((r) => r.pay_id === stale.payId)
      expect(staleRow ? staleRow.bank_status : (await ledger.byPayId(stale.payId))?.state).toBe(
        staleRow ? "Returned" : "returned"
      )
      expect(new Set(notHeld.filter((r) => r.pay_id !== stale.payId).map((r) => r.bank_status))).toEqual(
        new Set(["Expired"])
      )
      // oldest first: the last clone is the oldest, the fresh preauthorization the newest
      const order = first.map((r) => r.pay_id)
      expect(order[0]).toBe([...clones].reverse().find((payId) => !readFirst.includes(payId)))
      expect(order[order.length - 1]).toBe(freshPayId)

      // the next run asks only about what the bank may still hold
      const { result: second } = await reconcileExpiringPreauthsWorkflow(container).run({
        input: { now: inFuture(29 * DAY_MS), action: "none", pageSize: 7 },
      })
      expect(second.map((r) => [r.pay_id, r.outcome])).toEqual([[freshPayId, "notified"]])
    })
  },
})
