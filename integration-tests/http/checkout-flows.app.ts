/**
 * tbc-checkout end to end, without preauthorization (TBC_PREAUTH unset = false): a guest pays on
 * the sandbox's hosted page and the order is placed either by the shopper's return
 * (complete cart) or by the bank's callback alone; a declined card leaves a retryable cart.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { prepareCarts } from "../utils/prepared-carts"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder, toTetri, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { waitForWebhookProcessed } from "../utils/checkout-callbacks"
import { MEDUSA_WEBHOOK_DELAY_MS, withWebhookDelay } from "../utils/webhook-delay"

jest.setTimeout(90_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** 2 × 49.99 + 1 × 1234.56 + 5.00 shipping, in tetri. */
const CART_TOTAL_TETRI = 133954

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-flows"),
  testSuite: ({ api, getContainer }) => {
    let shop: StoreCheckout

    // one store and the tests' carts for the suite: the database is restored before each test
    beforeAll(async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      shop = new StoreCheckout(api, store)
    })
    prepareCarts(getContainer, async () => {
      await shop.createCartReadyForPayment([2, 1])
      await shop.createCartReadyForPayment([1, 1])
      await shop.createCartReadyForPayment([1, 0])
      await shop.createCartReadyForPayment([0, 1])
    })

    it("places a guest's card order with a captured payment and no completion call at the bank", async () => {
      const { cartId, total } = await shop.createCartReadyForPayment([2, 1])
      expect(toTetri(total)).toBe(CART_TOTAL_TETRI)
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)
      const created = await bank.payment(payId)
      expect(created.status).toBe("Created")
      expect(toTetri(created.amount)).toBe(CART_TOTAL_TETRI)
      expect(created.preAuth).not.toBe(true)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      // Medusa's own delay, so the bank's callback is processed after the shopper's return
      const completion = await withWebhookDelay(getContainer(), MEDUSA_WEBHOOK_DELAY_MS, async () => {
        await bank.pay(payId, "success")
        return shop.completeCart(cartId)
      })

      expect(completion.error).toBeUndefined()
      expect(completion.type).toBe("order")
      const order = await readOrder(getContainer(), completion.order!.id)
      const payment = onlyPayment(order)
      expect(order.totalTetri).toBe(CART_TOTAL_TETRI)
      expect(payment.amountTetri).toBe(CART_TOTAL_TETRI)
      expect(payment.capturesTetri).toEqual([CART_TOTAL_TETRI])
      expect(payment.capturedAt).not.toBeNull()
      expect(order.collectionStatus).toBe("completed")

      // The bank's callback for the same payment is processed seconds later: it must neither
      // complete nor capture anything again.
      await waitForWebhookProcessed(getContainer(), payId)
      const after = onlyPayment(await readOrder(getContainer(), order.id))
      expect(after.capturesTetri).toEqual([CART_TOTAL_TETRI])
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore)
      expect((await bank.payment(payId)).status).toBe("Succeeded")
    })

    it("places the order from the bank's callback alone when the shopper never returns", async () => {
      const { cartId, total } = await shop.createCartReadyForPayment([1, 1])
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)

      await bank.pay(payId, "success")
      const order = await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      const orderId = order.id

      const payment = onlyPayment(order)
      expect(order.totalTetri).toBe(toTetri(total))
      expect(payment.capturesTetri).toEqual([toTetri(total)])
      expect(payment.capturedAt).not.toBeNull()
      expect(order.collectionStatus).toBe("completed")
      // A late shopper return finds the cart already completed and does not place a second order.
      const lateReturn = await shop.completeCart(cartId)
      expect(lateReturn.type).toBe("order")
      expect(lateReturn.order?.id).toBe(orderId)
    })

    it("refuses a declined card with a shopper-readable error and accepts a retry with a new session", async () => {
      const { cartId, total } = await shop.createCartReadyForPayment([1, 0])
      const { session: declined } = await shop.startPaymentSession(cartId)
      const declinedPayId = payIdOf(declined)

      await bank.pay(declinedPayId, "decline")
      const refused = await shop.completeCart(cartId)

      expect(refused.httpStatus).toBe(200)
      expect(refused.type).toBe("cart")
      expect(refused.error?.type).toBe("payment_authorization_error")
      // Readable: says what happened, without internal ids, stack words or bank wire details.
      expect(refused.error?.message).toMatch(/declin|not (been )?(paid|completed|approved)|failed/i)
      expect(refused.error?.message).not.toMatch(/payses_|undefined|null|\{|TBC (GET|POST)/)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
      expect((await bank.payment(declinedPayId)).status).toBe("Failed")

      const { session: retry } = await shop.startPaymentSession(cartId)
      const retryPayId = payIdOf(retry)
      expect(retryPayId).not.toBe(declinedPayId)
      await bank.pay(retryPayId, "success")
      const completion = await shop.completeCart(cartId)

      expect(completion.type).toBe("order")
      const payment = onlyPayment(await readOrder(getContainer(), completion.order!.id))
      expect(payment.capturesTetri).toEqual([toTetri(total)])
      expect(payment.data).toMatchObject({ payId: retryPayId })
    })
    it("tells a shopper who returns without paying what to do, and completes once the bank has the money", async () => {
      const { cartId, total } = await shop.createCartReadyForPayment([0, 1])
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)

      const early = await shop.completeCart(cartId)
      expect(early.type).toBe("cart")
      expect(early.error?.type).toBe("payment_authorization_error")
      expect(early.error?.message).toMatch(/not been completed at the bank yet/)
      expect(early.error?.message).not.toMatch(/payses_|undefined|\{/)
      expect((await bank.payment(payId)).status).toBe("Created")

      await bank.pay(payId, "success")
      const completion = await shop.completeCart(cartId)
      expect(completion.type).toBe("order")
      expect(onlyPayment(await readOrder(getContainer(), completion.order!.id)).capturesTetri).toEqual([toTetri(total)])
    })
  },
})
