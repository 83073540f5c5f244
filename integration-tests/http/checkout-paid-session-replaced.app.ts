/**
 * Medusa lets anyone who knows a payment collection id open a new payment session on it, even after
 * the order was placed, and it deletes the old session first — calling the provider's
 * deletePayment with the paid payment's data. That must never return the money or release a
 * held preauthorization: the shopper would keep the order without paying. Our guard middleware
 * refuses the request; the provider's deletePayment never moves money either (unit-tested).
 *
 * The same request while the cart's completion is still in progress (the guard cannot see an order
 * yet) waits for Medusa's cart lock, which the completion holds, and is refused once the order
 * exists (createTbcPaymentSessionWorkflow's header says why).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout, type CartCompletion } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl, type SandboxPayment } from "../utils/checkout-bank"
import { onlyPayment, readOrder } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { waitFor } from "../utils/wait-for"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

jest.setTimeout(120_000)

// preauthorization on: authorize holds the amount, the admin's capture completes it
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-paid-session-replaced"),
  testSuite: ({ api, getContainer }) => {
    beforeAll(() => bank.dropCallbacks())

    async function paymentsAtBank(): Promise<SandboxPayment[]> {
      const { payments } = await bank.state()
      return Array.isArray(payments) ? payments : Object.values(payments ?? {})
    }

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

    it("a new session requested while the cart's completion is in progress waits for it and is refused: one hold, no second page", async () => {
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const earlier = new Set((await paymentsAtBank()).map((p) => p.payId))
      const { cartId } = await shop.createCartReadyForPayment([2])
      const { session, paymentCollectionId } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)
      // paid at the bank; its callback is lost, so only the completion's own read tells the ledger
      await bank.pay(payId, "success")

      // the completion is held in progress: Medusa took the cart's lock and created the order, and
      // waits to mark the cart completed, because this transaction holds the cart's row
      const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const holdsCart = await pg.transaction()
      let completion: Promise<CartCompletion> | undefined
      let replay: Promise<{ status: number; data: any }> | undefined
      let whileCompleting: string
      try {
        await holdsCart.raw(`select id from cart where id = ? for no key update`, [cartId])
        completion = shop.completeCart(cartId)
        await waitFor(
          async () =>
            (
              await pg.raw(
                `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
              )
            ).rows[0].n > 0,
          { description: "the completion waiting for the cart's row" }
        )
        const request = api.post(
          `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
          { provider_id: TBC_CHECKOUT_PROVIDER_ID },
          { headers: { "x-publishable-api-key": store.publishableKey }, validateStatus: () => true }
        )
        replay = request
        whileCompleting = await Promise.race([
          request.then((r: { status: number }) => `answered ${r.status}`),
          new Promise<string>((resolve) => setTimeout(() => resolve("waiting"), 2_000)),
        ])
      } finally {
        await holdsCart.commit()
      }
      const [completed, replayed] = await Promise.all([completion!, replay!])

      expect({
        whileCompleting,
        sessionRequest: `${replayed!.status} ${replayed!.data?.message}`,
        completion: completed!.type,
        cartPages: (await shop.sessionsOf(cartId)).map((s) => s.data.payId),
        bankPayments: (await paymentsAtBank())
          .filter((p) => !earlier.has(p.payId))
          .map((p) => [p.payId === payId ? "paid page" : "another page", p.status]),
      }).toEqual({
        whileCompleting: "waiting",
        sessionRequest: expect.stringMatching(/^400 .*already (made|ordered)/),
        completion: "order",
        cartPages: [payId],
        bankPayments: [["paid page", "WaitingConfirm"]],
      })
    })
  },
})
