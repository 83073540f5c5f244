/**
 * GET /store/tbc/carts/:id/payment-status, the read-only status the storefront kit waits on, against
 * the real app and the sandbox bank: what it answers (and nothing more), every way back from the
 * bank in shopper words, and the point of it — a long wait costs no order numbers, where every
 * refused completion of the cart loses one (Medusa creates the order, then rolls it back).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  completeTbcPayment,
  startTbcPayment,
  tbcShopperView,
  waitForTbcDecision,
  type TbcStoreClient,
} from "../../packages/storefront/src"
import {
  seedStore,
  TBC_CHECKOUT_PROVIDER_ID,
  TBC_INSTALLMENTS_PROVIDER_ID,
  type SeededStore,
} from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { SandboxInstallments } from "./installments-support"
import { useStorefrontApp } from "./storefront-support"
import { waitFor } from "../utils/wait-for"

jest.setTimeout(180_000)

const app = useStorefrontApp()
const checkoutBank = new SandboxBankControl(() => app.sandboxUrl)
const installmentsBank = new SandboxInstallments(() => app.sandboxUrl)
/** The sandbox's test card that the bank declines for insufficient funds (resultCode 116). */
const NO_FUNDS_CARD = "4000000000009995"

async function displayIds(container: MedusaContainer): Promise<number[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["display_id"] })
  return data.map((order: { display_id: number }) => Number(order.display_id)).sort((a, b) => a - b)
}

