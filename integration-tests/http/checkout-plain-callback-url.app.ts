/**
 * Callbacks on the plain URL (issue 14 §1): the merchant registers
 * `<storeUrl>/hooks/payment/tbc-checkout_<id>` in the TBC dashboard, and saved-card executions
 * carry no callback URL of their own, so the bank may call that URL with no `?s=&sig=`. Such a
 * callback from an allowed source is paired through our record of the payment (payId → session)
 * and, as any callback, re-read at the bank. A signature that is present but wrong is refused.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder, waitForOrderOfCart } from "../utils/checkout-orders"
import {
  callbackBody,
  pathOfCallbackUrl,
  postRawCallback,
  TBC_CHECKOUT_WEBHOOK_PATH,
  waitForCallbackResults,
} from "../utils/checkout-callbacks"
import { SAVED_CARD_CALLS as CALLS, Shopper, aliceForSuite, firstOrderSavesCard } from "../utils/saved-cards-shopper"
import { waitForAppIdle } from "../utils/app-idle"

jest.setTimeout(180_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-plain-callback-url"),
  testSuite: ({ api, getContainer }) => {
    // the store for both tests; the second's two carts of Alice (her first order's, her saved card's)
    const suite = aliceForSuite(api, getContainer, { aliceCarts: 2 })

    it("a checkout whose callback comes to the plain URL places the order; a wrong signature is refused", async () => {
      const shop = new StoreCheckout(api, suite.store)
      const { cartId } = await shop.createCartReadyForPayment([1])
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)
      await bank.dropCallbacks(payId) // the bank's own callback is lost: only ours below arrive
      await bank.pay(payId, "success")

      // the signed URL with a forged signature: refused, no order
      const signedPath = pathOfCallbackUrl((await bank.payment(payId)).callbackUrl)
      const forged = signedPath.replace(/sig=[^&]+/, "sig=AAAAforgedAAAA")
      expect(forged).not.toBe(signedPath)
      expect(await postRawCallback(app.appUrl, callbackBody(payId), { path: forged })).toBe(200)
      const [refused] = await waitForCallbackResults(getContainer(), 1)
      expect(refused).toMatchObject({ pay_id: payId, result: "rejected_source" })
      await waitForAppIdle(getContainer())
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()

      // the plain URL, as registered in the dashboard: paired through our record, order placed
      expect(await postRawCallback(app.appUrl, callbackBody(payId), { path: TBC_CHECKOUT_WEBHOOK_PATH })).toBe(200)
      const orderId = await waitForOrderOfCart(getContainer(), cartId)
      expect(onlyPayment(await readOrder(getContainer(), orderId)).data).toMatchObject({ payId })
      const logs = await waitForCallbackResults(getContainer(), 2)
      expect(logs[1]).toMatchObject({ pay_id: payId, result: "accepted", bank_status: "Succeeded" })
    })

    it("a saved-card execution's callback on the plain URL is paired with its session and changes nothing twice", async () => {
      const alice = new Shopper(api, suite.store, suite.aliceToken, [])
      await bank.dropCallbacks()
      const { card } = await firstOrderSavesCard(alice, bank)
      const { cartId, collectionId } = await alice.cartReadyForPayment()
      expect((await alice.startSession(collectionId, { saved_card_id: card.id })).status).toBe(200)
      const executions = await bank.calls(CALLS.execution)
      const completion = await alice.call("post", `/store/carts/${cartId}/complete`)
      expect(completion.body.type).toBe("order")
      const payment = onlyPayment(await readOrder(getContainer(), completion.body.order.id))
      const payId = payment.data.payId as string
      const before = (await waitForCallbackResults(getContainer(), 0)).length

      // the bank calls the dashboard URL for the execution (it has no URL of its own)
      expect(await postRawCallback(app.appUrl, callbackBody(payId), { path: TBC_CHECKOUT_WEBHOOK_PATH })).toBe(200)
      const logs = await waitForCallbackResults(getContainer(), before + 1)
      expect(logs.find((row) => row.pay_id === payId)).toMatchObject({ result: "accepted", bank_status: "Succeeded" })
      await waitForAppIdle(getContainer()) // what the callback started has finished
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBe(completion.body.order.id)
      const after = onlyPayment(await readOrder(getContainer(), completion.body.order.id))
      expect(after.capturesTetri).toEqual(payment.capturesTetri)
      expect(await bank.calls(CALLS.execution)).toBe(executions + 1)
    })
  },
})
