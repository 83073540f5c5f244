/**
 * Prepares a Georgian region in any store, so that TBC can take money there: GEL among the store's
 * currencies, a region for Georgia (GE) in GEL with the TBC providers enabled, a tax region for
 * Georgia, and a shipping fulfillment set with a service zone covering Georgia on a stock location.
 * What `npx medusa-payment-tbc setup-georgia` runs (src/scripts/tbc-setup-georgia.ts).
 *
 * Idempotent: each piece is looked for first and only what is missing is made, so a second run
 * changes nothing. A region that already holds Georgia is kept (Medusa lets a country belong to
 * one region only); only the TBC providers it lacks are added to it. Every change goes through
 * Medusa's own workflows, as the admin's would: nothing is written to a table directly.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  createLocationFulfillmentSetWorkflow,
  createRegionsWorkflow,
  createServiceZonesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { listTbcRegistrations } from "../tbc-providers"

export const GEORGIA = { country: "ge", currency: "gel", region: "Georgia" } as const
/** The fulfillment set the setup makes (fulfillment set names are unique in a store). */
export const GEORGIA_FULFILLMENT_SET = "Georgia shipping"
/** Medusa's built-in tax provider (a store's tax regions use it unless it has its own). */
export const SYSTEM_TAX_PROVIDER = "tp_system"

export interface GeorgiaSetupResult {
  /** "added": GEL was put among the store's currencies (the default when it had none) */
  currency: "added" | "present"
  region: { id: string; name: string; created: boolean; providersAdded: string[] }
  taxRegion: { id: string; created: boolean }
  serviceZone: { id: string; created: boolean; fulfillmentSetId: string; stockLocationId: string | null }
}

export interface GeorgiaSetupOptions {
  /** payment providers to enable in the region; default: every TBC registration's own provider */
  providerIds?: readonly string[]
}

type Query = { graph: (q: Record<string, unknown>) => Promise<{ data: unknown[] }> }

/** Each TBC registration's provider the payment module has loaded (pp_tbc-checkout_<id>, pp_tbc-installments_<id>). */
async function tbcProviderIds(container: MedusaContainer): Promise<string[]> {
  const wanted = listTbcRegistrations(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)).map(
    (r) => r.providerId
  )
  if (wanted.length === 0) return []
  const loaded = await container.resolve(Modules.PAYMENT).listPaymentProviders({ id: wanted })
  const ids = new Set(loaded.map((p) => p.id))
  return wanted.filter((id) => ids.has(id))
}

async function ensureCurrency(container: MedusaContainer): Promise<GeorgiaSetupResult["currency"]> {
  const [store] = await container.resolve(Modules.STORE).listStores({}, { relations: ["supported_currencies"] })
  if (!store) throw new Error("setup-georgia: the store has no store record (run `medusa db:migrate` first)")
  const currencies = store.supported_currencies ?? []
  if (currencies.some((c) => c.currency_code.toLowerCase() === GEORGIA.currency)) return "present"
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [
          ...currencies.map((c) => ({ currency_code: c.currency_code, is_default: c.is_default })),
          { currency_code: GEORGIA.currency, is_default: currencies.length === 0 },
        ],
      },
    },
  })
  return "added"
}

interface RegionRow {
  id: string
  name: string
  countries?: Array<{ iso_2: string } | null>
  payment_providers?: Array<{ id: string } | null>
}

async function ensureRegion(
  container: MedusaContainer,
  providerIds: readonly string[]
): Promise<GeorgiaSetupResult["region"]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as Query
  const { data } = await query.graph({
    entity: "region",
    fields: ["id", "name", "countries.iso_2", "payment_providers.id"],
  })
  const existing = (data as RegionRow[]).find((r) =>
    (r.countries ?? []).some((c) => c?.iso_2.toLowerCase() === GEORGIA.country)
  )
  if (!existing) {
    const { result } = await createRegionsWorkflow(container).run({
      input: {
        regions: [
          {
            name: GEORGIA.region,
            currency_code: GEORGIA.currency,
            countries: [GEORGIA.country],
            payment_providers: [...providerIds],
          },
        ],
      },
    })
    return { id: result[0].id, name: result[0].name, created: true, providersAdded: [...providerIds] }
  }
  const enabled = (existing.payment_providers ?? []).flatMap((p) => (p ? [p.id] : []))
  const missing = providerIds.filter((id) => !enabled.includes(id))
  if (missing.length > 0) {
    // the region's provider list is replaced as a whole: the ones it has stay in it
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: existing.id }, update: { payment_providers: [...enabled, ...missing] } },
    })
  }
  return { id: existing.id, name: existing.name, created: false, providersAdded: missing }
}

