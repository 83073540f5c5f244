/**
 * The dtc-starter with the guide's patches applied (docs/storefront-nextjs.md, applied to the
 * starter's own files by docs/storefront-dtc/__tests__/guide-patch.js) in Chromium, against the
 * real app and the sandbox bank: the starter's payment step offers the kit's TBC choices, its
 * review button sends the shopper to the bank, the guide's return page places and opens the order,
 * and the order page shows how it was paid; a decline ends in the shopper's words with "pay again",
 * which pays; a Georgian shopper reads Georgian; installments open the bank's application in a new
 * tab; a logged-in customer saves a card (told it works after the capture), pays with it at once,
 * and removes it in My Account. The pages are the patched starter bundled by Vite with stubs of the
 * rest of the starter (docs/storefront-dtc/__tests__/bundle-guide.mjs); Next.js itself is not run.
 */
import { execFile } from "child_process"
import fs from "fs"
import http from "http"
import os from "os"
import path from "path"
import { promisify } from "util"
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { BrowserContext, Page } from "playwright-core"
import { tbcWords } from "../../packages/storefront/src"
import { readsExactly, withBrowser } from "../utils/browser-checkout-steps"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { onlyPayment, readOrder } from "../utils/checkout-orders"
import { StoreCheckout } from "../utils/checkout-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { SAVED_CARD_CALLS as CALLS, Shopper, login } from "../utils/saved-cards-shopper"
import {
  seedStore,
  TBC_CHECKOUT_PROVIDER_ID,
  TBC_INSTALLMENTS_PROVIDER_ID,
  type SeededStore,
} from "../utils/seed-store"
import { useStorefrontApp } from "./storefront-support"

jest.setTimeout(300_000)

const app = useStorefrontApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const BUNDLER = path.resolve(__dirname, "../../docs/storefront-dtc/__tests__/bundle-guide.mjs")
const UI_TIMEOUT_MS = 30_000
const EN = tbcWords("en")
const KA = tbcWords("ka")
const PAID = "5555 5555 5555 4444"
const INSUFFICIENT_FUNDS = "4000 0000 0000 9995"

/** What the page is told (the starter reads it from env and its cookies). */
interface PageConfig {
  backendUrl: string
  publishableKey: string
  countryCode: string
  customerToken: string | null
}

/**
 * What the page knows before the storefront's script runs: the test's settings, and the env the
 * starter's server actions read on Next.js's server (they run in this page here).
 */
function pageScript(config: PageConfig): string {
  const env = {
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: config.backendUrl,
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: config.publishableKey,
  }
  return `globalThis.__TBC_GUIDE__ = ${JSON.stringify(config)}; globalThis.process = { env: ${JSON.stringify(env)} }`
}

