/**
 * Spoofed and bogus bank callbacks against the real app: each one is answered 200 (the bank must
 * not retry forever) and changes nothing — no order, the session stays as it was. A genuine
 * callback afterwards still places the order, which proves it was only the spoofing that stopped it.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder, toTetri, waitForOrderOfCart } from "../utils/checkout-orders"
import {
  callbackBody,
  FOREIGN_LOOPBACK_ADDRESS,
  postRawCallback,
  waitForCallbackResults,
} from "../utils/checkout-callbacks"

jest.setTimeout(90_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: "tbc-it-checkout-webhooks",
  testSuite: ({ api, getContainer }) => {
    it("ignores spoofed, unknown, not-final and malformed callbacks, then accepts the genuine one", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      // Paid at the bank, but the bank's own callback is lost: only our requests can complete it.
      const paid = await shop.createCartReadyForPayment([1, 0], "paid@tbc-it.ge")
      const paidPayId = payIdOf((await shop.startPaymentSession(paid.cartId)).session)
      await bank.dropCallbacks(paidPayId)
      await bank.pay(paidPayId, "success")
      // Opened, never paid: the bank still says Created.
      const unpaid = await shop.createCartReadyForPayment([0, 1], "unpaid@tbc-it.ge")
      const unpaidPayId = payIdOf((await shop.startPaymentSession(unpaid.cartId)).session)

      const spoofHeaders = { "x-tbc-remote-address": "127.0.0.1", "x-forwarded-for": "127.0.0.1" }
      const statuses = await Promise.all([
        // from an address outside the allowlist, claiming an allowed one in headers
        postRawCallback(app.appUrl, callbackBody(paidPayId), {
          fromAddress: FOREIGN_LOOPBACK_ADDRESS,
          headers: spoofHeaders,
        }),
        postRawCallback(app.appUrl, callbackBody("NoSuchPayment0001")),
        postRawCallback(app.appUrl, callbackBody(unpaidPayId)),
        // well-formed JSON of the wrong shape: judged "malformed" by the provider
        postRawCallback(app.appUrl, JSON.stringify({ PaymentId: 42 })),
        postRawCallback(app.appUrl, JSON.stringify({ Payment: paidPayId })),
        postRawCallback(app.appUrl, "[]"),
      ])
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
      // Broken JSON never reaches our code: Medusa's JSON body parser answers 400 first.
      expect(await postRawCallback(app.appUrl, `{"PaymentId":"${paidPayId}"`)).toBe(400)

      // Wait until the app has judged every callback, then check that nothing moved.
      const results = await waitForCallbackResults(getContainer(), 6)
      expect(results.filter((log) => log.pay_id === paidPayId).map((log) => log.result)).toEqual([
        "rejected_source",
      ])
      expect(results.find((log) => log.pay_id === "NoSuchPayment0001")?.result).toBe("unknown_payment")
      expect(results.find((log) => log.pay_id === unpaidPayId)?.result).toBe("not_final")
      expect(results.filter((log) => log.result === "malformed")).toHaveLength(3)
      for (const cart of [paid, unpaid]) {
        expect(await findOrderIdOfCart(getContainer(), cart.cartId)).toBeUndefined()
        expect((await shop.sessionsOf(cart.cartId)).map((session) => session.status)).toEqual(["pending"])
      }
      expect((await bank.payment(unpaidPayId)).status).toBe("Created")

      // The genuine callback from an allowed address completes the paid cart.
      expect(await postRawCallback(app.appUrl, callbackBody(paidPayId))).toBe(200)
      const orderId = await waitForOrderOfCart(getContainer(), paid.cartId)
      expect(onlyPayment(await readOrder(getContainer(), orderId)).capturesTetri).toEqual([toTetri(paid.total)])
    })
  },
})
