/**
 * The installment products middleware without an app: a fake request scope answers the config
 * (which providers are TBC), the query (collection + cart) and the logger. The app test
 * (integration-tests/http/installment-products.spec.ts) covers the real route and providers.
 */
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { injectInstallmentProducts } from "../installment-products"
import { sumProductsMinor } from "../../../lib/tbc/validation/products"

const CONFIG = {
  modules: {
    [Modules.PAYMENT]: {
      options: {
        providers: [
          { resolve: "./src/providers/tbc-checkout", id: "tbc", options: {} },
          { resolve: "./src/providers/tbc-installments", id: "tbc", options: {} },
        ],
      },
    },
  },
}

interface FakeCart {
  amount: number
  cartId?: string
  items?: Array<Record<string, unknown>>
}

function fakeRequest(body: unknown, cart: FakeCart, validatedBody?: unknown) {
  const logs: string[] = []
  const graphCalls: string[] = []
  const query = {
    graph: async ({ entity }: { entity: string }) => {
      graphCalls.push(entity)
      if (entity === "payment_collection") {
        return { data: [{ id: "pay_col_1", amount: cart.amount, currency_code: "gel", cart: cart.cartId ? { id: cart.cartId } : null }] }
      }
      if (cart.items === undefined) throw new Error("database unavailable")
      return { data: [{ id: cart.cartId, items: cart.items }] }
    },
  }
  const scope = {
    resolve: (key: string) => {
      if (key === ContainerRegistrationKeys.CONFIG_MODULE) return CONFIG
      if (key === ContainerRegistrationKeys.QUERY) return query
      if (key === ContainerRegistrationKeys.LOGGER) return { info: (message: string) => logs.push(message) }
      throw new Error(`unexpected resolve(${key})`)
    },
  }
  const req = { body, params: { id: "pay_col_1" }, scope, ...(validatedBody ? { validatedBody } : {}) }
  return { req: req as unknown as MedusaRequest & { validatedBody?: any }, logs, graphCalls }
}

async function run(req: MedusaRequest): Promise<unknown> {
  let passed: unknown = "not called"
  await injectInstallmentProducts(req, {} as MedusaResponse, ((error?: unknown) => {
    passed = error
  }) as MedusaNextFunction)
  return passed
}

const ITEMS = [
  { id: "item_a", product_title: "Tea", variant_title: "Green", quantity: 3, unit_price: 10, discount_total: 0, tax_total: 5.4 },
  { id: "item_b", product_title: "Cup", variant_title: "Default variant", quantity: 1, unit_price: 25, discount_total: 2.5, tax_total: 4.05 },
]
const FORGED = [{ name: "forged", price: 0.01, quantity: 1 }]

describe("injectInstallmentProducts", () => {
  it("replaces storefront product lists with the cart's, summing to the collection amount", async () => {
    const body = { provider_id: "pp_tbc-checkout_tbc", data: { installmentProducts: FORGED, Products: FORGED, return_url: "http://shop" } }
    const validatedBody = { provider_id: "pp_tbc-checkout_tbc", data: { installmentProducts: FORGED } }
    const { req } = fakeRequest(body, { amount: 73.95, cartId: "cart_1", items: ITEMS }, validatedBody)
    expect(await run(req)).toBeUndefined()
    const data = (req.body as { data: Record<string, any> }).data
    expect(data.return_url).toBe("http://shop")
    expect(data.Products).toBeUndefined()
    expect(sumProductsMinor(data.installmentProducts)).toBe(7395)
    expect(data.installmentProducts.map((p: { name: string }) => p.name)).not.toContain("forged")
    expect(req.validatedBody.data).toBe(data)
  })

  it("creates data when the storefront sent none (installments provider)", async () => {
    const { req } = fakeRequest({ provider_id: "pp_tbc-installments_tbc" }, { amount: 30, cartId: "cart_1", items: ITEMS.slice(0, 1) })
    await run(req)
    expect((req.body as any).data.installmentProducts).toEqual([{ name: "Tea (Green) \u00d7 3", price: 30, quantity: 1 }])
  })

  it("does not touch other providers' data nor read anything for them", async () => {
    const body = { provider_id: "pp_system_default", data: { installmentProducts: FORGED } }
    const { req, graphCalls } = fakeRequest(body, { amount: 1, cartId: "cart_1", items: ITEMS })
    expect(await run(req)).toBeUndefined()
    expect((req.body as any).data.installmentProducts).toBe(FORGED)
    expect(graphCalls).toEqual([])
  })

  it("leaves malformed data to Medusa's validator", async () => {
    const body = { provider_id: "pp_tbc-checkout_tbc", data: "not an object" }
    const { req, graphCalls } = fakeRequest(body, { amount: 1, cartId: "cart_1", items: ITEMS })
    expect(await run(req)).toBeUndefined()
    expect((req.body as any).data).toBe("not an object")
    expect(graphCalls).toEqual([])
  })

  it("strips forged products but adds none for a cart without lines, and says why in the log", async () => {
    const body = { provider_id: "pp_tbc-checkout_tbc", data: { installmentProducts: FORGED } }
    const { req, logs } = fakeRequest(body, { amount: 5, cartId: "cart_1", items: [] })
    expect(await run(req)).toBeUndefined()
    expect((req.body as any).data).toEqual({})
    expect(logs.join("\n")).toMatch(/no installment products for payment collection pay_col_1: .*lines/)
  })

  it("strips forged products for a collection with no cart", async () => {
    const body = { provider_id: "pp_tbc-checkout_tbc", data: { products: FORGED } }
    const { req } = fakeRequest(body, { amount: 5 })
    expect(await run(req)).toBeUndefined()
    expect((req.body as any).data).toEqual({})
  })

  it("passes an unexpected failure (the database) on to Medusa's error handler", async () => {
    const { req } = fakeRequest({ provider_id: "pp_tbc-checkout_tbc", data: {} }, { amount: 5, cartId: "cart_1" })
    expect(String(await run(req))).toMatch(/database unavailable/)
  })
})
