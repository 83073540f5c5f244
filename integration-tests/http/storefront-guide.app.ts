/**
 * The dtc-starter guide's return route (docs/storefront-dtc, included verbatim by
 * docs/storefront-nextjs.md) in Chromium, against the real app and the sandbox bank: the shopper
 * pays on the bank's hosted page, the bank sends them to /ge/tbc/return?cart=…, and the guide's
 * page — through the kit and the guide's own server actions over the JS SDK — waits for the bank,
 * completes the cart and opens the order; a declined card ends there in the shopper's words with
 * "pay again". The page is the guide's code bundled by Vite with stubs of the starter's modules
 * (docs/storefront-dtc/__tests__/bundle-guide.mjs); Next.js itself is not run.
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
import type { Page } from "playwright-core"
import { startTbcPayment, tbcWords, type TbcStoreClient } from "../../packages/storefront/src"
import { withBrowser } from "../utils/browser-checkout-steps"
import { StoreCheckout } from "../utils/checkout-store"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, type SeededStore } from "../utils/seed-store"
import { useStorefrontApp } from "./storefront-support"

jest.setTimeout(240_000)

const app = useStorefrontApp()
const BUNDLER = path.resolve(__dirname, "../../docs/storefront-dtc/__tests__/bundle-guide.mjs")
const UI_TIMEOUT_MS = 30_000
const KA = tbcWords("ka")

/** The storefront: the guide's return route, and an order page to land on. */
function serveStorefront(script: string, guideConfig: () => Record<string, unknown>): http.Server {
  return http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? "/", "http://storefront.local")
    const html = (body: string) =>
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><html><body>${body}</body></html>`)
    if (pathname === "/guide.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" }).end(script)
    } else if (/^\/ge\/tbc\/return$/.test(pathname)) {
      html(
        `<div id="root"></div><script>globalThis.__TBC_GUIDE__ = ${JSON.stringify(guideConfig())}</script><script src="/guide.js"></script>`
      )
    } else if (/^\/ge\/order\/order_\w+\/confirmed$/.test(pathname)) {
      html(`<h1 data-testid="order-confirmed">Order confirmed</h1>`)
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
    let kit: TbcStoreClient
    let server: http.Server | undefined
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-guide-"))

    beforeAll(async () => {
      const scriptFile = path.join(work, "guide.js")
      await promisify(execFile)(process.execPath, [BUNDLER, scriptFile])
      store = await seedStore(getContainer())
      kit = app.kit(store)
      const config = () => ({
        backendUrl: app.appUrl,
        publishableKey: store.publishableKey,
        countryCode: "ge",
        locale: "ka",
        navigations: [],
      })
      server = serveStorefront(fs.readFileSync(scriptFile, "utf8"), config)
      await new Promise<void>((resolve) => server!.listen(app.storefrontPort, "127.0.0.1", resolve))
    })
    afterAll(async () => {
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
      fs.rmSync(work, { recursive: true, force: true })
    })

    /** A cart ready to pay, its TBC session opened with the guide's return route, and the bank's page. */
    async function toBankPage(page: Page): Promise<string> {
      const { cartId } = await new StoreCheckout(api, store).createCartReadyForPayment()
      const { redirectUrl } = await startTbcPayment(kit, cartId, {
        providerId: TBC_CHECKOUT_PROVIDER_ID,
        returnUrl: `${app.storefrontUrl}/ge/tbc/return?cart=${cartId}`,
      })
      await page.goto(redirectUrl!)
      await page.getByTestId("card-number").waitFor({ timeout: UI_TIMEOUT_MS })
      return cartId
    }

    it("pays on the bank's page, and the guide's return route places the order and opens it; a decline says why, with 'pay again'", async () => {
      await withBrowser(async ({ page }) => {
        const cartId = await toBankPage(page)
        await page.getByTestId("card-number").fill("5555 5555 5555 4444")
        await page.getByTestId("pay").click()
        await page.waitForURL(/\/ge\/order\/order_\w+\/confirmed$/, { timeout: UI_TIMEOUT_MS })
        const orderId = /\/order\/(order_\w+)\//.exec(page.url())![1]

        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: links } = await query.graph({
          entity: "order_cart",
          fields: ["order_id"],
          filters: { cart_id: cartId },
        })
        expect(links.map((link: { order_id: string }) => link.order_id)).toEqual([orderId])
        // what the starter's order page reads (retrieveOrder's fields): the provider and card_last4
        const { data } = await api.get(`/store/orders/${orderId}?fields=*payment_collections.payments`, {
          headers: { "x-publishable-api-key": store.publishableKey },
        })
        const [payment] = data.order.payment_collections[0].payments
        expect(payment).toMatchObject({ provider_id: TBC_CHECKOUT_PROVIDER_ID, data: { card_last4: "4444" } })

        // declined for insufficient funds: the guide's page in Georgian, the reason and two ways forward
        await toBankPage(page)
        await page.getByTestId("card-number").fill("4000 0000 0000 9995")
        await page.getByTestId("pay").click()
        // "confirming…" first, then the bank's answer with its ways forward
        await page.getByTestId("tbc-pay_again").waitFor({ timeout: UI_TIMEOUT_MS })
        await expect(page.getByTestId("tbc-return-message").textContent()).resolves.toBe(
          KA.declineReasons.insufficient_funds
        )
        await expect(page.getByTestId("tbc-pay_again").getAttribute("href")).resolves.toBe("/ge/checkout?step=payment")
        await expect(page.getByTestId("tbc-back_to_cart").getAttribute("href")).resolves.toBe("/ge/cart")
        await expect(page.getByRole("heading").textContent()).resolves.toBe(KA.titles.failed)
      })
    })
  },
})
