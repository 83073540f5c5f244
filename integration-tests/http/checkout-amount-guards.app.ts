/**
 * The amount a TBC checkout payment moves is exactly the amount Medusa records:
 * - authorizePayment accepts a bank payment only for the session's own amount and currency: a
 *   session paired with a cheaper paid payment (however that happened) places no order;
 * - the admin's capture of less than the hold is refused before anything moves (the bank would
 *   complete the whole hold while Medusa records less); a full capture still works.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, readOrder, toTetri } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"

jest.setTimeout(120_000)

// preauthorization on: authorize holds the amount, the admin's capture completes it
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

    it("refuses a capture of less than the hold before the bank is called, then captures in full", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId, total } = await shop.createCartReadyForPayment([1, 1])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(payId, "success")
      const completion = await shop.completeCart(cartId)
      expect(completion.type).toBe("order")
      const payment = onlyPayment(await readOrder(getContainer(), completion.order!.id))
      const admin = await createAdminRequestConfig(getContainer(), api)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)

      const partial = await api.post(
        `/admin/payments/${payment.id}/capture`,
        { amount: 1 },
        { ...admin, validateStatus: () => true }
      )
      expect(partial.status).toBe(400)
      expect(partial.data.message).toMatch(/^amount: a TBC payment is captured in full: 1\.00 GEL is less than/)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore)
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(onlyPayment(await readOrder(getContainer(), completion.order!.id)).capturesTetri).toEqual([])
      // the route still asks for an admin: no amount is revealed to a stranger
      const stranger = await api.post(
        `/admin/payments/${payment.id}/capture`,
        { amount: 1 },
        { validateStatus: () => true }
      )
      expect(stranger.status).toBe(401)

      const full = await api.post(`/admin/payments/${payment.id}/capture`, { amount: total }, admin)
      expect(full.status).toBe(200)
      const bankPayment = await bank.payment(payId)
      expect(bankPayment.status).toBe("Succeeded")
      expect(toTetri(bankPayment.confirmedAmount)).toBe(toTetri(total))
      expect(onlyPayment(await readOrder(getContainer(), completion.order!.id)).capturesTetri).toEqual([toTetri(total)])
    })
  },
})
