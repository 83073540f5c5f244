/**
 * The storefront side of the saved-card app tests: a shopper (logged in or guest) talking to the
 * real Store API, keeping every response body so a test can search them for the bank token.
 */
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createCustomerAccountWorkflow } from "@medusajs/core-flows"
import { Modules } from "@medusajs/framework/utils"
import type { SandboxBankControl } from "./checkout-bank"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, type SeededStore } from "./seed-store"
import { waitFor } from "./wait-for"
import { SHOPPER_ADDRESS, StoreCheckout } from "./checkout-store"
import { preparedCart, prepareCarts } from "./prepared-carts"

/** Sandbox call counters (GET /_sandbox/state → calls) the saved-card tests compare. */
export const SAVED_CARD_CALLS = {
  create: "POST /v1/tpay/payments",
  execution: "POST /v1/tpay/payments/execution",
  deleteCard: "POST /v1/tpay/payments/{recId}/delete",
}

interface HttpResult {
  status: number
  body: any
}

/** A storefront session (guest when no token); every response body is kept for the recId search. */
export class Shopper {
  readonly responses: string[]
  constructor(
    private readonly api: AxiosInstance,
    private readonly store: SeededStore,
    private readonly token: string | undefined,
    responses: string[]
  ) {
    this.responses = responses
  }

  async call(method: "get" | "post" | "delete", path: string, body?: unknown): Promise<HttpResult> {
    const headers: Record<string, string> = { "x-publishable-api-key": this.store.publishableKey }
    if (this.token) headers.authorization = `Bearer ${this.token}`
    const response = await this.api.request({ method, url: path, data: body, headers, validateStatus: () => true })
    this.responses.push(JSON.stringify(response.data ?? null))
    return { status: response.status, body: response.data }
  }

  async ok(method: "get" | "post" | "delete", path: string, body?: unknown): Promise<any> {
    const result = await this.call(method, path, body)
    if (result.status >= 300) throw new Error(`${method} ${path} → ${result.status}: ${JSON.stringify(result.body)}`)
    return result.body
  }

  /**
   * A cart of one 49.99 item with address and courier shipping, and its payment collection. In a
   * suite that prepares carts (prepared-carts.ts), one built in its beforeAll for the same login.
   */
  async cartReadyForPayment(): Promise<{ cartId: string; collectionId: string; total: number }> {
    const key = `shopper ${this.store.regionId} ${this.token ?? "guest"}`
    const { answers, ...cart } = await preparedCart(key, () => this.buildCart())
    // the cart's answers join this shopper's, whenever the cart was built
    this.responses.push(...answers)
    return cart
  }

  private async buildCart() {
    const building = new Shopper(this.api, this.store, this.token, [])
    const { cart } = await building.ok("post", "/store/carts", {
      region_id: this.store.regionId,
      items: [{ variant_id: this.store.variantIds[0], quantity: 1 }],
      shipping_address: SHOPPER_ADDRESS,
      billing_address: SHOPPER_ADDRESS,
      ...(this.token ? {} : { email: "guest@tbc-it.ge" }),
    })
    // the shipping-method answer is the cart with its totals
    const { cart: priced } = await building.ok("post", `/store/carts/${cart.id}/shipping-methods`, {
      option_id: this.store.shippingOptionId,
    })
    const { payment_collection } = await building.ok("post", "/store/payment-collections", { cart_id: cart.id })
    return {
      cartId: cart.id as string,
      collectionId: payment_collection.id as string,
      total: Number(priced.total),
      answers: building.responses,
    }
  }

  startSession(collectionId: string, data: Record<string, unknown>): Promise<HttpResult> {
    return this.call("post", `/store/payment-collections/${collectionId}/payment-sessions`, {
      provider_id: TBC_CHECKOUT_PROVIDER_ID,
      data,
    })
  }

  async cards(): Promise<any[]> {
    return (await this.ok("get", "/store/customers/me/tbc-cards")).cards
  }

  /** The first card the list shows, once there is one: cards are recorded by event subscribers after the response. */
  async firstCardOnceListed(description: string): Promise<any> {
    const [card] = await waitFor(
      async () => {
        const cards = await this.cards()
        return cards.length > 0 ? cards : undefined
      },
      { timeoutMs: 15_000, description }
    )
    return card
  }
}

export async function registerCustomer(container: MedusaContainer, email: string, password: string): Promise<string> {
  const { authIdentity } = await container.resolve(Modules.AUTH).register("emailpass", { body: { email, password } })
  const { result } = await createCustomerAccountWorkflow(container).run({
    input: { authIdentityId: authIdentity!.id, customerData: { email, first_name: "Giorgi" } },
  })
  return result.id
}

export async function login(api: AxiosInstance, email: string, password: string): Promise<string> {
  const { data } = await api.post("/auth/customer/emailpass", { email, password })
  return data.token
}

