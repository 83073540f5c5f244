/**
 * Preauthorization with the bank's callbacks live (TBC_PREAUTH=true): the WaitingConfirm callback
 * alone places the order with an authorized payment; the admin's capture completes it at the bank
 * once; the bank's later Succeeded callback (which Medusa turns into a capture workflow) must not
 * record a second capture nor send a second completion.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, readOrder, toTetri, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { waitForCallbackResults } from "../utils/checkout-callbacks"
import { waitFor } from "../utils/wait-for"
import { waitForAppIdle } from "../utils/app-idle"

jest.setTimeout(120_000)

// preauthorization on: authorize holds the amount, the admin's capture completes it
const app = startSandboxForApp({}, { TBC_PREAUTH: "true" })
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-preauth-callbacks"),
  testSuite: ({ api, getContainer }) => {
    it("places the order from the WaitingConfirm callback, captures once, and ignores the capture the Succeeded callback asks for", async () => {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId, total } = await shop.createCartReadyForPayment([2, 1])
      const totalTetri = toTetri(total)
      const { session } = await shop.startPaymentSession(cartId)
      const payId = payIdOf(session)

      // The shopper pays and never comes back: only the bank's callback can place the order.
      await bank.pay(payId, "success")
      const placed = await waitForPaidOrderOfCart(container, cartId, "authorized")
      const orderId = placed.id
      expect(placed.collectionStatus).toBe("authorized")
      expect(onlyPayment(placed).capturesTetri).toEqual([])
      expect(onlyPayment(placed).amountTetri).toBe(totalTetri)
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      const [held] = await waitForCallbackResults(container, 1)
      expect(held).toMatchObject({
        pay_id: payId,
        result: "accepted",
        bank_status: "WaitingConfirm",
        source_ip: "127.0.0.1",
      })

      const admin = await createAdminRequestConfig(container, api)
      const completionsBefore = await bank.calls(BANK_CALLS.completion)
      const { status } = await api.post(`/admin/payments/${onlyPayment(placed).id}/capture`, {}, admin)
      expect(status).toBe(200)
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      expect(await bank.payment(payId)).toMatchObject({ status: "Succeeded" })

      // The bank now calls back with Succeeded; Medusa runs its capture workflow ~5 s later.
      const rows = await waitForCallbackResults(container, 2, 30_000)
      expect(rows[1]).toMatchObject({ pay_id: payId, result: "accepted", bank_status: "Succeeded" })
      // the capture workflow started by that callback has finished (or misbehaved)
      await waitForAppIdle(container)
      const after = await waitFor(
        async () => {
          const order = await readOrder(container, orderId)
          return order.collectionStatus === "completed" ? order : undefined
        },
        { timeoutMs: 10_000, description: "the order's payment collection completed" }
      )
      expect(onlyPayment(after).capturesTetri).toEqual([totalTetri])
      expect(onlyPayment(after).capturedAt).not.toBeNull()
      expect(await bank.calls(BANK_CALLS.completion)).toBe(completionsBefore + 1)
      expect(toTetri((await bank.payment(payId)).confirmedAmount)).toBe(totalTetri)

      // A late shopper return finds the order that the callback placed.
      const lateReturn = await shop.completeCart(cartId)
      expect(lateReturn.type).toBe("order")
      expect(lateReturn.order?.id).toBe(orderId)
    })
  },
})
