/**
 * The admin browser test's payment-link part (admin-browser.spec.ts), in real Chromium: a merchant
 * creates a TBC payment link on a draft order (a phone order) with the widget's "Request payment
 * with TBC" and copies it; the shopper opens it on the demo storefront, switches the page to
 * Georgian, pays on the bank's page (in Georgian too), and comes back to the link's page, which
 * says the order is paid; the widget then lists the link as paid and Medusa's draft is an order that
 * owes nothing (the shop captures at once: a held payment would wait for the capture).
 * Also the app env this needs: a storefront origin chosen before the app boots, so the link's URL
 * (`pay/<id>` beside TBC_RETURN_URL) points at it and the app allows it (STORE_CORS).
 */
import path from "path"
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Page } from "playwright-core"
import { startStorefront } from "../../scripts/demo/storefront"
import type { AppAddress } from "../utils/app-env"
import { lateValue } from "../utils/app-env"
import { getFreePort } from "../utils/free-port"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { SHOPPER_ADDRESS } from "../utils/checkout-store"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { toTetri } from "../utils/checkout-orders"
import { waitFor } from "../utils/wait-for"
import { tbcWords } from "../../packages/storefront/src"

const storefrontPort: { value?: number } = {}

/** The admin app's env: the storefront the bank returns to and the link's URL points at. */
export async function adminBrowserAppEnv(app: AppAddress): Promise<Record<string, string>> {
  storefrontPort.value ??= await getFreePort()
  const origin = `http://127.0.0.1:${storefrontPort.value}`
  return { TBC_RETURN_URL: `${origin}/`, STORE_CORS: `${origin},${app.appUrl}`, AUTH_CORS: `${origin},${app.appUrl}` }
}

async function owes(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "is_draft_order", "summary.*"],
    filters: { id: orderId },
  })
  const order = data[0] as { is_draft_order: boolean; summary: { pending_difference: number } }
  return { draft: order.is_draft_order, owedTetri: toTetri(order.summary.pending_difference) }
}

export interface LinkTestContext {
  api: AxiosInstance
  container: MedusaContainer
  page: Page
  appUrl: string
  sandboxUrl: string
  shots: string
  timeoutMs: number
}