/** The shopper types a card number on the bank's hosted page and presses Pay (its form, as a browser posts it). */
async function payOnHostedPage(redirectUrl: string, cardNumber: string): Promise<void> {
  const response = await fetch(redirectUrl, {
    method: "POST",
    body: new URLSearchParams({ method: "5", cardNumber }),
    redirect: "manual",
  })
  expect(response.status).toBe(303)
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-storefront-status"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let kit: TbcStoreClient
    let checkout: StoreCheckout
    // seeded once: each test starts from the database as this left it (the runner restores it)
    beforeAll(async () => {
      store = await seedStore(getContainer())
      kit = app.kit(store)
      checkout = new StoreCheckout(api, store)
    })
    beforeEach(() => installmentsBank.reset())
    const headers = () => ({ "x-publishable-api-key": store.publishableKey })
    const statusOf = (cartId: string) =>
      api.get(`/store/tbc/carts/${cartId}/payment-status`, { headers: headers(), validateStatus: () => true })

    async function startPayment(providerId: string, quantities = [1]) {
      const { cartId } = await checkout.createCartReadyForPayment(quantities)
      const started = await startTbcPayment(kit, cartId, {
        providerId,
        returnUrl: `${app.storefrontUrl}/?cart=${cartId}`,
      })
      return { cartId, redirectUrl: started.redirectUrl!, session: started.session }
    }

    it("answers only the payment's outcome: no amounts, bank ids or card; 404 for an unknown cart, 400 for a bad id; the payment options", async () => {
      const { cartId, redirectUrl } = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      const pending = await statusOf(cartId)
      expect(pending.status).toBe(200)
      expect(pending.headers["cache-control"]).toBe("no-store")
      expect(pending.data).toEqual({
        payment_status: {
          cart_id: cartId,
          status: "pending",
          reason: "payment_pending",
          provider_id: TBC_CHECKOUT_PROVIDER_ID,
          order_id: null,
          result_code: null,
          installment_status_id: null,
        },
      })
      await payOnHostedPage(redirectUrl, NO_FUNDS_CARD)
      // the bank's answers are shared for a second: the next question after that has the decline
      const declined = await waitFor(async () => {
        const answer = (await statusOf(cartId)).data.payment_status
        return answer.status === "failed" && answer
      })
      expect(declined).toMatchObject({ reason: "declined", result_code: "116" })
      expect(JSON.stringify(declined)).not.toMatch(/payId|amount|\*\*\*|sandbox/i)

      const unknown = await statusOf("cart_01UNKNOWN")
      expect(unknown.status).toBe(404)
      const bad = await statusOf("order_1")
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/id: must be a cart id/)
      const withoutKey = await api.get(`/store/tbc/carts/${cartId}/payment-status`, { validateStatus: () => true })
      expect(withoutKey.status).toBe(400) // Medusa asks every /store route for the publishable key

      // the payment step's facts for "save this card": the group's page (card, internet bank,
      // installments; Google Pay left out while the money is held), cards saved
      const { data: options } = await api.get("/store/tbc/payment-options", { headers: headers() })
      const offered = { available: true, unavailable_reason: null, unavailable_message: null }
      expect(options.payment_options[0]).toEqual({
        provider_id: TBC_CHECKOUT_PROVIDER_ID,
        kind: "checkout",
        identifier: "tbc-checkout",
        method: null,
        methods: [5, 7, 8],
        save_cards: true,
        // the group holds card payments (preauthorization); the store has set no title of its own
        holds_money: true,
        title: null,
        ...offered,
      })
      expect(options.payment_options[options.payment_options.length - 1]).toEqual({
        provider_id: TBC_INSTALLMENTS_PROVIDER_ID,
        kind: "installments",
        identifier: "tbc-installments",
        method: null,
        methods: [],
        save_cards: false,
        holds_money: false,
        title: null,
        ...offered,
      })
      // the kit hides the per-method providers the store has not enabled
      expect(await kit.getPaymentOptions()).toEqual(
        options.payment_options.filter((option: { available: boolean }) => option.available)
      )
    })

    it("every way back ends in shopper words with a way forward, never Medusa's (en, ka, ru)", async () => {
      // declined for insufficient funds: the reason, and pay again
      const declined = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      await payOnHostedPage(declined.redirectUrl, NO_FUNDS_CARD)
      const noFunds = await completeTbcPayment(declined.cartId, kit).catch((e) => e)
      expect(noFunds).toMatchObject({ code: "declined", resultCode: "116", canPayAgain: true })
      const view = tbcShopperView({ status: "failed", error: noFunds }, "ka")
      expect(view.message).toMatch(/საკმარისი თანხა/)
      expect(view.actions.map((action) => action.kind)).toEqual(["pay_again", "back_to_cart"])

      // the cart changed while the shopper was at the bank: Medusa dropped the session
      const changed = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      await checkout.addItem(changed.cartId)
      expect(JSON.stringify(await checkout.completeCart(changed.cartId))).toMatch(/Payment sessions are required/)
      const changedError = await completeTbcPayment(changed.cartId, kit).catch((e) => e)
      expect(changedError).toMatchObject({ code: "cart_changed", canPayAgain: true })
      expect(tbcShopperView({ status: "failed", error: changedError }, "ru").message).toMatch(/корзина изменилась/)

      // an unknown cart id in the return URL
      const unknown = await completeTbcPayment("cart_01UNKNOWN", kit).catch((e) => e)
      expect(unknown).toMatchObject({ code: "cart_not_found" })
      expect(tbcShopperView({ status: "failed", error: unknown }, "en").actions[0].kind).toBe("back_to_shop")

      for (const error of [noFunds, changedError, unknown]) {
        for (const locale of ["en", "ka", "ru"]) {
          expect(error.messageIn(locale)).not.toMatch(/cart_|Payment sessions|not found|Session/)
        }
      }
    })

    it("a long wait for the bank costs no order numbers; one refused completion would have cost one", async () => {
      const container = getContainer()
      // an order to count from
      const first = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      await checkoutBank.pay(String(first.session.data?.payId), "success")
      await completeTbcPayment(first.cartId, kit)
      const [start] = (await displayIds(container)).slice(-1)

      // an installment under review: the return page waits, asking the status; the bank approves
      // at the 25th question (the shopper lost 10 numbers in 25 s of such a wait)
      const waiting = await startPayment(TBC_INSTALLMENTS_PROVIDER_ID, [1, 1])
      const bankSession = String(waiting.session.data?.sessionId)
      await installmentsBank.setStatus(bankSession, 1)
      // the return page names the application's status while it waits (1: the bank is reviewing it)
      expect((await statusOf(waiting.cartId)).data.payment_status).toMatchObject({
        status: "pending",
        reason: "installment_pending",
        installment_status_id: 1,
      })
      let questions = 0
      const approved = await waitForTbcDecision(waiting.cartId, {
        ...kit,
        getPaymentStatus: async (id) => {
          if (++questions === 25) await installmentsBank.setStatus(bankSession, 2)
          return kit.getPaymentStatus(id)
        },
        intervalMs: 100,
      })
      expect(questions).toBeGreaterThanOrEqual(25)
      expect(Number(approved.order.display_id)).toBe(start + 1)
      // once placed, the status (from the ledger) and the order's payment name the approval and the method
      expect((await statusOf(waiting.cartId)).data.payment_status).toMatchObject({
        status: "decided",
        installment_status_id: 2,
      })
      expect(await kit.getOrderPayment(approved.order.id, waiting.cartId)).toEqual({
        card_mask: null,
        card_last4: null,
        payment_method: 8,
        payment_method_label: "Installment",
        installment_status_id: 2,
      })

      // the control: completing an unpaid cart, as the kit used to while waiting, loses a number
      const control = await startPayment(TBC_CHECKOUT_PROVIDER_ID)
      expect((await checkout.completeCart(control.cartId)).type).toBe("cart")
      await checkoutBank.pay(String(control.session.data?.payId), "success")
      const placed = await completeTbcPayment(control.cartId, kit)
      expect(Number(placed.order.display_id)).toBe(start + 3)
      expect(await displayIds(container)).toEqual([start, start + 1, start + 3])
    })
  },
})
