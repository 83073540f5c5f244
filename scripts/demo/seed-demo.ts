/**
 * Seeds the demo store; run by scripts/demo.js as `npx medusa exec ./scripts/demo/seed-demo.ts`.
 * Idempotent: a second run finds the region "Georgia" and only re-enables the TBC providers that
 * are registered now (they may have been added since the first run), then reports the same facts.
 * Writes what the demo prints (and a storefront needs) to $TBC_DEMO_STATE_FILE as JSON.
 */
import fs from "fs"
import {
  createOrderWorkflow,
  createProductsWorkflow,
  createUserAccountWorkflow,
  updateRegionsWorkflow,
  updateStoresWorkflow,
} from "@medusajs/core-flows"
import { ExecArgs, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { DEFAULT_SEED_CUSTOMER, SEED_PUBLISHABLE_KEY_TITLE, seedStore } from "../../integration-tests/utils/seed-store"

const DEMO_ADMIN = { email: "admin@tbc-demo.ge", password: "supersecret" }
const DEMO_CUSTOMER = { email: DEFAULT_SEED_CUSTOMER.email, password: DEFAULT_SEED_CUSTOMER.password }
/** The store's name in Medusa (admin, emails) and on the demo storefront, which reads it from the state file. */
const DEMO_STORE_NAME = "Tbilisi Kitchen"

export interface DemoState {
  regionId: string
  publishableKey: string
  paymentProviderIds: string[]
  admin: { email: string; password: string }
  customer: { email: string; password: string }
  storeName: string
  /** the display id of the phone order that owes its total (to charge the customer's saved card for it) */
  phoneOrder?: number
}

async function registeredTbcProviders(container: MedusaContainer): Promise<string[]> {
  const providers = await container.resolve(Modules.PAYMENT).listPaymentProviders({})
  return providers.map((provider) => provider.id).filter((id) => id.startsWith("pp_tbc-"))
}

/** Facts of an already seeded store, read back from the database. */
async function readExistingStore(container: MedusaContainer, regionId: string): Promise<DemoState> {
  const providerIds = await registeredTbcProviders(container)
  if (providerIds.length > 0) {
    await updateRegionsWorkflow(container).run({
      input: { selector: { id: regionId }, update: { payment_providers: providerIds } },
    })
  }
  const keys = await container
    .resolve(Modules.API_KEY)
    .listApiKeys({ type: "publishable", title: SEED_PUBLISHABLE_KEY_TITLE })
  const key = keys.find((candidate) => !candidate.revoked_at)
  if (!key)
    throw new Error(
      `demo seed: region Georgia exists but the publishable key "${SEED_PUBLISHABLE_KEY_TITLE}" is missing`
    )
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: regions } = await query.graph({
    entity: "region",
    fields: ["payment_providers.id"],
    filters: { id: regionId },
  })
  return {
    regionId,
    publishableKey: key.token,
    paymentProviderIds: (regions[0]?.payment_providers ?? []).flatMap((provider: { id: string } | null) =>
      provider ? [provider.id] : []
    ),
    admin: DEMO_ADMIN,
    customer: DEMO_CUSTOMER,
    storeName: DEMO_STORE_NAME,
  }
}

/** More to shop for than the test seed's one product (demo only; prices in GEL, major units). */
const DEMO_PRODUCTS = [
  {
    title: "Churchkhela gift box",
    handle: "demo-churchkhela-box",
    description: "Walnut churchkhela, 6 pieces.",
    price: 18.5,
  },
  { title: "Saperavi, three bottles", handle: "demo-saperavi-3", description: "Kakheti red, 2021.", price: 89.9 },
  {
    title: "Svanetian salt",
    handle: "demo-svanetian-salt",
    description: "Spiced salt from Mestia, 250 g.",
    price: 7.25,
  },
]

/** Adds the demo products missing from the store's sales channel (idempotent by handle). */
async function ensureDemoProducts(container: MedusaContainer): Promise<void> {
  const products = container.resolve(Modules.PRODUCT)
  const existing = new Set(
    (await products.listProducts({ handle: DEMO_PRODUCTS.map((product) => product.handle) })).map(
      (product) => product.handle
    )
  )
  const missing = DEMO_PRODUCTS.filter((product) => !existing.has(product.handle))
  if (missing.length === 0) return
  // seedStore made its sales channel the store's default one.
  const [store] = await container.resolve(Modules.STORE).listStores({})
  const salesChannelId = store?.default_sales_channel_id
  const [profile] = await container.resolve(Modules.FULFILLMENT).listShippingProfiles({ type: "default" })
  if (!salesChannelId || !profile) throw new Error("demo seed: the seeded sales channel or shipping profile is missing")
  await createProductsWorkflow(container).run({
    input: {
      products: missing.map((product) => ({
        title: product.title,
        handle: product.handle,
        description: product.description,
        status: "published" as const,
        shipping_profile_id: profile.id,
        options: [{ title: "Pack", values: ["One"] }],
        variants: [
          {
            title: "One",
            sku: product.handle.toUpperCase(),
            options: { Pack: "One" },
            manage_inventory: false,
            prices: [{ amount: product.price, currency_code: "gel" }],
          },
        ],
        sales_channels: [{ id: salesChannelId }],
      })),
    },
  })
}

