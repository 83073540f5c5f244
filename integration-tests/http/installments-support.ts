/**
 * Helpers of the installments app tests (installments-*.app.ts):
 * the sandbox bank for one test file or app group, a GEL cart with a tbc-installments session
 * opened through the Store API, the bank's control API, and reads of what Medusa made of it.
 */
import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { SHOPPER_ADDRESS, StoreCheckout } from "../utils/checkout-store"
import type { SeededStore } from "../utils/seed-store"
import { TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"

/**
 * The app settings of the installments group (installments-app.spec.ts): one boot for the flow,
 * sync and sync-retries specs, so they share one env. A sync page of 200 (the sync spec's 1,000
 * changes come in 5 pages); 2 retries with no backoff (3 tries in all, each sync run the next
 * try: the retries spec; the others never fail a change twice).
 */
export const INSTALLMENTS_PAGE_SIZE = 200
export const INSTALLMENTS_GROUP_ENV: Readonly<Record<string, string>> = {
  TBC_INSTALLMENT_PAGE_SIZE: String(INSTALLMENTS_PAGE_SIZE),
  TBC_INSTALLMENT_CHANGE_RETRIES: "2",
  TBC_INSTALLMENT_CHANGE_RETRY_BACKOFF_SECONDS: "0",
}

/** What every installments app spec runs with: the scheduled sync's interval, a day. */
export const INSTALLMENTS_APP_ENV: Readonly<Record<string, string>> = { TBC_INSTALLMENT_SYNC_INTERVAL_SECONDS: "86400" }

/**
 * Starts the sandbox on a free port for this file and points the app at it (startSandboxForApp:
 * also the app's port, and in an app group one sandbox for all specs, emptied between them), with
 * a sync interval long enough that the scheduled job stays out of the tests' way (they run the
 * same workflow themselves) and `env` for the app. Call before medusaIntegrationTestRunner.
 */
export function useInstallmentsSandbox(env: Record<string, string> = {}): SandboxInstallments {
  const app = startSandboxForApp({}, { ...INSTALLMENTS_APP_ENV, ...env })
  return new SandboxInstallments(() => app.sandboxUrl)
}

export class SandboxInstallments {
  constructor(private readonly url: () => string) {}

  private async call(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${this.url()}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status} ${text}`)
    return text ? JSON.parse(text) : undefined
  }

  /** Forgets applications and the feed (the database is restored per test; the bank must be too). */
  reset() {
    return this.call("POST", "/_sandbox/reset")
  }
  setStatus(sessionId: string, statusId: number) {
    return this.call("POST", `/_sandbox/installments/${sessionId}/status`, { statusId })
  }
  bulk(count: number, statusId: number): Promise<{ sessionIds?: string[] }> {
    return this.call("POST", "/_sandbox/installments/bulk", { count, statusId })
  }
  faults(input: Record<string, unknown>) {
    return this.call("POST", "/_sandbox/faults", input)
  }
  state(): Promise<{
    applications: { sessionId: string; statusId: number }[]
    feed: { sessionId: string; statusId: number }[]
    calls: Record<string, number>
  }> {
    return this.call("GET", "/_sandbox/state")
  }
  async application(sessionId: string) {
    const found = (await this.state()).applications.find((a) => a.sessionId === sessionId)
    if (!found) throw new Error(`sandbox has no application ${sessionId}`)
    return found
  }
}

export interface InstallmentCart {
  cartId: string
  total: number
  paymentCollectionId: string
  paymentSessionId: string
  bankSessionId: string
  sessionData: Record<string, unknown>
}

/**
 * A guest cart in GEL, ready to pay, with a tbc-installments session opened via the Store API.
 * `quantities` of the seeded variants (49.99 and 1234.56 GEL): the total must reach TBC's 100 GEL
 * loan minimum, or the provider refuses the session.
 */
export async function cartWithInstallmentSession(
  api: AxiosInstance,
  store: SeededStore,
  quantities: number[] = [1, 1],
  { shipping = true }: { shipping?: boolean } = {}
): Promise<InstallmentCart> {
  const config = { headers: { "x-publishable-api-key": store.publishableKey } }
  const items = quantities
    .map((quantity, i) => ({ variant_id: store.variantIds[i], quantity }))
    .filter((i) => i.quantity > 0)
  const { data: created } = await api.post(
    "/store/carts",
    {
      region_id: store.regionId,
      email: "guest@tbc-it.ge",
      items,
      shipping_address: SHOPPER_ADDRESS,
      billing_address: SHOPPER_ADDRESS,
    },
    config
  )
  const cartId: string = created.cart.id
  // each answer is the cart with its totals
  const priced = shipping
    ? (await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: store.shippingOptionId }, config)).data
    : created
  const total = Number(priced.cart.total)
  // The products list a storefront would get from the store; Σ = total exactly.
  const installmentProducts = [{ name: "Khinkali cooking set order", price: total, quantity: 1 }]
  const { paymentCollectionId, session } = await new StoreCheckout(api, store).startPaymentSession(cartId, {
    providerId: TBC_INSTALLMENTS_PROVIDER_ID,
    data: { installmentProducts },
  })
  return {
    cartId,
    total,
    paymentCollectionId,
    paymentSessionId: session.id,
    bankSessionId: session.data.sessionId as string,
    sessionData: session.data,
  }
}

/** What Medusa made of a cart: its order (if any), payment session status and payments. */
export async function medusaStateOf(container: MedusaContainer, cart: InstallmentCart) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cart.cartId },
  })
  const orderIds = links.map((l: { order_id: string }) => l.order_id)
  const { data: sessions } = await query.graph({
    entity: "payment_session",
    fields: ["id", "status", "data", "payment.id", "payment.captured_at", "payment.canceled_at"],
    filters: { id: cart.paymentSessionId },
  })
  const { data: collections } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "status", "payments.id", "payments.captured_at", "payments.canceled_at"],
    filters: { id: cart.paymentCollectionId },
  })
  const session = sessions[0] as any
  return {
    orderIds,
    sessionStatus: session?.status as string | undefined,
    sessionData: (session?.data ?? {}) as Record<string, unknown>,
    collectionStatus: (collections[0] as any)?.status as string | undefined,
    payments: ((collections[0] as any)?.payments ?? []) as {
      id: string
      captured_at?: string | null
      canceled_at?: string | null
    }[],
  }
}
