/**
 * The installment products step's function without an app: a fake container answers the config
 * (which providers are TBC), the query (collection + cart) and the logger. The app test
 * (integration-tests/http/installment-products.spec.ts) covers the real route and providers.
 */
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { withServerInstallmentProducts } from "../session-products"
import { sumProductsMinor } from "../../../lib/tbc/validation/products"
import { CONFIG_WITH_TBC_PROVIDERS as CONFIG } from "./tbc-config"

interface FakeCart {
  amount: number
  cartId?: string
  items?: Array<Record<string, unknown>>
}

function fakeContainer(cart: FakeCart) {
  const logs: string[] = []
  const graphCalls: string[] = []
  const query = {
    graph: async ({ entity }: { entity: string }) => {
      graphCalls.push(entity)
      if (entity === "payment_collection") {
        return {
          data: [
            {
              id: "pay_col_1",
              amount: cart.amount,
              currency_code: "gel",
              cart: cart.cartId ? { id: cart.cartId } : null,
            },
          ],
        }
      }
      if (cart.items === undefined) throw new Error("database unavailable")
      return { data: [{ id: cart.cartId, items: cart.items }] }
    },
  }
  const container = {
    resolve: (key: string) => {
      if (key === ContainerRegistrationKeys.CONFIG_MODULE) return CONFIG
      if (key === ContainerRegistrationKeys.QUERY) return query
      if (key === ContainerRegistrationKeys.LOGGER) return { info: (message: string) => logs.push(message) }
      throw new Error(`unexpected resolve(${key})`)
    },
  }
  return { container: container as unknown as MedusaContainer, logs, graphCalls }
}

async function run(body: { provider_id: string; data?: Record<string, unknown> }, cart: FakeCart) {
  const fake = fakeContainer(cart)
  const data = (await withServerInstallmentProducts(fake.container, {
    payment_collection_id: "pay_col_1",
    ...body,
  })) as Record<string, any> | undefined
  return { data, ...fake }
}

const ITEMS = [
  {
    id: "item_a",
    product_title: "Tea",
    variant_title: "Green",
    quantity: 3,
    unit_price: 10,
    discount_total: 0,
    tax_total: 5.4,
  },
  {
    id: "item_b",
    product_title: "Cup",
    variant_title: "Default variant",
    quantity: 1,
    unit_price: 25,
    discount_total: 2.5,
    tax_total: 4.05,
  },
]
const FORGED = [{ name: "forged", price: 0.01, quantity: 1 }]

describe("withServerInstallmentProducts", () => {
  it("replaces storefront product lists with the cart's, summing to the collection amount", async () => {
    const sent = { installmentProducts: FORGED, Products: FORGED, return_url: "http://shop" }
    const { data } = await run(
      { provider_id: "pp_tbc-checkout_tbc", data: sent },
      { amount: 73.95, cartId: "cart_1", items: ITEMS }
    )
    expect(data!.return_url).toBe("http://shop")
    expect(data!.Products).toBeUndefined()
    expect(sumProductsMinor(data!.installmentProducts)).toBe(7395)
    expect(data!.installmentProducts.map((p: { name: string }) => p.name)).not.toContain("forged")
    expect(sent.installmentProducts).toBe(FORGED) // the request's own object is not changed
  })

  it("creates data when the storefront sent none (installments provider)", async () => {
    const { data } = await run(
      { provider_id: "pp_tbc-installments_tbc" },
      { amount: 30, cartId: "cart_1", items: ITEMS.slice(0, 1) }
    )
    expect(data!.installmentProducts).toEqual([{ name: "Tea (Green) \u00d7 3", price: 30, quantity: 1 }])
  })

  it("does not touch other providers' data nor read anything for them", async () => {
    const sent = { installmentProducts: FORGED }
    const { data, graphCalls } = await run(
      { provider_id: "pp_system_default", data: sent },
      { amount: 1, cartId: "cart_1", items: ITEMS }
    )
    expect(data).toBe(sent)
    expect(graphCalls).toEqual([])
  })

  it("strips forged products but adds none for a cart without lines, and says why in the log", async () => {
    const { data, logs } = await run(
      { provider_id: "pp_tbc-checkout_tbc", data: { installmentProducts: FORGED } },
      { amount: 5, cartId: "cart_1", items: [] }
    )
    expect(data).toEqual({})
    expect(logs.join("\n")).toMatch(/no installment products for payment collection pay_col_1: .*lines/)
  })

  it("strips forged products for a collection with no cart", async () => {
    const { data } = await run({ provider_id: "pp_tbc-checkout_tbc", data: { products: FORGED } }, { amount: 5 })
    expect(data).toEqual({})
  })

  it("lets an unexpected failure (the database) fail the step", async () => {
    await expect(
      run({ provider_id: "pp_tbc-checkout_tbc", data: {} }, { amount: 5, cartId: "cart_1" })
    ).rejects.toThrow(/database unavailable/)
  })
})
