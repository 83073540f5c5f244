/**
 * The amount a TBC checkout payment moves is exactly the amount Medusa records: authorizePayment
 * accepts a bank payment only for the session's own amount and currency, so a session paired with
 * a cheaper paid payment (however that happened) places no order. (A capture of less than the
 * hold is one smaller completion: checkout-partial-capture.app.ts.)
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, toTetri } from "../utils/checkout-orders"

jest.setTimeout(120_000)

// preauthorization on: authorize holds the amount
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-amount-guards"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())

    it("places no order when the session's bank payment is for another amount", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const dear = await shop.createCartReadyForPayment([1, 1], "dear@tbc-it.ge")
      const dearSession = (await shop.startPaymentSession(dear.cartId)).session
      const cheap = await shop.createCartReadyForPayment([1, 0], "cheap@tbc-it.ge")
      const cheapPayId = payIdOf((await shop.startPaymentSession(cheap.cartId)).session)
      expect(toTetri(cheap.total)).toBeLessThan(toTetri(dear.total))
      await bank.pay(cheapPayId, "success")
      // the dear cart's session now names the cheaper, held payment
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await pg.raw(`update payment_session set data = jsonb_set(data, '{payId}', to_jsonb(?::text)) where id = ?`, [
        cheapPayId,
        dearSession.id,
      ])

      const completion = await shop.completeCart(dear.cartId)
      expect(completion.type).toBe("cart")
      expect(completion.error?.message).toMatch(/does not match this checkout/)
      expect(await findOrderIdOfCart(getContainer(), dear.cartId)).toBeUndefined()
      // the cheap cart's own checkout is untouched
      expect((await shop.completeCart(cheap.cartId)).type).toBe("order")
    })
  },
})
