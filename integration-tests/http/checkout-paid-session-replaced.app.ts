/**
 * Medusa lets anyone who knows a payment collection id open a new payment session on it, even after
 * the order was placed, and it deletes the old session first — calling the provider's
 * deletePayment with the paid payment's data. That must never return the money or release a
 * held preauthorization: the shopper would keep the order without paying. Our guard middleware
 * refuses the request; the provider's deletePayment never moves money either (unit-tested).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"

jest.setTimeout(120_000)

// preauthorization on: authorize holds the amount, the admin's capture completes it
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-paid-session-replaced"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())

    it("keeps the held money when a new session is opened on an ordered payment collection", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId } = await shop.createCartReadyForPayment([1, 1])
      const { session, paymentCollectionId } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)
      await bank.pay(payId, "success")
      const completion = await shop.completeCart(cartId)
      expect(completion.type).toBe("order")
      const cancelsBefore = await bank.calls(BANK_CALLS.cancel)

      // the shopper (or anyone with the collection id) opens a new session on the paid collection
      const replay = await api.post(
        `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
        { provider_id: TBC_CHECKOUT_PROVIDER_ID },
        { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
      )
      // whatever Medusa answers, the bank must still hold the money for the order
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(cancelsBefore)
      const order = await readOrder(getContainer(), completion.order!.id)
      expect(onlyPayment(order).data).toMatchObject({ payId })
      // refused by our guard (Medusa 2.21.2 itself would accept it and delete the paid session)
      expect(replay.status).toBe(400)
      expect(replay.data.message).toMatch(/already (made|ordered)/)
      expect((await shop.sessionsOf(cartId)).map((s) => s.data.payId)).toEqual([payId])

      // and the merchant can still capture the order's payment
      const admin = await createAdminRequestConfig(getContainer(), api)
      const captured = await api.post(`/admin/payments/${onlyPayment(order).id}/capture`, {}, admin)
      expect(captured.status).toBe(200)
      expect((await bank.payment(payId)).status).toBe("Succeeded")
    })
  },
})
