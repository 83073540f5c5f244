/**
 * The one-command setup (`npx medusa-payment-tbc setup-georgia` → src/scripts/tbc-setup-georgia.ts)
 * on a store with nothing Georgian yet: it makes GEL a store currency, a region Georgia in GEL with
 * the TBC providers, a tax region for GE and a shipping zone for Georgia; run again, it finds all
 * of it and changes nothing. In the storefront group (its own database, no seed).
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import tbcSetupGeorgia from "../../src/scripts/tbc-setup-georgia"
import { setupGeorgiaRegion } from "../../src/use-cases/store-setup/georgia-region"
import { useStorefrontApp } from "./storefront-support"

jest.setTimeout(180_000)

useStorefrontApp()

/** What the setup touches, as plain rows, to compare before and after a run. */
async function georgianState(container: MedusaContainer) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [store] = await container.resolve(Modules.STORE).listStores({}, { relations: ["supported_currencies"] })
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["id", "name", "currency_code", "countries.iso_2", "payment_providers.id"],
  })
  const taxRegions = await container.resolve(Modules.TAX).listTaxRegions({ country_code: "ge" })
  const zones = await container
    .resolve(Modules.FULFILLMENT)
    .listServiceZones({ geo_zones: { country_code: "ge" } }, { relations: ["geo_zones", "fulfillment_set"] })
  const locations = await container.resolve(Modules.STOCK_LOCATION).listStockLocations({})
  return {
    currencies: (store.supported_currencies ?? []).map((c) => `${c.currency_code}${c.is_default ? " default" : ""}`),
    regions: regions.map((r) => ({
      id: r.id,
      name: r.name,
      currency: r.currency_code,
      countries: (r.countries ?? []).map((c: { iso_2: string } | null) => c?.iso_2),
      providers: (r.payment_providers ?? []).map((p: { id: string } | null) => p?.id).sort(),
    })),
    taxRegions: taxRegions.map((t) => ({ id: t.id, provider: t.provider_id, parent: t.parent_id })),
    zones: zones.map((z) => ({ id: z.id, set: z.fulfillment_set?.type, geo: z.geo_zones.map((g) => g.country_code) })),
    locations: locations.map((l) => l.id),
  }
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-store-setup"),
  testSuite: ({ getContainer }) => {
    it("prepares a Georgian region in a store that has none, and a second run changes nothing", async () => {
      const container = getContainer()
      const before = await georgianState(container)
      expect(before.regions.filter((r) => r.countries.includes("ge"))).toEqual([])
      expect(before.taxRegions).toEqual([])
      expect(before.zones).toEqual([])

      const first = await setupGeorgiaRegion(container)
      expect(first).toMatchObject({
        currency: "added",
        region: { name: "Georgia", created: true },
        taxRegion: { created: true },
        serviceZone: { created: true },
      })
      // the TBC registrations' own providers, as the payment module loaded them
      expect([...first.region.providersAdded].sort()).toEqual(["pp_tbc-checkout_tbc", "pp_tbc-installments_tbc"])
      const after = await georgianState(container)
      expect(after.currencies).toContain(before.currencies.length === 0 ? "gel default" : "gel")
      expect(after.currencies.length).toBe(before.currencies.length + 1)
      expect(after.regions.filter((r) => r.countries.includes("ge"))).toEqual([
        {
          id: first.region.id,
          name: "Georgia",
          currency: "gel",
          countries: ["ge"],
          providers: ["pp_tbc-checkout_tbc", "pp_tbc-installments_tbc"],
        },
      ])
      expect(after.taxRegions).toEqual([{ id: first.taxRegion.id, provider: "tp_system", parent: null }])
      expect(after.zones).toEqual([{ id: first.serviceZone.id, set: "shipping", geo: ["ge"] }])

      // the command's script, a second time: everything found, nothing made or changed
      const logged: string[] = []
      const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
      const info = jest.spyOn(logger, "info").mockImplementation((message: string) => {
        logged.push(message)
      })
      try {
        await tbcSetupGeorgia({ container, args: [] })
      } finally {
        info.mockRestore()
      }
      expect(logged.filter((line) => line.startsWith("TBC setup:"))).toEqual([
        "TBC setup: GEL in the store's currencies: already there",
        `TBC setup: region Georgia (${first.region.id}): already there; TBC providers added: none`,
        `TBC setup: tax region GE (${first.taxRegion.id}): already there`,
        `TBC setup: service zone for Georgia (${first.serviceZone.id}): already there`,
      ])
      expect(await georgianState(container)).toEqual(after)
    })

    it("keeps a region that already holds Georgia and adds only the TBC providers it lacks", async () => {
      const container = getContainer()
      // each test starts on a fresh database: the region the setup made, short of one provider
      const regionId = (await setupGeorgiaRegion(container)).region.id
      const link = container.resolve(ContainerRegistrationKeys.LINK)
      await link.dismiss({
        [Modules.REGION]: { region_id: regionId },
        [Modules.PAYMENT]: { payment_provider_id: "pp_tbc-installments_tbc" },
      })
      const again = await setupGeorgiaRegion(container)
      expect(again.region).toEqual({
        id: regionId,
        name: "Georgia",
        created: false,
        providersAdded: ["pp_tbc-installments_tbc"],
      })
      const state = await georgianState(container)
      expect(state.regions.find((r) => r.id === regionId)?.providers).toEqual([
        "pp_tbc-checkout_tbc",
        "pp_tbc-installments_tbc",
      ])
    })
  },
})
