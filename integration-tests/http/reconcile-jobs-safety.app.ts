/**
 * What the scheduled jobs must never do, against the real app, PostgreSQL and the sandbox bank
 * (callbacks dropped):
 * - the expiring-preauth pass with action "cancel" never cancels an order with fulfillments and
 *   never releases its hold: it completes (captures) it instead;
 * - an admin capture landing between the pass's first bank read and its action is seen (the pass
 *   waits on the payment's lock, then re-reads): a captured payment is never cancelled;
 * - the lost-callback job sees why the cart could not become an order: when Medusa refuses it for
 *   good (the cart became invalid after the payment), the hold is kept through the grace
 *   (PERMANENT_REFUSAL_GRACE_MS), then released under the orphan policy, the admin is told and sees
 *   it in the attention list, and later runs do not act again. (A transient failure keeps the hold
 *   and is retried: money-ledger-defects-preauth.app.ts.)
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { BigNumber, ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { capturePaymentWorkflow, createOrderFulfillmentWorkflow } from "@medusajs/medusa/core-flows"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder } from "../utils/checkout-orders"
import { attentionList, ledgerOf } from "../utils/tbc-payments"
import { waitFor } from "../utils/wait-for"
import { reconcileExpiringPreauthsWorkflow, reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"
import { paymentLockKey } from "../../src/use-cases/reconcile/locks"
import { paidCheckoutsForSuite } from "./admin-paid-order"
import { LedgerStore } from "../../src/modules/tbc/ledger/ledger-store"
import { PERMANENT_REFUSAL_GRACE_MS } from "../../src/lib/ledger/guards"

jest.setTimeout(180_000)

const DAY_MS = 24 * 60 * 60 * 1000
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString()
const CANCEL_CALLS = "POST /v1/tpay/payments/{payId}/cancel"

// the orphan policy these tests rely on is the default one: refund
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-reconcile-jobs"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())
    // the store and the carts its tests pay ([2] and [1]) for the suite
    const checkouts = paidCheckoutsForSuite(api, getContainer, bank, { carts: [[2], [1]] })

    async function orderStatus(orderId: string): Promise<string> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: orderId } })
      return data[0].status
    }

    async function paymentCanceledAt(paymentId: string): Promise<unknown> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "payment",
        fields: ["id", "canceled_at"],
        filters: { id: paymentId },
      })
      return data[0].canceled_at
    }

    async function feedAbout(payId: string, title: string) {
      const feed = await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ channel: "feed" })
      return feed.filter((n) => n.data?.title === title && String(n.data?.description ?? "").includes(payId))
    }

    it("action cancel on a fulfilled order near day 30: the order is not cancelled, the hold is captured, not released", async () => {
      const container = getContainer()
      const { orderId, payId } = await checkouts.paidOrder([2])
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["id", "items.*"], filters: { id: orderId } })
      const items = (data[0].items as Array<{ id: string; quantity: unknown }>).map((i) => ({
        id: i.id,
        quantity: new BigNumber(i.quantity as number).numeric,
      }))
      await createOrderFulfillmentWorkflow(container).run({ input: { order_id: orderId, items } })
      const cancelsBefore = await bank.calls(CANCEL_CALLS)

      await bank.advanceClockDays(29)
      const { result } = await reconcileExpiringPreauthsWorkflow(container).run({
        input: { now: inFuture(29 * DAY_MS), action: "cancel" },
      })

      expect(result.find((r) => r.pay_id === payId)).toMatchObject({
        order_id: orderId,
        action: "cancel",
        outcome: "completed",
      })
      expect(await bank.calls(CANCEL_CALLS)).toBe(cancelsBefore)
      expect((await bank.payment(payId)).status).toBe("Succeeded")
      expect(await orderStatus(orderId)).not.toBe("canceled")
      const payment = onlyPayment(await readOrder(container, orderId))
      expect(payment.capturedAt).not.toBeNull()
      expect(await paymentCanceledAt(payment.id)).toBeNull()
    })

    it("an admin capture landing between the pass's bank read and its cancel: the captured payment is not cancelled", async () => {
      const container = getContainer()
      const { orderId, payId } = await checkouts.paidOrder([2])
      const paymentId = onlyPayment(await readOrder(container, orderId)).id
      await bank.advanceClockDays(29)
      const cancelsBefore = await bank.calls(CANCEL_CALLS)

      // the payment's lock held (as another pass would) makes the pass wait after its first read,
      // so the admin's capture lands between that read and its act
      const locking = container.resolve(Modules.LOCKING)
      await locking.acquire(paymentLockKey(paymentId), { ownerId: "admin-capture" })
      const run = reconcileExpiringPreauthsWorkflow(container).run({
        input: { now: inFuture(29 * DAY_MS), action: "cancel" },
      })
      // the pass has read the bank (still held) and notified; now it waits for the lock
      await waitFor(
        async () => (await feedAbout(payId, "TBC preauthorization about to lapse")).length > 0 || undefined,
        {
          timeoutMs: 30_000,
          intervalMs: 100,
          description: "the pass's notice before it acts",
        }
      )
      await capturePaymentWorkflow(container).run({ input: { payment_id: paymentId } })
      await locking.release(paymentLockKey(paymentId), { ownerId: "admin-capture" })
      const { result } = await run

      expect(result.find((r) => r.pay_id === payId)).toMatchObject({ outcome: "not_held", bank_status: "Succeeded" })
      expect(await bank.calls(CANCEL_CALLS)).toBe(cancelsBefore)
      expect((await bank.payment(payId)).status).toBe("Succeeded")
      expect(await orderStatus(orderId)).not.toBe("canceled")
      expect(await paymentCanceledAt(paymentId)).toBeNull()
    })

    it("a cart Medusa refuses for good (its shipping method gone) after payment and lost callback: the job keeps the hold through the grace, then releases it once, tells the admin, and does not act again", async () => {
      const container = getContainer()
      const list = await attentionList(container, api)
      const { cartId, session, payId } = await checkouts.paidCart([1])
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      // the cart can no longer be completed as it is (Medusa: INVALID_DATA, no shipping method).
      // Not "sold out": Medusa 2.21.2 checks stock inside a parallel block after creating the order,
      // and a second completion attempt there was seen to leave an unpaid order behind (the job
      // then pays that order with the held money: drive-charge.unit.spec.ts, "pays an order").
      const carts = container.resolve(Modules.CART)
      const methods = await carts.listShippingMethods({ cart_id: cartId })
      expect(methods.length).toBeGreaterThan(0)
      await carts.softDeleteShippingMethods(methods.map((m) => m.id))
      const cancelsBefore = await bank.calls(CANCEL_CALLS)
      const run = async (minutes: number) =>
        (
          await reconcilePendingPaymentsWorkflow(container).run({ input: { now: inFuture(minutes * 60 * 1000) } })
        ).result.find((r) => r.session_id === session.id)

      // Medusa refuses the cart (a permanent reason): recorded, the admin told, the hold kept
      expect(await run(20)).toMatchObject({
        pay_id: payId,
        bank_status: "WaitingConfirm",
        outcome: "completion_refused",
      })
      const refused = await new LedgerStore(container.resolve(ContainerRegistrationKeys.PG_CONNECTION)).byPayId(payId)
      expect(refused?.completion_refused_at).not.toBeNull()
      expect(refused?.completion_failure).toMatch(/^permanent: /)
      expect(await feedAbout(payId, "TBC payment: the order could not be placed")).toHaveLength(1)
      // within the grace the order is retried; nothing is released and nobody is told twice
      expect(await run(25)).toMatchObject({ outcome: "completion_refused" })
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(await bank.calls(CANCEL_CALLS)).toBe(cancelsBefore)
      expect(await feedAbout(payId, "TBC payment: the order could not be placed")).toHaveLength(1)

      // past the grace: the orphan policy (refund) releases the hold, once
      const graceMinutes = PERMANENT_REFUSAL_GRACE_MS / 60_000
      expect(await run(21 + graceMinutes)).toMatchObject({
        pay_id: payId,
        outcome: "not_completed",
        orphan_outcome: "cancelled",
      })
      expect(await findOrderIdOfCart(container, cartId)).toBeUndefined()
      expect(await bank.calls(CANCEL_CALLS)).toBe(cancelsBefore + 1)
      expect((await bank.payment(payId)).status).not.toBe("WaitingConfirm")
      // released: recorded in the ledger, nothing left for the admin's list
      const recorded = await ledgerOf(container).byPayId(payId)
      expect(recorded).toMatchObject({ orphan_action: "cancelled", state: "returned" })
      expect(recorded?.orphan_error).toMatch(/cart could not be completed/)
      expect((await list()).find((p) => p.pay_id === payId)).toBeUndefined()
      expect(await feedAbout(payId, "TBC payment without an order")).toHaveLength(1)

      // the released charge is no longer held in the ledger: later runs never look at it again
      expect(await run(26 + graceMinutes)).toBeUndefined()
      expect(await bank.calls(CANCEL_CALLS)).toBe(cancelsBefore + 1)
      expect(await feedAbout(payId, "TBC payment without an order")).toHaveLength(1)
    })
  },
})
