/** Helpers of the browser checkout test (http/checkout-browser.spec.ts): the browser's lifetime and the placed order. */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { openBrowser, type OpenBrowser } from "./browser"

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