/** Returns the screenshots it took (file names, in order). */
export async function draftOrderPaidByLinkInGeorgian(ctx: LinkTestContext): Promise<string[]> {
  const { api, container, page, timeoutMs } = ctx
  const taken: string[] = []
  const shot = async (name: string, on: Page = page) => {
    await on.screenshot({ path: path.join(ctx.shots, name), fullPage: true })
    taken.push(name)
  }
  const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
  // a phone order's link is paid at once: the shop's Settings → TBC Bank has preauthorization off
  // (this app's config holds the money; with a hold the draft waits for the capture to become an order)
  await container
    .resolve(ContainerRegistrationKeys.PG_CONNECTION)
    .raw(
      `insert into tbc_provider_setting (id, provider_id, key, value, updated_by) values ('tbcset_LINKNOPREAUTH', ?, 'preAuth', 'false'::jsonb, 'nino@tbc-admin.ge')`,
      [TBC_CHECKOUT_PROVIDER_ID]
    )
  const admin = await createAdminRequestConfig(container, api)
  const draft = await api.post(
    "/admin/draft-orders",
    {
      email: "phone-order@tbc-browser.ge",
      region_id: store.regionId,
      sales_channel_id: store.salesChannelId,
      items: [{ variant_id: store.variantIds[0], quantity: 2 }],
      shipping_address: SHOPPER_ADDRESS,
      billing_address: SHOPPER_ADDRESS,
    },
    admin
  )
  const draftId: string = draft.data.draft_order.id
  const displayId: number = draft.data.draft_order.display_id
  const owedTetri = (await owes(container, draftId)).owedTetri
  expect(owedTetri).toBeGreaterThan(0)
  const gel = `${Math.floor(owedTetri / 100)}.${String(owedTetri % 100).padStart(2, "0")}`

  // The merchant: the draft order's TBC widget, "Request payment with TBC", the link to copy.
  await page.goto(`${ctx.appUrl}/app/orders/${draftId}`, { timeout: timeoutMs })
  const part = page.getByTestId("tbc-payment-link")
  await part.waitFor({ timeout: timeoutMs })
  expect(await part.innerText()).toContain(`owes now, ${gel} GEL`)
  await page.getByTestId("tbc-payment-link-expiry").selectOption("24")
  await part.scrollIntoViewIfNeeded()
  await shot("14-link-request.png")
  await page.getByTestId("tbc-payment-link-request").click()
  const urlField = page.getByTestId("tbc-payment-link-url")
  await urlField.waitFor({ timeout: timeoutMs })
  const url = await urlField.inputValue()
  const storefrontUrl = `http://127.0.0.1:${lateValue(storefrontPort, "storefrontPort")}`
  expect(url).toMatch(new RegExp(`^${storefrontUrl}/pay/tbcpl_\\w+\\?token=[\\w-]{20,}$`))
  const linkId = new URL(url).pathname.split("/").pop()!
  expect(await page.getByTestId("tbc-payment-link-expires").innerText()).toMatch(
    new RegExp(`^${gel} GEL, payable until `)
  )
  expect(await page.getByTestId(`tbc-payment-link-status-${linkId}`).innerText()).toBe("Open")
  await shot("15-link-created.png")

  // The shopper: the link on the storefront, switched to Georgian, paid on the bank's page.
  const storefront = await startStorefront({
    port: lateValue(storefrontPort, "storefrontPort"),
    host: "127.0.0.1",
    publicHost: "127.0.0.1",
    backendUrl: ctx.appUrl,
    publishableKey: store.publishableKey,
    regionId: store.regionId,
    storeName: "Tbilisi Kitchen",
  })
  const shopper = await page.context().newPage()
  try {
    const ka = tbcWords("ka").paymentLink
    const kaGel = `${gel.replace(".", ",")}\u00a0₾`
    await shopper.goto(url, { timeout: timeoutMs })
    await shopper.getByTestId("tbc-payment-link-pay").waitFor({ timeout: timeoutMs })
    await shopper.getByTestId("language-ka").click()
    const title = shopper.getByTestId("tbc-payment-link-title")
    expect(await title.innerText()).toBe(ka.titles.open)
    expect(await shopper.getByTestId("tbc-payment-link-order").innerText()).toBe(`შეკვეთა #${displayId}`)
    expect(await shopper.getByTestId("tbc-payment-link-amount").innerText()).toBe(`${ka.amount}: ${kaGel}`)
    expect(await shopper.getByTestId("tbc-payment-link-lines").innerText()).toMatch(/2 ც\. — /)
    expect(await shopper.getByTestId("tbc-payment-link-expires").innerText()).toMatch(
      new RegExp(`^${ka.expires}: \\d+ (${ka.months.join("|")}) \\d{4}, \\d\\d:\\d\\d$`)
    )
    const pay = shopper.getByTestId("tbc-payment-link-pay")
    expect(await pay.innerText()).toBe(`გადაიხადეთ ${kaGel}`)
    await shot("16-link-page-ka.png", shopper)
    await pay.click()
    await shopper.waitForURL((at) => at.href.startsWith(ctx.sandboxUrl), { timeout: timeoutMs })
    await shopper.getByTestId("amount").waitFor({ timeout: timeoutMs })
    expect(await shopper.locator("html").getAttribute("lang")).toMatch(/^ka/i)
    await shot("17-link-bank-page.png", shopper)
    await shopper.getByTestId("pay").click()
    // back on the link's page (no token in the URL: the tab kept it), paid once the bank's answer is in
    await shopper.waitForURL((at) => at.pathname === `/pay/${linkId}`, { timeout: timeoutMs })
    expect(new URL(shopper.url()).searchParams.has("token")).toBe(false)
    await title
      .filter({ hasText: ka.titles.paid })
      .waitFor({ timeout: timeoutMs })
      .catch(async (error) => {
        await shot("99-failure-shopper.png", shopper)
        throw new Error(`${error.message}; the page said: ${await shopper.locator("body").innerText()}`)
      })
    expect(await shopper.getByTestId("tbc-payment-link-pay").isHidden()).toBe(true)
    await shot("18-link-paid-ka.png", shopper)
  } finally {
    await shopper.close()
    await storefront.close()
  }

  // Medusa's draft became an order that owes nothing; the widget lists the link as paid.
  await waitFor(async () => !(await owes(container, draftId)).draft, { timeoutMs })
  expect(await owes(container, draftId)).toEqual({ draft: false, owedTetri: 0 })
  await page.reload({ timeout: timeoutMs })
  const status = page.getByTestId(`tbc-payment-link-status-${linkId}`)
  await status.getByText("Paid").waitFor({ timeout: timeoutMs })
  expect(await page.getByTestId("tbc-payment-link-request").count()).toBe(0)
  await status.scrollIntoViewIfNeeded()
  await shot("19-link-paid-admin.png")
  return taken
}
