/**
 * Installment products computed on the server (src/use-cases/payment-sessions/session-products.ts):
 * a cart with three lines, an item promotion, a cart-level promotion, shipping and 18% VAT opens
 * a tbc-checkout session with method 8 (TBC_METHODS=5,7,8) and a tbc-installments session through
 * the real Store API; what the sandbox bank received must add up to the amount to the tetri, and
 * product lists the storefront sends are ignored. With those methods, a logged-in shopper who
 * ticks "save card" still gets a session: it asks the bank for 5 and 7 only (issue 27).
 */
import { testDbName } from "../utils/db-name"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createProductsWorkflow, createPromotionsWorkflow, createTaxRatesWorkflow } from "@medusajs/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { majorToMinorExact } from "../../src/lib/money"
import { productsSumIssue, sumProductPricesMinor, sumProductsMinor } from "../../src/lib/tbc/validation/products"
import type { InstallmentProduct } from "../../src/lib/tbc/types"
import { setEnvForSuite } from "../utils/app-env"
import { SandboxBankControl } from "../utils/checkout-bank"
import { StoreCheckout } from "../utils/checkout-store"
import { toTetri } from "../utils/checkout-orders"
import {
  seedStore,
  TBC_CHECKOUT_PROVIDER_ID,
  TBC_INSTALLMENTS_PROVIDER_ID,
  type SeededStore,
} from "../utils/seed-store"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { Shopper, login } from "../utils/saved-cards-shopper"

jest.setTimeout(120_000)

// registered before the runner's beforeAll, which loads medusa-config.ts (see useAppAddress)
let restoreMethods = (): void => undefined
beforeAll(() => {
  restoreMethods = setEnvForSuite({ TBC_METHODS: "5,7,8", TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS: "86400" })
})
afterAll(() => restoreMethods())

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

const FORGED = [{ name: "Forged by the storefront", price: 0.01, quantity: 1 }]

/** A second product, so that an item promotion can target one line only. */
async function createChurchkhela(
  container: MedusaContainer,
  store: SeededStore
): Promise<{ productId: string; variantId: string }> {
  const [profile] = await container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
  const { result } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Churchkhela",
          handle: `churchkhela-${store.salesChannelId.slice(-8).toLowerCase()}`,
          status: "published",
          shipping_profile_id: profile.id,
          options: [{ title: "Pack", values: ["Walnut"] }],
          variants: [
            {
              title: "Walnut",
              sku: `CHURCHKHELA-${store.salesChannelId}`,
              options: { Pack: "Walnut" },
              manage_inventory: false,
              prices: [{ amount: 7.77, currency_code: "gel" }],
            },
          ],
          sales_channels: [{ id: store.salesChannelId }],
        },
      ],
    },
  })
  return { productId: result[0].id, variantId: result[0].variants[0].id }
}

/** 18% VAT in Georgia, 15% off Churchkhela (item promotion) and 10.01 GEL off the order. */
async function createTaxAndPromotions(container: MedusaContainer, churchkhelaProductId: string): Promise<string[]> {
  const [taxRegion] = await container.resolve(Modules.TAX).listTaxRegions({ country_code: "ge" })
  await createTaxRatesWorkflow(container).run({
    input: [{ tax_region_id: taxRegion.id, rate: 18, code: "VAT", name: "VAT", is_default: true }],
  })
  await createPromotionsWorkflow(container).run({
    input: {
      promotionsData: [
        {
          code: "CHURCH15",
          type: "standard",
          status: "active",
          application_method: {
            type: "percentage",
            target_type: "items",
            allocation: "across",
            value: 15,
            target_rules: [{ attribute: "items.product.id", operator: "eq", values: [churchkhelaProductId] }],
          },
        },
        {
          code: "ORDER1001",
          type: "standard",
          status: "active",
          application_method: {
            type: "fixed",
            target_type: "order",
            allocation: "across",
            value: 10.01,
            currency_code: "gel",
          },
        },
      ],
    },
  })
  return ["CHURCH15", "ORDER1001"]
}

interface PreparedCart {
  cartId: string
  totalTetri: number
  shop: StoreCheckout
}

/**
 * The products satisfy both readings of the bank's "sum of prices": Σ price and Σ price ×
 * quantity both equal the total; one product per line with quantity 1, its quantity in the name.
 */
function expectExactProducts(products: InstallmentProduct[], totalTetri: number, names: string[]) {
  expect(sumProductsMinor(products)).toBe(totalTetri)
  expect(sumProductPricesMinor(products)).toBe(totalTetri)
  expect(productsSumIssue("installmentProducts", products, totalTetri / 100, "both")).toBeNull()
  for (const product of products) {
    expect(product.quantity).toBe(1)
    expect(product.price).toBeGreaterThanOrEqual(0)
    expect(majorToMinorExact(product.price)).not.toBeNull()
    expect(product.name).not.toBe(FORGED[0].name)
  }
  expect(products.map((product) => product.name).sort()).toEqual([...names].sort())
}