/** The storefront: every page of the patched starter is the one script, which routes by the URL. */
function serveStorefront(script: string, config: () => PageConfig): http.Server {
  return http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://storefront.local")
    if (pathname === "/guide.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(script)
    } else if (/^\/ge\/(checkout|tbc\/return|order\/order_\w+\/confirmed|account\/profile)$/.test(pathname)) {
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          `<!doctype html><html><body><div id="root"></div><script>${pageScript(config())}</script><script src="/guide.js"></script></body></html>`
        )
    } else {
      response.writeHead(404).end()
    }
  })
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-storefront-guide"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let server: http.Server | undefined
    let customerToken: string | null = null
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-guide-"))

    beforeAll(async () => {
      const scriptFile = path.join(work, "guide.js")
      await promisify(execFile)(process.execPath, [BUNDLER, scriptFile])
      store = await seedStore(getContainer())
      const config = (): PageConfig => ({
        backendUrl: app.appUrl,
        publishableKey: store.publishableKey,
        countryCode: "ge",
        customerToken,
      })
      server = serveStorefront(fs.readFileSync(scriptFile, "utf8"), config)
      await new Promise<void>((resolve) => server!.listen(app.storefrontPort, "127.0.0.1", resolve))
    })
    beforeEach(() => {
      customerToken = null
    })
    afterAll(async () => {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
      fs.rmSync(work, { recursive: true, force: true })
    })

    const checkoutUrl = (cartId: string) => `${app.storefrontUrl}/ge/checkout?step=payment&cart=${cartId}`

    /** The shopper's language, where the starter keeps it (its `_medusa_locale` cookie). */
    const speak = (context: BrowserContext, locale: string) =>
      context.addCookies([{ name: "_medusa_locale", value: locale, url: app.storefrontUrl }])

    /** On the payment step: picks the TBC choice and continues to the review step. */
    async function choose(page: Page, providerId: string, before?: () => Promise<void>): Promise<void> {
      const choice = page.getByTestId(`tbc-choice-${providerId}`)
      await choice.locator("input[type=radio]").check({ timeout: UI_TIMEOUT_MS })
      await before?.()
      await page.getByTestId("submit-payment-button").click()
      await page.waitForURL(/step=review/, { timeout: UI_TIMEOUT_MS })
    }

    /** From the review step's button to the bank's card form, and the card paid or declined there. */
    async function payOnBankPage(page: Page, card: string): Promise<void> {
      await page.getByTestId("tbc-pay-button").click()
      await page.waitForURL((url) => url.href.startsWith(app.sandboxUrl), { timeout: UI_TIMEOUT_MS })
      await page.getByTestId("card-number").fill(card, { timeout: UI_TIMEOUT_MS })
      await page.getByTestId("pay").click()
    }

    /** The order page the kit opened: its id, and the TBC lines it shows. */
    async function orderPage(page: Page): Promise<{ orderId: string; lines: string[] }> {
      await page.waitForURL(/\/ge\/order\/order_\w+\/confirmed$/, { timeout: UI_TIMEOUT_MS })
      const line = page.getByTestId("tbc-order-payment-line")
      await line.first().waitFor({ timeout: UI_TIMEOUT_MS })
      return { orderId: /\/order\/(order_\w+)\//.exec(page.url())![1], lines: await line.allTextContents() }
    }

    async function orderIdsOfCart(cartId: string): Promise<string[]> {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
      return data.map((link: { order_id: string }) => link.order_id)
    }

    it("card: the starter's payment step offers TBC, the bank takes the card, the return page places the order and the order page shows the card", async () => {
      await withBrowser(async ({ page }) => {
        const { cartId } = await new StoreCheckout(api, store).createCartReadyForPayment()
        await page.goto(checkoutUrl(cartId))
        // the money is only held in this store (preauthorization): the choice says so
        const card = page.getByTestId(`tbc-choice-${TBC_CHECKOUT_PROVIDER_ID}`)
        await expect(card.getByTestId("tbc-holds-money").textContent({ timeout: UI_TIMEOUT_MS })).resolves.toBe(
          EN.checkout.holdsMoney
        )
        // a guest: no saved cards, no "save this card"
        await choose(page, TBC_CHECKOUT_PROVIDER_ID)
        expect(await page.getByTestId("tbc-save-card").count()).toBe(0)
        await expect(page.getByTestId("tbc-pay-button").textContent()).resolves.toBe(EN.checkout.pay)
        await payOnBankPage(page, PAID)

        const { orderId, lines } = await orderPage(page)
        expect(await orderIdsOfCart(cartId)).toEqual([orderId])
        expect(lines.join("\n")).toMatch(new RegExp(`${EN.orderPayment.card}\\s.*4444`))
        // the starter's own line: the provider's title from the map the guide extends
        await expect(page.getByTestId("payment-method").textContent()).resolves.toBe(EN.checkout.bankTitle)
      })
    })

    it("a declined card in Georgian: the reason, 'pay again' back to the payment step, and paying again places one order", async () => {
      await withBrowser(async ({ page, context }) => {
        await speak(context, "ka")
        const { cartId } = await new StoreCheckout(api, store).createCartReadyForPayment()
        await page.goto(checkoutUrl(cartId))
        // the choices in the shopper's language
        const card = page.getByTestId(`tbc-choice-${TBC_CHECKOUT_PROVIDER_ID}`)
        await readsExactly(card.getByTestId("tbc-holds-money"), KA.checkout.holdsMoney, UI_TIMEOUT_MS)
        await choose(page, TBC_CHECKOUT_PROVIDER_ID)
        await readsExactly(page.getByTestId("tbc-pay-button"), KA.checkout.pay, UI_TIMEOUT_MS)
        await payOnBankPage(page, INSUFFICIENT_FUNDS)

        await page.getByTestId("tbc-pay_again").waitFor({ timeout: UI_TIMEOUT_MS })
        await readsExactly(page.getByTestId("tbc-return-message"), KA.declineReasons.insufficient_funds, UI_TIMEOUT_MS)
        await readsExactly(page.getByRole("heading"), KA.titles.failed, UI_TIMEOUT_MS)
        await expect(page.getByTestId("tbc-back_to_cart").getAttribute("href")).resolves.toBe("/ge/cart")
        expect(await orderIdsOfCart(cartId)).toEqual([])

        await page.getByTestId("tbc-pay_again").click()
        await page.waitForURL(/\/ge\/checkout\?step=payment$/, { timeout: UI_TIMEOUT_MS })
        await choose(page, TBC_CHECKOUT_PROVIDER_ID)
        await payOnBankPage(page, PAID)
        const { orderId, lines } = await orderPage(page)
        expect(await orderIdsOfCart(cartId)).toEqual([orderId])
        expect(lines.join("\n")).toContain(KA.orderPayment.card)
      })
    })

    it("installments: offered for a cart above their minimum; the bank's application opens in a new tab, then 'I have finished at TBC'", async () => {
      await withBrowser(async ({ page, context }) => {
        const { cartId } = await new StoreCheckout(api, store).createCartReadyForPayment([1, 1])
        await page.goto(checkoutUrl(cartId))
        await choose(page, TBC_INSTALLMENTS_PROVIDER_ID)
        const [application] = await Promise.all([
          context.waitForEvent("page", { timeout: UI_TIMEOUT_MS }),
          page.getByTestId("tbc-pay-button").click(),
        ])
        expect(application.url().startsWith(app.sandboxUrl)).toBe(true)
        await expect(page.getByTestId("tbc-installments-opened").textContent()).resolves.toBe(
          EN.checkout.installmentsOpened
        )
        await expect(page.getByTestId("tbc-installments-done").getAttribute("href")).resolves.toBe(
          `/ge/tbc/return?cart=${cartId}`
        )
        await application.close()
        // the bank has not decided: the return page waits, no order is placed
        await page.getByTestId("tbc-installments-done").click()
        await page.getByRole("heading", { name: EN.titles.waiting }).waitFor({ timeout: UI_TIMEOUT_MS })
        await expect(page.getByTestId("tbc-return-message").textContent()).resolves.toBe(EN.errors.installment_pending)
        expect(await orderIdsOfCart(cartId)).toEqual([])
      })
    })

    it("a saved card: saved with the caveat of a held payment, usable after the capture, paid at once, and removed in My Account", async () => {
      const token = await login(api, store.customer.email, store.customer.password)
      const alice = new Shopper(api, store, token, [])
      customerToken = token
      await withBrowser(async ({ page }) => {
        const first = await alice.cartReadyForPayment()
        await page.goto(checkoutUrl(first.cartId))
        await choose(page, TBC_CHECKOUT_PROVIDER_ID, async () => {
          await page.getByTestId("tbc-save-card").check({ timeout: UI_TIMEOUT_MS })
          await expect(page.getByTestId("tbc-save-card-caveat").textContent()).resolves.toBe(
            EN.checkout.saveCardAfterCapture
          )
        })
        await payOnBankPage(page, PAID)
        const { orderId } = await orderPage(page)

        // the bank activates the card once the shop takes the held money
        const admin = await createAdminRequestConfig(getContainer(), api)
        const payment = onlyPayment(await readOrder(getContainer(), orderId))
        await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
        const card = await alice.firstCardOnceListed("the card to become active after capture")

        // the second checkout pays with it: no bank page, the order at once
        const second = await alice.cartReadyForPayment()
        await page.goto(checkoutUrl(second.cartId))
        await choose(page, TBC_CHECKOUT_PROVIDER_ID, async () => {
          await page.getByTestId("tbc-saved-card").check({ timeout: UI_TIMEOUT_MS })
          expect(await page.getByTestId("tbc-save-card").count()).toBe(0)
        })
        await expect(page.getByTestId("tbc-pay-button").textContent()).resolves.toBe(EN.checkout.placeOrder)
        const [executions, creates] = [await bank.calls(CALLS.execution), await bank.calls(CALLS.create)]
        await page.getByTestId("tbc-pay-button").click()
        const paid = await orderPage(page)
        expect(await orderIdsOfCart(second.cartId)).toEqual([paid.orderId])
        // paid by the saved card's execution, with no bank page
        expect([await bank.calls(CALLS.execution), await bank.calls(CALLS.create)]).toEqual([executions + 1, creates])

        // My Account: the card, and "Remove" (also at the bank)
        await page.goto(`${app.storefrontUrl}/ge/account/profile`)
        const row = page.getByTestId("tbc-saved-card-row")
        await row.first().waitFor({ timeout: UI_TIMEOUT_MS })
        await expect(row.allTextContents()).resolves.toEqual([expect.stringContaining(card.card_mask.slice(-4))])
        await page.getByTestId("tbc-remove-card").click()
        await expect(page.getByTestId("tbc-saved-cards-empty").textContent({ timeout: UI_TIMEOUT_MS })).resolves.toBe(
          EN.account.empty
        )
        expect(await alice.cards()).toEqual([])
      })
    })
  },
})
