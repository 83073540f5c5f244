/**
 * Orphan policy "notify" (issue 13 §1): a hold whose session Medusa deleted (the cart changed
 * after the shopper paid) is left at the bank and listed for the admin; nothing is completed,
 * cancelled or processed, and the shopper can still pay the changed cart.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { holdBankCallback, waitForCallbackResults } from "../utils/checkout-callbacks"
import { attentionList } from "../utils/tbc-payments"
import { waitFor } from "../utils/wait-for"
import { useSuiteSettings } from "../utils/admin-settings"
import { ORPHANS_GROUP_ENV } from "./app-group-env"

jest.setTimeout(180_000)

// the group's app (a short orphan grace); a hold, and policy "notify", as the admin switches them on
const app = startSandboxForApp({}, ORPHANS_GROUP_ENV)
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-orphaned-payments-notify"),
  testSuite: ({ api, getContainer }) => {
    useSuiteSettings(getContainer, { preAuth: true, orphanPolicy: "notify" })

    it("leaves the orphaned hold at the bank and lists it for the admin", async () => {
      const list = await attentionList(getContainer(), api)
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId, total } = await shop.createCartReadyForPayment([1])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)

      const callback = await holdBankCallback(bank, () => app.appUrl, payId)
      await bank.pay(payId, "success")
      await shop.addItem(cartId, 1, 1)
      expect(await callback.deliver()).toBe(200) // the bank's callback, after the cart change

      const listed = await waitFor(
        async () => (await list()).find((e) => e.pay_id === payId && e.orphan_action === "notified"),
        { timeoutMs: 30_000, intervalMs: 250, description: `payment ${payId} in the admin's attention list` }
      )
      expect(listed).toMatchObject({
        reason: "money at the bank without an order (orphan policy: notify)",
        state: "held",
        amount: Math.round(total * 100),
        bank_status: "WaitingConfirm",
        actions: ["recheck", "release"],
      })
      const logs = await waitForCallbackResults(getContainer(), 1)
      expect(logs.find((row) => row.pay_id === payId)?.result).toBe("session_gone")
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(0)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
      // listed once, whatever ran (deletion timer, callback)
      expect((await list()).filter((p) => p.pay_id === payId)).toHaveLength(1)

      // the shopper pays the changed cart
      const again = payIdOf((await shop.startPaymentSession(cartId)).session)
      await bank.pay(again, "success")
      await waitForPaidOrderOfCart(getContainer(), cartId, "authorized")
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
    })
  },
})
