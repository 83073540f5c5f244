/**
 * Orphaned HOLD under the default orphan policy "refund" (issue 13 §1), preauthorization on: the
 * shopper's card is held at the bank (WaitingConfirm) when Medusa deletes the session (an item added
 * in another tab). After the orphan grace the hold is cancelled at the bank exactly once, the admin
 * sees the action, no order exists, and the shopper pays the changed cart and gets one order.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { BANK_CALLS, payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { findOrderIdOfCart, onlyPayment, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { holdBankCallback, waitForCallbackResults } from "../utils/checkout-callbacks"
import { attentionList, ledgerOf, waitForOrphanAction } from "../utils/tbc-payments"
import { useSuiteSettings } from "../utils/admin-settings"
import { ORPHANS_GROUP_ENV } from "./app-group-env"

jest.setTimeout(180_000)

// the group's app (a short orphan grace); preauthorization as the admin switches it on
const app = startSandboxForApp({}, ORPHANS_GROUP_ENV)
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-checkout-orphaned-hold"),
  testSuite: ({ api, getContainer }) => {
    useSuiteSettings(getContainer, { preAuth: true })

    it("cancels the hold of a session the cart change deleted, once, records it, and the shopper pays the new cart", async () => {
      const list = await attentionList(getContainer(), api)
      const store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const { cartId, total } = await shop.createCartReadyForPayment([1])
      const payId = payIdOf((await shop.startPaymentSession(cartId)).session)

      // held at the bank; the callback comes late, meanwhile the shopper adds an item in another tab
      const callback = await holdBankCallback(bank, () => app.appUrl, payId)
      await bank.pay(payId, "success")
      expect((await bank.payment(payId)).status).toBe("WaitingConfirm")
      await shop.addItem(cartId, 1, 1)
      expect(await shop.sessionsOf(cartId)).toEqual([])
      expect(await callback.deliver()).toBe(200) // the bank's callback, after the cart change

      const recorded = await waitForOrphanAction(getContainer(), payId)
      expect(recorded).toMatchObject({
        orphan_action: "cancelled",
        orphan_amount: Math.round(total * 100),
        cart_id: cartId,
        state: "returned",
      })
      // released: nothing is left for the admin to decide
      expect((await list()).find((e) => e.pay_id === payId)).toBeUndefined()
      expect((await bank.payment(payId)).status).toBe("Returned")
      const logs = await waitForCallbackResults(getContainer(), 1)
      expect(logs.find((row) => row.pay_id === payId)?.result).toBe("session_gone")
      await new Promise((resolve) => setTimeout(resolve, 1_500)) // what the callback started has settled
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(1)
      expect(await findOrderIdOfCart(getContainer(), cartId)).toBeUndefined()
      // released once: one recorded action, and nothing listed for the admin
      const trail = await ledgerOf(getContainer()).events(recorded.id)
      expect(trail.filter((e) => e.event === "orphan_cancelled")).toHaveLength(1)
      expect((await list()).filter((p) => p.pay_id === payId)).toHaveLength(0)

      // the shopper pays the changed cart: exactly one order, held by the new payment
      const again = payIdOf((await shop.startPaymentSession(cartId)).session)
      expect(again).not.toBe(payId)
      await bank.pay(again, "success")
      const order = await waitForPaidOrderOfCart(getContainer(), cartId, "authorized")
      expect(onlyPayment(order).data).toMatchObject({ payId: again })
      expect((await bank.payment(again)).status).toBe("WaitingConfirm")
      expect(await bank.calls(BANK_CALLS.cancel)).toBe(1)
    })
  },
})
