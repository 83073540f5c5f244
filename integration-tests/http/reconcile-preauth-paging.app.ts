/**
 * The expiring-preauths pass reaches every uncaptured payment, oldest first, however many there
 * are, and stops asking the bank about the ones it no longer holds. Before, it read the first 500
 * uncaptured payments in no order: once ~500 settled-elsewhere payments had piled up (released or
 * completed at the bank, never in Medusa), a new preauthorization near its day-30 deadline was
 * never looked at.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { reconcileExpiringPreauthsWorkflow } from "../../src/workflows/reconcile"
import { paidCheckoutOrder } from "./admin-paid-order"

jest.setTimeout(180_000)

const DAY_MS = 24 * 60 * 60 * 1000
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()
/** more than the old fixed read of 500 */
const STALE = 600

const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

/**
 * `count` copies of a payment and its session (new ids, each a second older than the last), as if
 * that many orders had been paid and then settled outside Medusa.
 */
async function clonePayment(container: MedusaContainer, paymentId: string, count: number): Promise<void> {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  await pg.raw(
    `insert into payment_session
     select (jsonb_populate_record(null::payment_session, to_jsonb(s) || jsonb_build_object('id', 'payses_clone_' || g))).*
     from payment_session s, generate_series(1, ?) g
     where s.id = (select payment_session_id from payment where id = ?)`,
    [count, paymentId]
  )
  await pg.raw(
    `insert into payment
     select (jsonb_populate_record(null::payment, to_jsonb(p) || jsonb_build_object(
       'id', 'pay_clone_' || g, 'payment_session_id', 'payses_clone_' || g, 'created_at', p.created_at - g * interval '1 second'))).*
     from payment p, generate_series(1, ?) g
     where p.id = ?`,
    [count, paymentId]
  )
}

async function paymentIdOfOrder(container: MedusaContainer, orderId: string): Promise<string> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["payment_collections.payments.id"],
    filters: { id: orderId },
  })
  return (data[0] as any).payment_collections[0].payments[0].id
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
      await clonePayment(container, await paymentIdOfOrder(container, stale.orderId), STALE)
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
      const notHeld = first.filter((r) => r.pay_id === stale.payId)
      expect(notHeld).toHaveLength(STALE + 1)
      expect(notHeld.every((r) => r.outcome === "not_held" && r.bank_status === "Returned")).toBe(true)
      // oldest first
      const order = first.map((r) => r.payment_id)
      expect(order[order.length - 1]).not.toMatch(/^pay_clone_/)
      expect(order[0]).toBe(`pay_clone_${STALE}`)

      // the next run asks only about what the bank may still hold
      const { result: second } = await reconcileExpiringPreauthsWorkflow(container).run({
        input: { now: inFuture(29 * DAY_MS), action: "none", pageSize: 7 },
      })
      expect(second.map((r) => [r.pay_id, r.outcome])).toEqual([[freshPayId, "notified"]])
    })
  },
})
