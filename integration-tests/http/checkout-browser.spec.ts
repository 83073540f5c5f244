/**
 * Browser test in real Chromium: the demo storefront page (scripts/demo/storefront) against the
 * real app and the sandbox bank — products → cart → address → delivery → "TBC card" → the bank's
 * hosted page → Pay (or Decline) → back on the storefront → order confirmation (or a readable
 * error). Screenshots of every step land in test-artifacts/checkout-browser*.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Page } from "playwright-core"
import { StepScreenshots } from "../utils/browser"
import {
  fillCartUpToPayment as fillCart,
  goToBankPage as toBankPage,
  logInOnPage,
  orderWithPayments,
  withBrowser,
} from "../utils/browser-checkout-steps"
import { useStorefrontTestEnv } from "../utils/browser-storefront"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import { waitFor } from "../utils/wait-for"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { postSettings, tokenOf } from "../utils/admin-settings"
import { installmentStatusText, tbcWords } from "../../packages/storefront/src"

jest.setTimeout(240_000)

// card and Apple Pay (activated by the bank), each also a choice of its own (pp_tbc-apple-pay_tbc)
const env = useStorefrontTestEnv({ activatedMethods: [9] }, { TBC_METHODS: "5,9", TBC_ACTIVATED_METHODS: "9" })
/** Seeded price of the first variant (49.99) + the courier (5), seedStore's defaults, in tetri. */
const EXPECTED_TOTAL_TETRI = 4999 + 500
const UI_TIMEOUT_MS = 30_000

const tetri = (amount: unknown): number => Math.round(Number(amount) * 100)

const fillCartUpToPayment = (page: Page, shots: StepScreenshots, variantId: string) =>
  fillCart(page, shots, env.storefrontUrl, variantId, UI_TIMEOUT_MS)
