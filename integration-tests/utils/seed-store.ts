import {
  createApiKeysWorkflow,
  createCustomerAccountWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
  updateStoresWorkflow,
} from "@medusajs/medusa/core-flows"
import { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/** Payment providers registered by the two TBC providers (see medusa-config.ts). */
export const TBC_CHECKOUT_PROVIDER_ID = "pp_tbc-checkout_tbc"
export const TBC_INSTALLMENTS_PROVIDER_ID = "pp_tbc-installments_tbc"

export interface SeedStoreOptions {
  /** Providers enabled on the region. Default: every registered `pp_tbc-*` provider (or the system one if none). */
  paymentProviderIds?: string[]
  customer?: { email: string; password: string; first_name?: string; last_name?: string }
  /** Major-unit GEL prices of the two variants. Default 49.99 and 1234.56 (an installment-sized sum). */
  variantPrices?: [number, number]
  /** Flat shipping price in GEL. Default 5. */
  shippingPrice?: number
}

export interface SeededStore {
  regionId: string
  salesChannelId: string
  stockLocationId: string
  shippingOptionId: string
  productId: string
  /** Variant ids in the order of `variantPrices`. */
  variantIds: string[]
  /** Send as `x-publishable-api-key` on /store requests. */
  publishableKey: string
  paymentProviderIds: string[]
  customer: { id: string; email: string; password: string }
}

/** Title of the seeded publishable key (the demo finds the key again by it). */
export const SEED_PUBLISHABLE_KEY_TITLE = "TBC web store"

/** The customer seeded unless options.customer says otherwise. */
export const DEFAULT_SEED_CUSTOMER = {
  email: "customer@tbc-demo.ge",
  password: "supersecret",
  first_name: "Nino",
  last_name: "Beridze",
}

/** The seeded product's variants, in the order of SeedStoreOptions.variantPrices. */
const VARIANT_SIZES = ["Small", "Family"] as const

/** All registered TBC payment providers, or the system provider so the region is usable at all. */
async function defaultPaymentProviderIds(container: MedusaContainer): Promise<string[]> {
  const payment = container.resolve(Modules.PAYMENT)
  const providers = await payment.listPaymentProviders({})
  const tbc = providers.map((provider) => provider.id).filter((id) => id.startsWith("pp_tbc-"))
  return tbc.length > 0 ? tbc : ["pp_system_default"]
}

/** A registered customer with an emailpass identity, so the store login route works for it. */
async function createCustomerWithPassword(
  container: MedusaContainer,
  customer: Required<NonNullable<SeedStoreOptions["customer"]>>
): Promise<string> {
  const auth = container.resolve(Modules.AUTH)
  const { success, authIdentity, error } = await auth.register("emailpass", {
    body: { email: customer.email, password: customer.password },
  })
  if (!success || !authIdentity) {
    throw new Error(`seedStore: customer.email ${customer.email} could not be registered: ${error}`)
  }
  const { result } = await createCustomerAccountWorkflow(container).run({
    input: {
      authIdentityId: authIdentity.id,
      customerData: {
        email: customer.email,
        first_name: customer.first_name,
        last_name: customer.last_name,
      },
    },
  })
  return result.id
}

/** Stock location in Tbilisi that ships to Georgia with the manual fulfillment provider. */
async function createShipping(
  container: MedusaContainer,
  regionId: string,
  salesChannelId: string,
  shippingPrice: number
) {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const { result: locations } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        {
          name: "Tbilisi warehouse",
          address: { city: "Tbilisi", country_code: "ge", address_1: "Rustaveli Ave 1" },
        },
      ],
    },
  })
  const stockLocationId = locations[0].id
  await linkSalesChannelsToStockLocationWorkflow(container).run({
    input: { id: stockLocationId, add: [salesChannelId] },
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: stockLocationId },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })
  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: `Georgia delivery ${stockLocationId}`,
    type: "shipping",
    service_zones: [{ name: "Georgia", geo_zones: [{ country_code: "ge", type: "country" }] }],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: stockLocationId },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })
  const existingProfiles = await fulfillment.listShippingProfiles({ type: "default" })
  const shippingProfileId =
    existingProfiles[0]?.id ??
    (
      await createShippingProfilesWorkflow(container).run({
        input: { data: [{ name: "Default", type: "default" }] },
      })
    ).result[0].id
  const { result: options } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Courier (Georgia)",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: shippingProfileId,
        type: { label: "Courier", description: "Delivery in 1-2 days", code: "courier" },
        prices: [
          { currency_code: "gel", amount: shippingPrice },
          { region_id: regionId, amount: shippingPrice },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })
  return { stockLocationId, shippingProfileId, shippingOptionId: options[0].id }
}

/**
 * Seeds a minimal store that can check out in GEL through the TBC providers: region "Georgia",
 * a sales channel with a publishable key, a stock location with a courier shipping option,
 * one published product with two priced variants (inventory not managed), and a customer who
 * can log in with email + password. Works on a fresh database (each call creates new rows);
 * the demo makes it idempotent by checking for the region first.
 */
export async function seedStore(container: MedusaContainer, options: SeedStoreOptions = {}): Promise<SeededStore> {
  const paymentProviderIds = options.paymentProviderIds ?? (await defaultPaymentProviderIds(container))
  const customer = { ...DEFAULT_SEED_CUSTOMER, ...options.customer }
  const variantPrices = options.variantPrices ?? [49.99, 1234.56]

  const { result: channels } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "TBC web store" }] },
  })
  const salesChannelId = channels[0].id
  const [store] = await container.resolve(Modules.STORE).listStores({})
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: "gel", is_default: true }],
        default_sales_channel_id: salesChannelId,
      },
    },
  })
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [{ name: "Georgia", currency_code: "gel", countries: ["ge"], payment_providers: paymentProviderIds }],
    },
  })
  const regionId = regions[0].id
  await createTaxRegionsWorkflow(container).run({ input: [{ country_code: "ge", provider_id: "tp_system" }] })

  const shipping = await createShipping(container, regionId, salesChannelId, options.shippingPrice ?? 5)

  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: "Khinkali cooking set",
          // Unique per call, so several seeds in one database do not collide.
          handle: `khinkali-set-${salesChannelId.slice(-8).toLowerCase()}`,
          status: "published",
          shipping_profile_id: shipping.shippingProfileId,
          options: [{ title: "Size", values: [...VARIANT_SIZES] }],
          variants: VARIANT_SIZES.map((size, index) => ({
            title: size,
            sku: `KHINKALI-${size.toUpperCase()}-${salesChannelId}`,
            options: { Size: size },
            manage_inventory: false,
            prices: [{ amount: variantPrices[index], currency_code: "gel" }],
          })),
          sales_channels: [{ id: salesChannelId }],
        },
      ],
    },
  })
  const product = products[0]
  const variantIds = VARIANT_SIZES.map((size) => {
    const variant = product.variants.find((candidate) => candidate.title === size)
    if (!variant) throw new Error(`seedStore: variant ${size} missing from the created product`)
    return variant.id
  })

  const { result: keys } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: SEED_PUBLISHABLE_KEY_TITLE, type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: keys[0].id, add: [salesChannelId] } })

  const customerId = await createCustomerWithPassword(container, customer)

  return {
    regionId,
    salesChannelId,
    stockLocationId: shipping.stockLocationId,
    shippingOptionId: shipping.shippingOptionId,
    productId: product.id,
    variantIds,
    publishableKey: keys[0].token,
    paymentProviderIds,
    customer: { id: customerId, email: customer.email, password: customer.password },
  }
}