async function ensureTaxRegion(container: MedusaContainer): Promise<GeorgiaSetupResult["taxRegion"]> {
  const tax = container.resolve(Modules.TAX)
  const [existing] = (await tax.listTaxRegions({ country_code: GEORGIA.country })).filter((r) => !r.parent_id)
  if (existing) return { id: existing.id, created: false }
  const { result } = await createTaxRegionsWorkflow(container).run({
    input: [{ country_code: GEORGIA.country, provider_id: SYSTEM_TAX_PROVIDER }],
  })
  return { id: result[0].id, created: true }
}

async function ensureServiceZone(container: MedusaContainer): Promise<GeorgiaSetupResult["serviceZone"]> {
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const zones = await fulfillment.listServiceZones(
    { geo_zones: { country_code: GEORGIA.country, type: "country" } },
    { relations: ["fulfillment_set"] }
  )
  const zone = zones.find((z) => z.fulfillment_set?.type === "shipping")
  if (zone) {
    return { id: zone.id, created: false, fulfillmentSetId: zone.fulfillment_set_id, stockLocationId: null }
  }
  let [set] = await fulfillment.listFulfillmentSets({ name: GEORGIA_FULFILLMENT_SET })
  let stockLocationId: string | null = null
  if (!set) {
    stockLocationId = await ensureStockLocation(container)
    await createLocationFulfillmentSetWorkflow(container).run({
      input: {
        location_id: stockLocationId,
        fulfillment_set_data: { name: GEORGIA_FULFILLMENT_SET, type: "shipping" },
      },
    })
    ;[set] = await fulfillment.listFulfillmentSets({ name: GEORGIA_FULFILLMENT_SET })
  }
  const { result } = await createServiceZonesWorkflow(container).run({
    input: {
      data: [
        {
          fulfillment_set_id: set.id,
          name: GEORGIA.region,
          geo_zones: [{ type: "country", country_code: GEORGIA.country }],
        },
      ],
    },
  })
  return { id: result[0].id, created: true, fulfillmentSetId: set.id, stockLocationId }
}

/** The store's first stock location, or a new one named "Georgia" when it has none. */
async function ensureStockLocation(container: MedusaContainer): Promise<string> {
  const [location] = await container.resolve(Modules.STOCK_LOCATION).listStockLocations({}, { take: 1 })
  if (location) return location.id
  const { result } = await createStockLocationsWorkflow(container).run({
    input: { locations: [{ name: GEORGIA.region }] },
  })
  return result[0].id
}

/** Makes what a Georgian region lacks; a second run finds everything and changes nothing. */
export async function setupGeorgiaRegion(
  container: MedusaContainer,
  options: GeorgiaSetupOptions = {}
): Promise<GeorgiaSetupResult> {
  const providerIds = options.providerIds ?? (await tbcProviderIds(container))
  const currency = await ensureCurrency(container)
  const region = await ensureRegion(container, providerIds)
  const taxRegion = await ensureTaxRegion(container)
  const serviceZone = await ensureServiceZone(container)
  return { currency, region, taxRegion, serviceZone }
}

/** One line per piece, for the command's output. */
export function setupReport(result: GeorgiaSetupResult): string[] {
  const made = (created: boolean) => (created ? "created" : "already there")
  return [
    `GEL in the store's currencies: ${result.currency === "added" ? "added" : "already there"}`,
    `region ${result.region.name} (${result.region.id}): ${made(result.region.created)}; TBC providers added: ${
      result.region.providersAdded.join(", ") || "none"
    }`,
    `tax region GE (${result.taxRegion.id}): ${made(result.taxRegion.created)}`,
    `service zone for Georgia (${result.serviceZone.id}): ${made(result.serviceZone.created)}`,
  ]
}