const goToBankPage = (page: Page, shots: StepScreenshots) => toBankPage(page, shots, env.sandboxUrl, UI_TIMEOUT_MS)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-browser"),
  testSuite: ({ api, getContainer }) => {
    it("pays by card on the bank's hosted page and confirms the placed order", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page }) => {
        const shots = new StepScreenshots(page, "checkout-browser")
        // The page pays through the storefront kit (medusa-payment-tbc/storefront, served under /kit/).
        const kitModules = new Set<string>()
        page.on("response", (response) => {
          const path = new URL(response.url()).pathname
          if (path.startsWith("/kit/") && response.ok()) kitModules.add(path)
        })
        await fillCartUpToPayment(page, shots, store.variantIds[0])
        expect([...kitModules]).toEqual(expect.arrayContaining(["/kit/index.js", "/kit/start.js", "/kit/complete.js"]))
        // The hint names what the bank's page offers, as the Store API says (card and Apple Pay here,
        // no hold: preauthorization is off); one card choice, not also the card's own provider
        const cardChoice = await page.locator("label.choice", { has: page.getByTestId("pay-tbc-card") }).textContent()
        expect(cardChoice).toContain("card or Apple Pay on TBC's page")
        expect(cardChoice).not.toContain("held")
        expect(await page.getByTestId("pay-method-tbc-card").count()).toBe(0)
        await expect(page.getByTestId("pay-total").textContent()).resolves.toContain("54.99")
        await goToBankPage(page, shots)
        await expect(page.getByTestId("amount").getAttribute("data-amount")).resolves.toBe("54.99")

        // a documented success test card, typed into the hosted page's card field
        await expect(page.getByTestId("shop-name").textContent()).resolves.toBeTruthy()
        await page.getByTestId("card-number").fill("5555 5555 5555 4444")
        await page.getByTestId("pay").click()
        await page.waitForURL((url) => url.href.startsWith(env.storefrontUrl), { timeout: UI_TIMEOUT_MS })
        await page.getByTestId("order-confirmation").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("order-confirmation")

        const orderId = (await page.getByTestId("order-id").textContent())?.trim() ?? ""
        expect(orderId).toMatch(/^order_/)
        expect(await page.getByTestId("order-total").textContent()).toContain("54.99")

        // The order really exists, paid through TBC and captured (the dev app runs without preauth).
        const order = await orderWithPayments(getContainer(), orderId)
        expect(order).toBeDefined()
        expect(await page.getByTestId("order-display-id").textContent()).toBe(`#${order!.display_id}`)
        expect(tetri(order!.total)).toBe(EXPECTED_TOTAL_TETRI)
        const [collection] = order!.payment_collections
        expect(collection.status).toBe("completed")
        expect(collection.payments).toHaveLength(1)
        expect(collection.payments[0].provider_id).toBe(TBC_CHECKOUT_PROVIDER_ID)
        expect(collection.payments[0].captured_at).toBeTruthy()

        // …and the bank was paid exactly that amount for this payment.
        const payId = collection.payments[0].data.payId
        const bankPayment = env.sandbox.state().payments.find((payment) => payment.payId === payId)
        expect(bankPayment?.status).toBe("Succeeded")
        expect(bankPayment).toMatchObject({ paymentCardNumber: "5***********4444", resultCode: "000" })
        expect(tetri(bankPayment?.amount)).toBe(EXPECTED_TOTAL_TETRI)

        // The Store API shows the same order to its customer.
        const headers = { "x-publishable-api-key": store.publishableKey }
        const { data } = await api.get(`/store/orders/${orderId}`, { headers })
        expect(tetri(data.order.total)).toBe(EXPECTED_TOTAL_TETRI)
      })
    })

    it("a shopper on a Georgian cart chooses Apple Pay as its own option, sees the bank's page in Georgian, and pays", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page }) => {
        const shots = new StepScreenshots(page, "checkout-browser-apple-pay-ka")
        // ?lang=ka: the demo page creates the cart with the locale "ka" (Medusa keeps it on the cart)
        await fillCart(page, shots, `${env.storefrontUrl}/?lang=ka`, store.variantIds[0], UI_TIMEOUT_MS)
        // each enabled method is its own choice; those the store has not enabled are not offered
        const applePay = page.getByTestId("pay-method-tbc-apple-pay")
        await applePay.check({ timeout: UI_TIMEOUT_MS })
        expect(await page.locator("label.choice", { has: applePay }).textContent()).toContain("Apple Pay")
        expect(await page.getByTestId("pay-method-tbc-google-pay").count()).toBe(0)
        expect(await page.getByTestId("pay-method-tbc-installment-plan").count()).toBe(0)
        await shots.take("apple-pay-chosen")
        await goToBankPage(page, shots)

        // the bank's page in Georgian, offering Apple Pay alone
        await expect(page.locator("html").getAttribute("lang")).resolves.toBe("ka")
        await expect(page.locator("h1").textContent()).resolves.toBe("გადაიხადეთ 54.99 GEL")
        await expect(page.getByTestId("pay").textContent()).resolves.toBe("გადახდა")
        expect(await page.locator('input[name="method"]').count()).toBe(1)
        await expect(page.getByTestId("method-9").isChecked()).resolves.toBe(true)
        await page.getByTestId("pay").click()
        await page.waitForURL((url) => url.href.startsWith(env.storefrontUrl), { timeout: UI_TIMEOUT_MS })
        await page.getByTestId("order-confirmation").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("order-confirmation")
        expect(await page.getByTestId("order-payment").textContent()).toBe("Apple Pay")

        // paid through Apple Pay's own provider, captured at once (a wallet payment is a purchase)
        const orderId = (await page.getByTestId("order-id").textContent())?.trim() ?? ""
        const order = await orderWithPayments(getContainer(), orderId)
        expect(tetri(order!.total)).toBe(EXPECTED_TOTAL_TETRI)
        const [payment] = order!.payment_collections[0].payments
        expect(payment.provider_id).toBe("pp_tbc-apple-pay_tbc")
        expect(payment.captured_at).toBeTruthy()
        const bankPayment = env.sandbox.state().payments.find((p) => p.payId === payment.data.payId)
        expect(bankPayment).toMatchObject({ status: "Succeeded", paymentMethod: 9, methods: [9], preAuth: false })
        expect(bankPayment?.request).toMatchObject({ language: "KA", methods: [9] })
      })
    })

    it("fits a 390 px wide phone screen: nothing scrolls sideways from the products to the pay button", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 })
        const shots = new StepScreenshots(page, "checkout-browser-390px")
        await fillCartUpToPayment(page, shots, store.variantIds[0])
        const width = await page.evaluate(() => ({
          content: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
        }))
        expect(width.viewport).toBe(390)
        expect(width.content).toBeLessThanOrEqual(width.viewport)
        for (const testId of ["pay-button", "pay-tbc-card", "cart-total", "login-form"]) {
          const box = await page.getByTestId(testId).boundingBox()
          expect({ testId, left: box!.x >= 0, right: box!.x + box!.width <= 390 }).toEqual({
            testId,
            left: true,
            right: true,
          })
        }
      })
    })

    it("shows a readable error after a decline at the bank and keeps the cart for another try", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page }) => {
        const shots = new StepScreenshots(page, "checkout-browser-decline")
        await fillCartUpToPayment(page, shots, store.variantIds[0])
        await goToBankPage(page, shots)

        // the "insufficient funds" test card: the bank declines it with resultCode 116
        await page.getByTestId("card-number").fill("4000 0000 0000 9995")
        await page.getByTestId("pay").click()
        await page.waitForURL((url) => url.href.startsWith(env.storefrontUrl), { timeout: UI_TIMEOUT_MS })
        const error = page.getByTestId("error")
        await error.waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        // Ready to pay again: the payment choices are back.
        await page.getByTestId("pay-tbc-card").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("declined")
        const message = (await error.textContent()) ?? ""
        // The bank's reason in the kit's shopper words (resultCode 116), not Medusa's or the bank's codes.
        expect(message).toBe(
          `Payment not completed: ${tbcWords("en").declineReasons.insufficient_funds} Your cart is still here, so you can pay again.`
        )
        expect(message).not.toMatch(/undefined|\[object|stack|Error:/)
        expect(await page.getByTestId("order-confirmation").isHidden()).toBe(true)
        // The bank recorded the card's decline: Failed, resultCode 116, the masked test card.
        const failed = env.sandbox.state().payments.filter((payment) => payment.status === "Failed")
        expect(failed).toEqual([expect.objectContaining({ resultCode: "116", paymentCardNumber: "4***********9995" })])
        // The cart is still there, ready to pay again.
        expect(await page.getByTestId("cart-item").count()).toBe(1)
        const cartId = await page.evaluate(() => localStorage.getItem("tbc-demo-cart"))
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({ entity: "cart", fields: ["id", "completed_at"], filters: { id: cartId! } })
        expect(data[0]?.completed_at ?? null).toBeNull()
      })
    })

    it("lets a logged-in customer save the card, then pay the next order with it and no bank page", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page }) => {
        const shots = new StepScreenshots(page, "checkout-browser-saved-card")
        await logInOnPage(page, env.storefrontUrl, store.customer, UI_TIMEOUT_MS)
        expect(await page.getByTestId("customer-email").textContent()).toBe(store.customer.email)

        // First order: TBC card with "save this card", on the bank's page as usual.
        await fillCartUpToPayment(page, shots, store.variantIds[0])
        // no preauth here: no word about a held payment next to the box
        expect(await page.getByTestId("save-card-note").isVisible()).toBe(false)
        await page.getByTestId("save-card").check()
        await goToBankPage(page, shots)
        await page.getByTestId("pay").click()
        await page.getByTestId("order-confirmation").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("first-order")

        // The card is recorded by a subscriber after the order: wait until the store lists it.
        const { data: login } = await api.post("/auth/customer/emailpass", store.customer)
        const headers = { "x-publishable-api-key": store.publishableKey, authorization: `Bearer ${login.token}` }
        const cards = await waitFor(
          async () => {
            const { data } = await api.get("/store/customers/me/tbc-cards", { headers })
            return data.cards.length > 0 ? data.cards : undefined
          },
          { timeoutMs: 20_000, intervalMs: 500, description: "the saved card listed for the customer" }
        )
        expect(cards).toHaveLength(1)

        // Second order: the saved card is offered and pays at once, without leaving the shop.
        const visitedBank: string[] = []
        page.on("framenavigated", (frame) => {
          if (frame.url().startsWith(env.sandboxUrl)) visitedBank.push(frame.url())
        })
        await page.getByRole("button", { name: "Continue shopping" }).click()
        await fillCartUpToPayment(page, shots, store.variantIds[1])
        const savedCard = page.getByTestId("pay-saved-card")
        expect(await page.getByTestId("save-card").isVisible()).toBe(true)
        await savedCard.check({ timeout: UI_TIMEOUT_MS })
        // the chosen card is saved already: no "save this card" box for it
        expect(await page.getByTestId("save-card").isVisible()).toBe(false)
        await shots.take("saved-card-offered")
        await page.getByTestId("pay-button").click()
        await page.getByTestId("order-confirmation").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("second-order-saved-card")
        expect(visitedBank).toEqual([])

        const orderId = (await page.getByTestId("order-id").textContent())?.trim() ?? ""
        const order = await orderWithPayments(getContainer(), orderId)
        expect(tetri(order!.total)).toBe(123456 + 500)
        const payId = order!.payment_collections[0].payments[0].data.payId
        const bankPayment = env.sandbox.state().payments.find((payment) => payment.payId === payId)
        expect(bankPayment?.status).toBe("Succeeded")
        expect(tetri(bankPayment?.amount)).toBe(123456 + 500)
        expect(env.sandbox.state().calls["POST /v1/tpay/payments/execution"]).toBe(1)
      })
    })

    it("with preauthorization, says next to the save box that the card works once the shop captures", async () => {
      const store = await seedStore(getContainer())
      // the shop manager switches preauthorization on (Settings → TBC Bank): the Store API's
      // holds_money, which the page reads, follows it; the demo's own start flag is not asked
      const token = tokenOf(await createAdminRequestConfig(getContainer(), api))
      const saved = await postSettings(env.appUrl, token, {
        provider_id: TBC_CHECKOUT_PROVIDER_ID,
        set: { preAuth: true },
      })
      expect(saved.status).toBe(200)
      await env.startStorefront(store)
      await withBrowser(async ({ page }) => {
        const shots = new StepScreenshots(page, "checkout-browser-preauth-save-note")
        await logInOnPage(page, env.storefrontUrl, store.customer, UI_TIMEOUT_MS)
        await fillCartUpToPayment(page, shots, store.variantIds[0])
        expect(await page.getByTestId("save-card").isVisible()).toBe(true)
        expect(await page.getByTestId("save-card-note").textContent()).toMatch(
          /held until the shop confirms your order/
        )
      })
    })

    it("applies for TBC installments in the bank's tab, then places the order from the shop's tab", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page, context }) => {
        const shots = new StepScreenshots(page, "checkout-browser-installments")
        await fillCartUpToPayment(page, shots, store.variantIds[1])
        await page.getByTestId("pay-tbc-installments").check()
        const [bankTab] = await Promise.all([context.waitForEvent("page"), page.getByTestId("pay-button").click()])
        await bankTab.waitForURL((url) => url.href.startsWith(env.sandboxUrl), { timeout: UI_TIMEOUT_MS })
        await bankTab.getByTestId("amount").waitFor({ timeout: UI_TIMEOUT_MS })
        await shots.take("bank-installment-application", bankTab)
        await page.getByTestId("installments-wait").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })

        await bankTab.getByTestId("approve").click()
        await bankTab.getByTestId("message").waitFor({ timeout: UI_TIMEOUT_MS })
        await shots.take("bank-application-approved", bankTab)
        await bankTab.close()

        await shots.take("shop-waiting-for-application")
        await page.getByTestId("installments-done").click()
        await page.getByTestId("order-confirmation").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("order-confirmation")
        // the method the store recorded, not the button's label
        expect(await page.getByTestId("order-payment").textContent()).toBe("Installments")

        const orderId = (await page.getByTestId("order-id").textContent())?.trim() ?? ""
        const order = await orderWithPayments(getContainer(), orderId)
        expect(tetri(order!.total)).toBe(123456 + 500)
        const [collection] = order!.payment_collections
        expect(collection.status).toBe("authorized")
        expect(collection.payments[0].provider_id).toBe(TBC_INSTALLMENTS_PROVIDER_ID)
        const [application] = env.sandbox.state().applications
        expect(tetri(application.priceTotal)).toBe(123456 + 500)
      })
    })

    it("says 'waiting for the bank' when the shopper is back before the bank approves, then places the order once it does", async () => {
      const store = await seedStore(getContainer())
      await env.startStorefront(store)
      await withBrowser(async ({ page, context }) => {
        const shots = new StepScreenshots(page, "checkout-browser-installments-early")
        await fillCartUpToPayment(page, shots, store.variantIds[1])
        await page.getByTestId("pay-tbc-installments").check()
        const [bankTab] = await Promise.all([context.waitForEvent("page"), page.getByTestId("pay-button").click()])
        await bankTab.getByTestId("amount").waitFor({ timeout: UI_TIMEOUT_MS })
        await page.getByTestId("installments-wait").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })

        // Back in the shop before the application is decided: no order, no "Payment not completed".
        await page.getByTestId("installments-done").click()
        await page
          .getByTestId("message")
          .filter({ hasText: "Waiting for the bank" })
          .waitFor({ timeout: UI_TIMEOUT_MS })
        await shots.take("shop-waiting-for-the-bank")
        expect(await page.getByTestId("message").textContent()).toMatch(/The bank has not approved the installment yet/)
        // the application's status as the store's payment-status route sends it, in the kit's words
        const cartId = await page.evaluate(
          () => JSON.parse(localStorage.getItem("tbc-demo-pending-payment") ?? "{}").cartId
        )
        const headers = { "x-publishable-api-key": store.publishableKey }
        const { data: status } = await api.get(`/store/tbc/carts/${cartId}/payment-status`, { headers })
        expect(status.payment_status).toMatchObject({ status: "pending", reason: "installment_pending" })
        const statusWords = installmentStatusText(status.payment_status.installment_status_id, "en")
        expect(statusWords).toEqual(expect.any(String))
        await page
          .getByTestId("message")
          .filter({ hasText: `${tbcWords("en").orderPayment.installment}: ${statusWords}.` })
          .waitFor({ timeout: UI_TIMEOUT_MS })
        expect(await page.getByTestId("error").isVisible()).toBe(false)
        expect(await page.getByTestId("order-confirmation").isVisible()).toBe(false)

        // The bank approves: the page, still asking, shows the order.
        await bankTab.getByTestId("approve").click()
        await bankTab.getByTestId("message").waitFor({ timeout: UI_TIMEOUT_MS })
        await bankTab.close()
        await page.getByTestId("order-confirmation").waitFor({ state: "visible", timeout: UI_TIMEOUT_MS })
        await shots.take("order-confirmation")
        const orderId = (await page.getByTestId("order-id").textContent())?.trim() ?? ""
        const order = await orderWithPayments(getContainer(), orderId)
        expect(order!.payment_collections[0].status).toBe("authorized")
      })
    })
  },
})
