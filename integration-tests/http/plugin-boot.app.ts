import { testDbName } from "../utils/db-name"
import fs from "fs"
import path from "path"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { TBC_MODULE, TbcModuleService } from "../../src/modules/tbc"
import { useAppAddress } from "../utils/app-env"
import { CHECKOUT_CHOICES } from "../../src/lib/checkout-choices"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"

jest.setTimeout(120_000)

/** Providers whose code exists in this tree; medusa-config.ts registers exactly these. */
const EXPECTED_TBC_PROVIDERS = [
  // the checkout registration gives the all-methods provider and one per method
  { dir: "tbc-checkout", ids: [TBC_CHECKOUT_PROVIDER_ID, ...CHECKOUT_CHOICES.map((c) => `pp_${c.identifier}_tbc`)] },
  { dir: "tbc-installments", ids: [TBC_INSTALLMENTS_PROVIDER_ID] },
]
  .filter(({ dir }) => fs.existsSync(path.join(__dirname, "../../src/providers", dir, "index.ts")))
  .flatMap(({ ids }) => ids)

const app = useAppAddress()

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-boot"),
  testSuite: ({ api, getContainer }) => {
    it("serves /health on the port the suite chose", async () => {
      const response = await api.get("/health")
      expect(response.status).toBe(200)
      expect(app.appPort).toBeGreaterThan(0)
      const direct = await fetch(`${app.appUrl}/health`)
      expect(direct.status).toBe(200)
    })

    it("resolves the tbc module with our tables migrated", async () => {
      const tbc = getContainer().resolve<TbcModuleService>(TBC_MODULE)
      const log = await tbc.createCallbackLogs({
        provider_id: TBC_CHECKOUT_PROVIDER_ID,
        result: "malformed",
      })
      const [found] = await tbc.listCallbackLogs({ id: log.id })
      expect(found.result).toBe("malformed")
    })

    it("registers every TBC provider present in src/providers", async () => {
      const providers = await getContainer().resolve(Modules.PAYMENT).listPaymentProviders({})
      const tbcIds = providers.map((provider) => provider.id).filter((id) => id.startsWith("pp_tbc-"))
      expect(tbcIds.sort()).toEqual([...EXPECTED_TBC_PROVIDERS].sort())
    })

    it("seeds a GEL store whose region offers the TBC providers and whose customer can log in", async () => {
      const store = await seedStore(getContainer())
      const headers = { "x-publishable-api-key": store.publishableKey }

      const { data: regionBody } = await api.get(`/store/regions/${store.regionId}`, { headers })
      expect(regionBody.region.currency_code).toBe("gel")
      const { data: providerBody } = await api.get(`/store/payment-providers?region_id=${store.regionId}`, { headers })
      const offered = providerBody.payment_providers.map((provider: { id: string }) => provider.id).sort()
      expect(offered).toEqual([...store.paymentProviderIds].sort())

      const { data: productBody } = await api.get(
        `/store/products/${store.productId}?region_id=${store.regionId}&fields=*variants.calculated_price`,
        { headers }
      )
      const prices = productBody.product.variants
        .map(
          (variant: { calculated_price: { calculated_amount: number } }) => variant.calculated_price.calculated_amount
        )
        .sort((a: number, b: number) => a - b)
      expect(prices).toEqual([49.99, 1234.56])

      const { data: login } = await api.post("/auth/customer/emailpass", {
        email: store.customer.email,
        password: store.customer.password,
      })
      expect(typeof login.token).toBe("string")
      const { data: me } = await api.get("/store/customers/me", {
        headers: { ...headers, authorization: `Bearer ${login.token}` },
      })
      expect(me.customer.id).toBe(store.customer.id)
    })
  },
})
