/**
 * Spoofed and bogus bank callbacks against the real app: each one is answered 200 (the bank must
 * not retry forever) and changes nothing — no order, the session stays as it was. A genuine
 * callback afterwards (the signed callback URL the provider gave the bank, from an allowed
 * address) still places the order, which proves it was only the spoofing that stopped it.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, toTetri, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import {
  callbackBody,
  FOREIGN_LOOPBACK_ADDRESS,
  pathOfCallbackUrl,
  postRawCallback,
  TBC_CHECKOUT_WEBHOOK_PATH,
  waitForCallbackResults,
} from "../utils/checkout-callbacks"

jest.setTimeout(90_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-webhooks"),
  testSuite: ({ api, getContainer }) => {
    it("ignores spoofed, unknown, not-final, forged and malformed callbacks, then accepts the genuine one", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      // Paid at the bank, but the bank's own callback is lost: only our requests can complete it.
      const paid = await shop.createCartReadyForPayment([1, 0], "paid@tbc-it.ge")
      const paidPayId = payIdOf((await shop.startPaymentSession(paid.cartId)).session)
      await bank.dropCallbacks(paidPayId)
      await bank.pay(paidPayId, "success")
      const paidCallbackPath = pathOfCallbackUrl((await bank.payment(paidPayId)).callbackUrl)
      // Opened, never paid: the bank still says Created.
      const unpaid = await shop.createCartReadyForPayment([0, 1], "unpaid@tbc-it.ge")
      const unpaidSession = (await shop.startPaymentSession(unpaid.cartId)).session
      const unpaidPayId = payIdOf(unpaidSession)

      const spoofHeaders = {
        "x-tbc-callback-source": "127.0.0.1",
        "x-forwarded-for": "127.0.0.1",
        "x-tbc-callback-session": unpaidSession.id,
      }
      const forgedPairing = `${TBC_CHECKOUT_WEBHOOK_PATH}?s=${unpaidSession.id}`
      const statuses = await Promise.all([
        // the genuine signed URL, but from an address outside the allowlist claiming an allowed one
        postRawCallback(app.appUrl, callbackBody(paidPayId), {
          fromAddress: FOREIGN_LOOPBACK_ADDRESS,
          headers: spoofHeaders,
          path: paidCallbackPath,
        }),
        postRawCallback(app.appUrl, callbackBody("NoSuchPayment0001")),
        postRawCallback(app.appUrl, callbackBody(unpaidPayId)),
        // someone's paid payment paired with another session: unsigned, and with a made-up signature
        postRawCallback(app.appUrl, callbackBody(paidPayId), { path: forgedPairing }),
        postRawCallback(app.appUrl, callbackBody(paidPayId), {
          path: `${forgedPairing}&sig=${"A".repeat(43)}`,
          headers: { "x-tbc-callback-signature": "forged" },
        }),
        // well-formed JSON of the wrong shape
        postRawCallback(app.appUrl, JSON.stringify({ PaymentId: 42 })),
        postRawCallback(app.appUrl, JSON.stringify({ Payment: paidPayId })),
        postRawCallback(app.appUrl, "[]"),
        // a huge body: refused by the body parser or judged malformed, never a crash
        postRawCallback(app.appUrl, JSON.stringify({ PaymentId: "x".repeat(200_000) })),
      ])
      expect(statuses.slice(0, 8)).toEqual([200, 200, 200, 200, 200, 200, 200, 200])
      expect([200, 413]).toContain(statuses[8])
      // Broken JSON never reaches our code: Medusa's JSON body parser answers 400 first.
      expect(await postRawCallback(app.appUrl, `{"PaymentId":"${paidPayId}"`)).toBe(400)

      // Wait until the app has judged every callback, then check that nothing moved.
      const expectedRows = statuses[8] === 200 ? 9 : 8
      const results = await waitForCallbackResults(getContainer(), expectedRows)
      expect(results).toHaveLength(expectedRows)
      const rejected = results.filter((log) => log.result === "rejected_source")
      expect(rejected.map((log) => log.pay_id)).toEqual([paidPayId, paidPayId, paidPayId])
      expect(rejected.map((log) => log.source_ip)).toContain(FOREIGN_LOOPBACK_ADDRESS)
      expect(results.find((log) => log.pay_id === "NoSuchPayment0001")?.result).toBe("unknown_payment")
      expect(results.find((log) => log.pay_id === unpaidPayId)).toMatchObject({
        result: "not_final",
        bank_status: "Created",
      })
      expect(results.filter((log) => log.result === "malformed")).toHaveLength(expectedRows - 5)
      expect(results.filter((log) => log.result === "accepted")).toHaveLength(0)
      for (const cart of [paid, unpaid]) {
        expect(await findOrderIdOfCart(getContainer(), cart.cartId)).toBeUndefined()
        expect((await shop.sessionsOf(cart.cartId)).map((session) => session.status)).toEqual(["pending"])
      }
      expect((await bank.payment(unpaidPayId)).status).toBe("Created")

      // The genuine callback (signed URL, allowed address) completes the paid cart — even when the
      // bank labels its JSON body text/plain.
      expect(
        await postRawCallback(app.appUrl, callbackBody(paidPayId), {
          path: paidCallbackPath,
          contentType: "text/plain",
        })
      ).toBe(200)
      const order = await waitForPaidOrderOfCart(getContainer(), paid.cartId, "completed")
      expect(onlyPayment(order).capturesTetri).toEqual([toTetri(paid.total)])
      const accepted = await waitForCallbackResults(getContainer(), expectedRows + 1)
      expect(accepted[accepted.length - 1]).toMatchObject({
        pay_id: paidPayId,
        result: "accepted",
        bank_status: "Succeeded",
      })
    })
  },
})