async function ensureAdminUser(container: MedusaContainer): Promise<void> {
  const existing = await container.resolve(Modules.USER).listUsers({ email: DEMO_ADMIN.email })
  if (existing.length > 0) return
  const { success, authIdentity, error } = await container
    .resolve(Modules.AUTH)
    .register("emailpass", { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })
  if (!success || !authIdentity)
    throw new Error(`demo seed: admin ${DEMO_ADMIN.email} could not be registered: ${error}`)
  await createUserAccountWorkflow(container).run({
    input: {
      authIdentityId: authIdentity.id,
      userData: { email: DEMO_ADMIN.email, first_name: "Demo", last_name: "Admin" },
    },
  })
}

/** The tag of the demo's phone order in its metadata (found again by it). */
const PHONE_ORDER_TAG = "tbc_demo_phone_order"

/**
 * A phone order for the demo customer, paid by nothing yet: it owes its total, which the admin
 * asks for by a payment link or charges to the card she saved agreeing to charges by the store
 * (the order widget's "Charge the saved card"; scripts/demo/scenes.js saves that card once the
 * server runs). Idempotent by its metadata tag.
 */
async function ensurePhoneOrder(container: MedusaContainer, regionId: string): Promise<number | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const [customer] = await container.resolve(Modules.CUSTOMER).listCustomers({ email: DEMO_CUSTOMER.email })
  if (!customer) return undefined
  const { data: orders } = await query.graph({
    entity: "order",
    fields: ["display_id", "metadata"],
    filters: { customer_id: customer.id },
  })
  const existing = (orders as Array<{ display_id: number; metadata?: Record<string, unknown> | null }>).find(
    (order) => order.metadata?.[PHONE_ORDER_TAG] === true
  )
  if (existing) return existing.display_id
  const [product] = await container
    .resolve(Modules.PRODUCT)
    .listProducts({ handle: "demo-saperavi-3" }, { relations: ["variants"] })
  const [store] = await container.resolve(Modules.STORE).listStores({})
  const variant = product?.variants?.[0]
  if (!variant || !store?.default_sales_channel_id) return undefined
  const address = {
    first_name: "Nino",
    last_name: "Beridze",
    address_1: "Rustaveli Ave 12",
    city: "Tbilisi",
    country_code: "ge",
  }
  const { result } = await createOrderWorkflow(container).run({
    input: {
      region_id: regionId,
      sales_channel_id: store.default_sales_channel_id,
      customer_id: customer.id,
      email: customer.email,
      currency_code: "gel",
      shipping_address: address,
      billing_address: address,
      metadata: { [PHONE_ORDER_TAG]: true },
      items: [{ title: product.title, variant_id: variant.id, quantity: 1, unit_price: 89.9 }],
    },
  })
  return result.display_id
}

/** Names the store as the storefront does (Medusa creates it as "Medusa Store"). */
async function ensureStoreName(container: MedusaContainer): Promise<void> {
  const [store] = await container.resolve(Modules.STORE).listStores({})
  if (!store || store.name === DEMO_STORE_NAME) return
  await updateStoresWorkflow(container).run({
    input: { selector: { id: store.id }, update: { name: DEMO_STORE_NAME } },
  })
}

export default async function seedDemo({ container }: ExecArgs): Promise<void> {
  const logger = container.resolve("logger")
  const [region] = await container.resolve(Modules.REGION).listRegions({ name: "Georgia" })
  let state: DemoState
  if (region) {
    logger.info("demo seed: store already seeded; syncing the region's TBC providers")
    state = await readExistingStore(container, region.id)
  } else {
    const seeded = await seedStore(container)
    state = {
      regionId: seeded.regionId,
      publishableKey: seeded.publishableKey,
      paymentProviderIds: seeded.paymentProviderIds,
      admin: DEMO_ADMIN,
      customer: DEMO_CUSTOMER,
      storeName: DEMO_STORE_NAME,
    }
    logger.info("demo seed: store seeded")
  }
  await ensureDemoProducts(container)
  await ensureAdminUser(container)
  await ensureStoreName(container)
  state.phoneOrder = await ensurePhoneOrder(container, state.regionId)
  const stateFile = process.env.TBC_DEMO_STATE_FILE
  if (stateFile) fs.writeFileSync(stateFile, JSON.stringify(state, null, 2))
}