const EXPECTED_NAMES = [
  "Khinkali cooking set (Small) \u00d7 3",
  "Khinkali cooking set (Family)",
  "Churchkhela (Walnut) \u00d7 7",
]

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-installment-products"),
  testSuite: ({ api, getContainer }) => {
    let prepared: PreparedCart
    let store: SeededStore

    beforeEach(async () => {
      const container = getContainer()
      store = await seedStore(container, {
        paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID, "pp_system_default"],
      })
      const churchkhela = await createChurchkhela(container, store)
      const codes = await createTaxAndPromotions(container, churchkhela.productId)
      const shop = new StoreCheckout(api, { ...store, variantIds: [...store.variantIds, churchkhela.variantId] })
      const { cartId } = await shop.createCartReadyForPayment([3, 1, 7])
      const headers = { "x-publishable-api-key": store.publishableKey }
      await api.post(`/store/carts/${cartId}/promotions`, { promo_codes: codes }, { headers })
      const { data } = await api.get(
        `/store/carts/${cartId}?fields=id,total,discount_total,tax_total,shipping_total,*items,*items.adjustments`,
        { headers }
      )
      const cart = data.cart
      // the cart really has what must be spread: item + cart discounts, shipping, tax
      const churchkhelaLine = cart.items.find((item: { product_title: string }) => item.product_title === "Churchkhela")
      expect(toTetri(churchkhelaLine.discount_total)).toBeGreaterThan(0)
      expect(toTetri(cart.discount_total)).toBeGreaterThan(toTetri(churchkhelaLine.discount_total))
      expect(toTetri(cart.shipping_total)).toBeGreaterThan(0)
      expect(toTetri(cart.tax_total)).toBeGreaterThan(0)
      prepared = { cartId, totalTetri: toTetri(cart.total), shop }
    })

    it("tbc-checkout method 8: the bank receives products summing exactly to the amount; forged ones are ignored", async () => {
      const { session } = await prepared.shop.startPaymentSession(prepared.cartId, {
        providerId: TBC_CHECKOUT_PROVIDER_ID,
        data: { installmentProducts: FORGED, products: FORGED },
      })
      expect(toTetri(session.amount)).toBe(prepared.totalTetri)

      const state = await bank.state()
      const payment = state.payments.find((p: { merchantPaymentId: string }) => p.merchantPaymentId === session.id)
      expect(payment).toBeDefined()
      expect(payment.request.methods).toEqual(expect.arrayContaining([5, 8]))
      expect(toTetri(payment.request.amount.total)).toBe(prepared.totalTetri)
      expectExactProducts(payment.request.installmentProducts, prepared.totalTetri, EXPECTED_NAMES)

      // what the provider got in data (Medusa keeps input.data in the session) is the same list
      expect(session.data.installmentProducts).toEqual(payment.request.installmentProducts)
      expect(session.data.products).toBeUndefined()
    })

    it("save card with methods 5, 7, 8: the session asks the bank for 5 and 7 only, without products", async () => {
      const token = await login(api, store.customer.email, store.customer.password)
      // the 1234.56 GEL set: within the installment limits (100–10,000 GEL), so 8 is on offer
      const shopper = new Shopper(api, { ...store, variantIds: [store.variantIds[1]] }, token, [])
      const { collectionId } = await shopper.cartReadyForPayment()
      const started = await shopper.startSession(collectionId, { save_card: true })
      expect(started.status).toBe(200)
      const session = started.body.payment_collection.payment_sessions[0]
      expect(session.data.redirect_url).toEqual(expect.any(String))
      const payment = (await bank.state()).payments.find((p: { payId: string }) => p.payId === session.data.payId)
      expect(payment.request).toMatchObject({ saveCard: true, methods: [5, 7] })
      expect(payment.request.installmentProducts).toBeUndefined()
      expect(payment.methods).toEqual([5, 7])

      // the same shopper without the box: installments stay on offer
      const plain = await shopper.startSession(collectionId, {})
      const plainSession = plain.body.payment_collection.payment_sessions[0]
      const offered = (await bank.state()).payments.find((p: { payId: string }) => p.payId === plainSession.data.payId)
      expect(offered.methods).toEqual([5, 7, 8])
    })

    it("tbc-installments: the application's products sum exactly to priceTotal; forged ones are ignored", async () => {
      const { session } = await prepared.shop.startPaymentSession(prepared.cartId, {
        providerId: TBC_INSTALLMENTS_PROVIDER_ID,
        data: { installmentProducts: FORGED, Products: FORGED },
      })
      const sessionId = session.data.sessionId
      expect(typeof sessionId).toBe("string")
      const state = await bank.state()
      const application = state.applications.find((a: { sessionId: string }) => a.sessionId === sessionId)
      expect(application).toBeDefined()
      expect(toTetri(application.priceTotal)).toBe(prepared.totalTetri)
      expectExactProducts(application.products, prepared.totalTetri, EXPECTED_NAMES)
    })

    it("leaves the data of other providers alone", async () => {
      const { session } = await prepared.shop.startPaymentSession(prepared.cartId, {
        providerId: "pp_system_default",
        data: { installmentProducts: FORGED },
      })
      expect(session.data.installmentProducts).toEqual(FORGED)
    })
  },
})
