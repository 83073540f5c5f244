import type { AxiosInstance } from "axios"
import type { SeededStore } from "./seed-store"
import { TBC_CHECKOUT_PROVIDER_ID } from "./seed-store"
import { preparedCart } from "./prepared-carts"

/** What the tests read of a Store API payment session. */
export interface StorePaymentSession {
  id: string
  provider_id: string
  status: string
  amount: number
  data: Record<string, unknown>
}

export interface CartCompletion {
  httpStatus: number
  type: "order" | "cart"
  order?: { id: string; total: number; payment_collections?: unknown[] }
  cart?: { id: string; completed_at?: string | null }
  error?: { message: string; name: string; type: string }
  /** a refusal's words: Medusa answers a 4xx with `{ type, message }` */
  message?: string
}

/** The shopper's address in Georgia, used by every test and bench that fills a cart. */
export const SHOPPER_ADDRESS = {
  first_name: "Nino",
  last_name: "Beridze",
  address_1: "Rustaveli Ave 12",
  city: "Tbilisi",
  country_code: "ge",
  postal_code: "0108",
}

const GEORGIAN_ADDRESS = { ...SHOPPER_ADDRESS, phone: "+995555123456" }

/**
 * The storefront side of a checkout, through the real Store API only (what a shop front-end
 * does), so every test exercises the same routes and workflows as production.
 */
export class StoreCheckout {
  private readonly config: { headers: Record<string, string> }

  constructor(
    private readonly api: AxiosInstance,
    private readonly store: SeededStore
  ) {
    this.config = { headers: { "x-publishable-api-key": store.publishableKey } }
  }

  /**
   * A guest cart with `quantities[i]` of variant i, a Georgian address and the courier shipping
   * method, ready for a payment session. Returns the cart id and its total (major units).
   * In a suite that prepares carts (prepared-carts.ts), one built in its beforeAll.
   */
  createCartReadyForPayment(
    quantities: number[] = [1],
    email = "guest@tbc-it.ge"
  ): Promise<{ cartId: string; total: number }> {
    const key = `store ${this.store.regionId} ${this.store.shippingOptionId} ${this.store.variantIds} ${email} ${quantities}`
    return preparedCart(key, () => this.buildCart(quantities, email))
  }

  private async buildCart(quantities: number[], email: string): Promise<{ cartId: string; total: number }> {
    const items = quantities
      .map((quantity, index) => ({ variant_id: this.store.variantIds[index], quantity }))
      .filter((item) => item.quantity > 0)
    // addresses in the create call, and the total from the shipping-method answer (it returns the
    // cart with its totals): two Store API calls instead of four, the same cart
    const { data: created } = await this.api.post(
      "/store/carts",
      {
        region_id: this.store.regionId,
        email,
        items,
        shipping_address: GEORGIAN_ADDRESS,
        billing_address: GEORGIAN_ADDRESS,
      },
      this.config
    )
    const cartId: string = created.cart.id
    const { data } = await this.api.post(
      `/store/carts/${cartId}/shipping-methods`,
      { option_id: this.store.shippingOptionId },
      this.config
    )
    return { cartId, total: Number(data.cart.total) }
  }

  /**
   * Creates (or reuses) the cart's payment collection and opens a payment session on it, by
   * default with the TBC checkout provider. Opening a new session replaces the previous one.
   */
  async startPaymentSession(
    cartId: string,
    { providerId = TBC_CHECKOUT_PROVIDER_ID, data }: { providerId?: string; data?: Record<string, unknown> } = {}
  ): Promise<{ paymentCollectionId: string; session: StorePaymentSession }> {
    const paymentCollectionId = await this.paymentCollectionIdOf(cartId)
    const { data: body } = await this.api.post(
      `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
      { provider_id: providerId, ...(data ? { data } : {}) },
      this.config
    )
    const sessions: StorePaymentSession[] = body.payment_collection.payment_sessions
    const session = sessions.find((candidate) => candidate.provider_id === providerId)
    if (!session) {
      throw new Error(`startPaymentSession: no ${providerId} session on cart ${cartId}`)
    }
    return { paymentCollectionId, session }
  }

  /**
   * Adds `quantity` of variant `variantIndex` to the cart, as a second browser tab would while the
   * shopper is on the bank's page: the cart total changes and Medusa deletes the payment sessions.
   */
  async addItem(cartId: string, variantIndex = 0, quantity = 1): Promise<{ total: number }> {
    await this.api.post(
      `/store/carts/${cartId}/line-items`,
      { variant_id: this.store.variantIds[variantIndex], quantity },
      this.config
    )
    const { data } = await this.api.get(`/store/carts/${cartId}?fields=id,total`, this.config)
    return { total: Number(data.cart.total) }
  }

  /** The current payment sessions of the cart's payment collection (as the Store API shows them). */
  async sessionsOf(cartId: string): Promise<StorePaymentSession[]> {
    const { data } = await this.api.get(
      `/store/carts/${cartId}?fields=id,*payment_collection,*payment_collection.payment_sessions`,
      this.config
    )
    return data.cart.payment_collection?.payment_sessions ?? []
  }

  /**
   * POST /store/carts/:id/complete as the shopper's return to the shop does. Never throws on an
   * HTTP error: the tests assert the status and the error Medusa shows the shopper.
   */
  async completeCart(cartId: string): Promise<CartCompletion> {
    const response = await this.api.post(
      `/store/carts/${cartId}/complete`,
      {},
      {
        ...this.config,
        validateStatus: () => true,
      }
    )
    return { httpStatus: response.status, ...response.data }
  }

  /** The cart's payment collection: Medusa's route answers with the existing one, or creates it. */
  private async paymentCollectionIdOf(cartId: string): Promise<string> {
    const { data } = await this.api.post("/store/payment-collections", { cart_id: cartId }, this.config)
    return data.payment_collection.id
  }
}
