/**
 * A saved-card execution the bank answers Processing (still deciding): Medusa must not place the
 * order with nothing paid. Completion is refused with the still-processing message (cart open),
 * a second "Place order" reads the recorded payId at the bank and never executes again, and the
 * bank's callback for that payId (on the plain dashboard URL, the only one an execution can use)
 * places the order once the payment Succeeded. Failed → the shopper may pay again.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { callbackBody, postRawCallback, TBC_CHECKOUT_WEBHOOK_PATH } from "../utils/checkout-callbacks"
import { SAVED_CARD_CALLS as CALLS, Shopper, aliceForSuite, firstOrderSavesCard } from "../utils/saved-cards-shopper"

jest.setTimeout(180_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const SAVED_CARD_METHOD = 11
const STILL_PROCESSING = /The bank is still processing this payment/

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-saved-cards-processing"),
  testSuite: ({ api, getContainer }) => {
    // her first order's cart, which saves the card, and the one her saved card pays
    const suite = aliceForSuite(api, getContainer, { aliceCarts: 2 })

    beforeEach(() => bank.setFaults({ reset: true }))

    /** Alice's second order by saved card, whose execution the bank leaves Processing; refused twice, one execution. */
    async function executionLeftProcessing() {
      const alice = new Shopper(api, suite.store, suite.aliceToken, [])
      await bank.dropCallbacks() // only the callbacks this test posts arrive
      const { card } = await firstOrderSavesCard(alice, bank)
      const { cartId, collectionId } = await alice.cartReadyForPayment()
      const started = await alice.startSession(collectionId, { saved_card_id: card.id })
      const sessionId = started.body.payment_collection.payment_sessions[0].id
      const executions = await bank.calls(CALLS.execution)
      await bank.setFaults({ processingExecutions: { count: 1 } })

      const first = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(first.body.type).not.toBe("order")
      expect(JSON.stringify(first.body)).toMatch(STILL_PROCESSING)
      const charged = (await bank.state()).payments.filter((p: any) => p.merchantPaymentId === sessionId)
      expect(charged.map((p: any) => p.status)).toEqual(["Processing"])
      // "Place order" again: the recorded payId is read at the bank, nothing is executed again
      const again = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(JSON.stringify(again.body)).toMatch(STILL_PROCESSING)
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
      return { alice, cartId, payId: charged[0].payId as string, executions }
    }

    it("is refused while Processing, never executed twice, and the bank's callback places the order once it Succeeded", async () => {
      const { alice, cartId, payId, executions } = await executionLeftProcessing()
      await bank.pay(payId, "success", SAVED_CARD_METHOD)
      expect(await postRawCallback(app.appUrl, callbackBody(payId), { path: TBC_CHECKOUT_WEBHOOK_PATH })).toBe(200)

      const order = await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      expect(onlyPayment(order).data).toMatchObject({ payId })
      expect(onlyPayment(order).capturesTetri).toEqual([order.totalTetri])
      // a late "Place order" finds the cart completed; still one execution
      const late = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(late.body.order?.id ?? order.id).toBe(order.id)
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
    })

    it("when the bank ends it Failed, the shopper pays again with one new execution and gets one order", async () => {
      const { alice, cartId, payId, executions } = await executionLeftProcessing()
      await bank.pay(payId, "decline", SAVED_CARD_METHOD)

      const paid = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(paid.body.type).toBe("order")
      expect(await bank.calls(CALLS.execution)).toBe(executions + 2)
      const order = await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      expect(order.id).toBe(paid.body.order.id)
      expect(onlyPayment(order).data.payId).not.toBe(payId)
      expect((await bank.payment(payId)).status).toBe("Failed")
    })
  },
})