/**
 * The shopper's first order with save_card: paid on the hosted page; returns the card as the
 * Store API lists it and the bank token the sandbox saved (to search responses for it).
 */
export async function firstOrderSavesCard(
  shopper: Shopper,
  bank: SandboxBankControl,
  /** more session data with save_card, e.g. the consent to charges by the store */
  extra: Record<string, unknown> = {}
): Promise<{ card: any; recId: string }> {
  const { cartId, collectionId } = await shopper.cartReadyForPayment()
  const started = await shopper.startSession(collectionId, { save_card: true, ...extra })
  if (started.status !== 200) throw new Error(`save-card session refused: ${JSON.stringify(started.body)}`)
  const session = started.body.payment_collection.payment_sessions[0]
  await bank.pay(session.data.payId, "success")
  const completion = await shopper.call("post", `/store/carts/${cartId}/complete`)
  if (completion.body.type !== "order")
    throw new Error(`the save-card order was not placed: ${JSON.stringify(completion.body)}`)
  const card = await shopper.firstCardOnceListed("the saved card to be recorded")
  const saved = (await bank.state()).savedCards.find((c: any) => c.payId === session.data.payId)
  return { card, recId: saved.recId }
}

/** The cast of the saved-card app tests, on a fresh store: Alice (the seeded customer), Bob, a guest. */
export interface SavedCardCast {
  store: SeededStore
  alice: Shopper
  bob: Shopper
  guest: Shopper
  /** every Store API answer any of them got, for the bank-token search */
  responses: string[]
}

export async function savedCardCast(api: AxiosInstance, container: MedusaContainer): Promise<SavedCardCast> {
  return castShoppers(api, await castLogins(api, container))
}

interface CastLogins {
  store: SeededStore
  aliceToken: string
  bobToken: string
}

/** The cast's store, Bob's account and both logins (a login's token holds no database state). */
async function castLogins(api: AxiosInstance, container: MedusaContainer): Promise<CastLogins> {
  const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
  await registerCustomer(container, "bob@tbc-it.ge", "bobsecret")
  return {
    store,
    aliceToken: await login(api, store.customer.email, store.customer.password),
    bobToken: await login(api, "bob@tbc-it.ge", "bobsecret"),
  }
}

function castShoppers(api: AxiosInstance, { store, aliceToken, bobToken }: CastLogins): SavedCardCast {
  const responses: string[] = []
  return {
    store,
    responses,
    alice: new Shopper(api, store, aliceToken, responses),
    bob: new Shopper(api, store, bobToken, responses),
    guest: new Shopper(api, store, undefined, responses),
  }
}

/**
 * savedCardCast for every test of a suite at the cost of one: the store, Bob and the logins are
 * made in the suite's beforeAll (the runner restores that database before each test), with
 * `aliceCarts` of Alice's carts prepared (prepared-carts.ts); each test gets new shoppers and an
 * empty response list. The returned cast is filled in before each test (a beforeEach registered
 * here, so use it in the tests or in beforeEach hooks registered after this call).
 */
export function savedCardCastForSuite(
  api: AxiosInstance,
  getContainer: () => MedusaContainer,
  { aliceCarts }: { aliceCarts: number }
): SavedCardCast {
  let logins: CastLogins
  const cast = {} as SavedCardCast
  beforeAll(async () => {
    logins = await castLogins(api, getContainer())
  })
  prepareCarts(getContainer, async () => {
    const alice = new Shopper(api, logins.store, logins.aliceToken, [])
    for (let built = 0; built < aliceCarts; built++) await alice.cartReadyForPayment()
  })
  beforeEach(() => {
    Object.assign(cast, castShoppers(api, logins))
  })
  return cast
}

/**
 * For every test of a suite at the cost of one: the store seeded and Alice (its customer) logged
 * in, in the suite's beforeAll (the runner restores that database before each test, and a login's
 * token holds no database state), with `aliceCarts` of her carts prepared (prepared-carts.ts),
 * and the guest carts of `guestCarts` (quantities per cart, StoreCheckout on the suite's store).
 * The returned object is filled in by then; register hooks that use it after this call.
 */
export function aliceForSuite(
  api: AxiosInstance,
  getContainer: () => MedusaContainer,
  { aliceCarts, guestCarts = [] }: { aliceCarts: number; guestCarts?: number[][] }
): { store: SeededStore; aliceToken: string } {
  const suite = {} as { store: SeededStore; aliceToken: string }
  beforeAll(async () => {
    suite.store = await seedStore(getContainer(), { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
    suite.aliceToken = await login(api, suite.store.customer.email, suite.store.customer.password)
  })
  prepareCarts(getContainer, async () => {
    const alice = new Shopper(api, suite.store, suite.aliceToken, [])
    for (let built = 0; built < aliceCarts; built++) await alice.cartReadyForPayment()
    const shop = new StoreCheckout(api, suite.store)
    for (const quantities of guestCarts) await shop.createCartReadyForPayment(quantities)
  })
  return suite
}
