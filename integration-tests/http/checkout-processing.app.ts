/**
 * A checkout payment the bank is still deciding (status Processing) never becomes an order: the
 * shopper's "Place order" is refused with words they can act on and the cart stays open. The
 * bank's final answer decides:
 * - Succeeded: its callback places exactly one order, paid;
 * - Failed or Expired: no order, and the shopper can pay the same cart again.
 * Before this rule, Processing was reported as pending_authorization and Medusa placed the order
 * with nothing paid; a later Failed/Expired left it unpaid for good.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { prepareCarts } from "../utils/prepared-carts"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, toTetri, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { waitForWebhookProcessed } from "../utils/checkout-callbacks"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

async function orderCount(container: MedusaContainer): Promise<number> {
  const [, count] = await container.resolve(Modules.ORDER).listAndCountOrders({}, { take: 1 })
  return count
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-processing"),
  testSuite: ({ api, getContainer }) => {
    let shop: StoreCheckout

    // one store and the tests' carts for the suite: the database is restored before each test
    beforeAll(async () => {
      shop = new StoreCheckout(api, await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] }))
    })
    prepareCarts(getContainer, async () => {
      await shop.createCartReadyForPayment([1, 1])
      await shop.createCartReadyForPayment([0, 1])
      await shop.createCartReadyForPayment([1, 0])
    })

    it("refuses the order while the bank is processing, then the Succeeded callback places exactly one", async () => {
      const { cartId, total } = await shop.createCartReadyForPayment([1, 1])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(payId, "processing")

      const early = await shop.completeCart(cartId)
      expect(early.type).toBe("cart")
      expect(early.error?.message).toMatch(/still processing this payment/)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
      expect(await orderCount(getContainer())).toBe(0)

      await bank.pay(payId, "success")
      const order = await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      expect(onlyPayment(order).data).toMatchObject({ payId })
      expect(onlyPayment(order).capturesTetri).toEqual([toTetri(total)])
      // the shopper's return after the callback gets the same order, not a second one
      const late = await shop.completeCart(cartId)
      expect(late.type).toBe("order")
      expect(late.order?.id).toBe(order.id)
      expect(await orderCount(getContainer())).toBe(1)
    })

    it("with the callback lost, the reconcile job leaves a processing payment open and places the order once it succeeds", async () => {
      const { cartId } = await shop.createCartReadyForPayment([0, 1])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.dropCallbacks(payId)
      await bank.pay(payId, "processing")
      expect((await shop.completeCart(cartId)).type).toBe("cart")
      const later = new Date(Date.now() + 20 * 60 * 1000).toISOString()

      const { result: deciding } = await reconcilePendingPaymentsWorkflow(getContainer()).run({ input: { now: later } })
      expect(deciding.find((r) => r.pay_id === payId)).toMatchObject({
        bank_status: "Processing",
        outcome: "still_open",
      })
      expect(await orderCount(getContainer())).toBe(0)

      await bank.pay(payId, "success")
      const { result: decided } = await reconcilePendingPaymentsWorkflow(getContainer()).run({ input: { now: later } })
      expect(decided.find((r) => r.pay_id === payId)).toMatchObject({ bank_status: "Succeeded", outcome: "processed" })
      await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      expect(await orderCount(getContainer())).toBe(1)
    })

    for (const ending of ["decline", "expire"] as const) {
      it(`leaves no order when the bank ends a processing payment with ${ending}, and the shopper can pay again`, async () => {
        const { cartId, total } = await shop.createCartReadyForPayment([1, 0])
        const firstPayId = payIdOf((await shop.startPaymentSession(cartId)).session)
        await bank.pay(firstPayId, "processing")
        expect((await shop.completeCart(cartId)).type).toBe("cart")

        await bank.pay(firstPayId, ending)
        const judged = await waitForWebhookProcessed(getContainer(), firstPayId)
        expect(judged.bank_status).toBe(ending === "decline" ? "Failed" : "Expired")
        expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
        const refused = await shop.completeCart(cartId)
        expect(refused.type).toBe("cart")
        expect(refused.error?.message).toMatch(ending === "decline" ? /declined/ : /expired/)

        // the cart is still open: a new payment on it becomes the only order
        const secondPayId = payIdOf((await shop.startPaymentSession(cartId)).session)
        expect(secondPayId).not.toBe(firstPayId)
        await bank.pay(secondPayId, "success")
        const completed = await shop.completeCart(cartId)
        expect(completed.type).toBe("order")
        const order = await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
        expect(onlyPayment(order).data).toMatchObject({ payId: secondPayId })
        expect(onlyPayment(order).capturesTetri).toEqual([toTetri(total)])
        expect(await orderCount(getContainer())).toBe(1)
      })
    }
  },
})
