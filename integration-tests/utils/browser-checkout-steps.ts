/** Helpers of the browser checkout test (http/checkout-browser.spec.ts): the browser's lifetime, the shopper's login and the placed order. */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Locator, Page } from "playwright-core"
import { openBrowser, type OpenBrowser, type StepScreenshots } from "./browser"

/** From the product list to the payment choices with one `variantId`, as a shopper does it. */
export async function fillCartUpToPayment(
  page: Page,
  shots: StepScreenshots,
  storefrontUrl: string,
  variantId: string,
  timeoutMs: number
): Promise<void> {
  await page.goto(storefrontUrl)
  const addToCart = page.locator(`[data-testid="add-to-cart"][data-variant-id="${variantId}"]`)
  await addToCart.waitFor({ timeout: timeoutMs })
  await shots.take("products")
  await addToCart.click()
  await page.getByTestId("cart-item").first().waitFor({ timeout: timeoutMs })
  await page.getByTestId("save-address").click()
  await page.getByTestId("shipping-option").first().check({ timeout: timeoutMs })
  await page.getByTestId("pay-tbc-card").check({ timeout: timeoutMs })
  await shots.take("cart-and-payment-choice")
}

/** Pays on the page and ends on the sandbox bank's hosted page. */
export async function goToBankPage(
  page: Page,
  shots: StepScreenshots,
  sandboxUrl: string,
  timeoutMs: number
): Promise<void> {
  await page.getByTestId("pay-button").click()
  await page.waitForURL((url) => url.href.startsWith(sandboxUrl), { timeout: timeoutMs })
  await page.getByTestId("amount").waitFor({ timeout: timeoutMs })
  await shots.take("bank-hosted-page")
}

/** Logs the customer in with the storefront's login form and waits until the page shows it. */
export async function logInOnPage(
  page: Page,
  storefrontUrl: string,
  customer: { email: string; password: string },
  timeoutMs: number
): Promise<void> {
  await page.goto(storefrontUrl)
  await page.fill("#login-email", customer.email)
  await page.fill("#login-password", customer.password)
  await page.click("#login-submit")
  await page.getByTestId("customer-email").waitFor({ state: "visible", timeout: timeoutMs })
}

export async function orderWithPayments(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id", "total", "payment_collections.status", "payment_collections.payments.*"],
    filters: { id: orderId },
  })
  return data[0] as
    | {
        id: string
        display_id: number
        total: unknown
        payment_collections: {
          status: string
          payments: { provider_id: string; data: Record<string, unknown>; captured_at: unknown }[]
        }[]
      }
    | undefined
}

/** On failure, what the page logged helps more than a timeout alone. */
export async function withBrowser(run: (browser: OpenBrowser) => Promise<void>): Promise<void> {
  const browser = await openBrowser()
  try {
    await run(browser)
  } catch (error) {
    const logs = browser.consoleLines.slice(-20).join("\n")
    if (error instanceof Error && logs) error.message += `\n--- browser console ---\n${logs}`
    throw error
  } finally {
    await browser.close()
  }
}

/**
 * Waits until `locator` reads exactly `text`. The kit's components learn the shopper's language in
 * an effect after their first render (so server and browser render alike), so a text read at once
 * can still be the English of that first render.
 */
export async function readsExactly(locator: Locator, text: string, timeout = 30_000): Promise<void> {
  const exactly = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`)
  await locator.filter({ hasText: exactly }).waitFor({ timeout })
}
