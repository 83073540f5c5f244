/**
 * The few Store API calls a TBC payment needs, over any `fetch` (the browser's, Node's, or a fake
 * in tests). Storefronts that already have a client (Medusa's JS SDK in the dtc-starter) can skip
 * this and pass their own functions to `completeTbcPayment`.
 */
import { TbcPaymentError } from "./errors"
import type { StorePaymentSession } from "./session"
import { offeredTbcOptions, type TbcPaymentOption, type TbcSavedCard } from "./save-card"
import type { TbcPaymentStatus } from "./status"
import type { TbcOrderPayment } from "./order-payment"
import type { TbcPaymentLink } from "./payment-link"

export interface FetchResponseLike {
  ok: boolean
  status: number
  text(): Promise<string>
}
export type FetchLike = (
  url: string,
  init: {
    method: string
    headers: Record<string, string>
    body?: string
    credentials?: "include" | "omit" | "same-origin"
  }
) => Promise<FetchResponseLike>

export interface TbcStoreClientOptions {
  /** The Medusa server, e.g. https://api.shop.ge */
  backendUrl: string
  /** The store's publishable API key (public by design). */
  publishableKey: string
  /** Defaults to the global fetch. */
  fetch?: FetchLike
  /** The logged-in customer's token (saved cards need it); return null for guests. */
  authToken?: () => string | null | undefined
}

/** A Store API answer that was not 2xx; `message` is Medusa's. */
export class StoreRequestError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.name = "StoreRequestError"
    this.status = status
    this.body = body
  }
}

export interface StoreCart {
  id: string
  completed_at?: string | null
  payment_collection?: { id: string; payment_sessions?: StorePaymentSession[] | null } | null
  [key: string]: unknown
}
export interface StoreOrder {
  id: string
  display_id?: number
  payment_status?: string
  payment_collections?: Array<{ status?: string } | null> | null
  [key: string]: unknown
}
/** `POST /store/carts/:id/complete`: an order, or the cart with the reason it is not one yet. */
export type CompleteCartResponse =
  | { type: "order"; order: StoreOrder }
  | { type: "cart"; cart: StoreCart; error?: { message?: string; type?: string; name?: string } }

const CART_FIELDS = "id,completed_at,*payment_collection,*payment_collection.payment_sessions"

export function createTbcStoreClient(options: TbcStoreClientOptions) {
  if (!options.backendUrl) throw new Error("createTbcStoreClient: backendUrl is required (the Medusa server's URL)")
  if (!options.publishableKey)
    throw new Error("createTbcStoreClient: publishableKey is required (x-publishable-api-key)")
  const fetchImpl: FetchLike | undefined =
    options.fetch ?? (typeof fetch === "function" ? (fetch as unknown as FetchLike) : undefined)
  if (!fetchImpl) throw new Error("createTbcStoreClient: no fetch available; pass options.fetch")
  const base = options.backendUrl.replace(/\/+$/, "")

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "x-publishable-api-key": options.publishableKey }
    if (body !== undefined) headers["content-type"] = "application/json"
    const token = options.authToken?.()
    if (token) headers.authorization = `Bearer ${token}`
    let response: FetchResponseLike
    try {
      response = await fetchImpl!(base + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (error) {
      throw new TbcPaymentError("store_unreachable", {
        storeMessage: error instanceof Error ? error.message : String(error),
      })
    }
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : {}
    } catch {
      parsed = { message: text }
    }
    if (!response.ok) {
      const message = (parsed as { message?: unknown }).message
      throw new StoreRequestError(
        response.status,
        typeof message === "string" && message ? message : `${method} ${path} failed (HTTP ${response.status})`,
        parsed
      )
    }
    return parsed as T
  }

  const id = (value: string) => encodeURIComponent(value)
  return {
    getCart: (cartId: string) =>
      call<{ cart: StoreCart }>("GET", `/store/carts/${id(cartId)}?fields=${encodeURIComponent(CART_FIELDS)}`).then(
        (r) => r.cart
      ),
    createPaymentCollection: (cartId: string) =>
      call<{ payment_collection: { id: string } }>("POST", "/store/payment-collections", { cart_id: cartId }).then(
        (r) => r.payment_collection
      ),
    createPaymentSession: (collectionId: string, providerId: string, data: Record<string, unknown>) =>
      call<{ payment_collection: { id: string; payment_sessions?: StorePaymentSession[] } }>(
        "POST",
        `/store/payment-collections/${id(collectionId)}/payment-sessions`,
        { provider_id: providerId, ...(Object.keys(data).length > 0 ? { data } : {}) }
      ).then((r) => r.payment_collection),
    /** Read-only: never completes the cart (status.ts). */
    getPaymentStatus: (cartId: string) =>
      call<{ payment_status: TbcPaymentStatus }>("GET", `/store/tbc/carts/${id(cartId)}/payment-status`).then(
        (r) => r.payment_status
      ),
    /**
     * The store's TBC providers: methods and whether cards are saved (for canOfferSaveCard). With
     * a cart id, judged for that cart (a method outside its min/max is unavailable), and the
     * unavailable ones are left out unless `includeUnavailable`.
     */
    getPaymentOptions: (cartId?: string, { includeUnavailable = false }: { includeUnavailable?: boolean } = {}) =>
      call<{ payment_options: TbcPaymentOption[] }>(
        "GET",
        `/store/tbc/payment-options${cartId ? `?cart_id=${id(cartId)}` : ""}`
      ).then((r) => (includeUnavailable ? r.payment_options : offeredTbcOptions(r.payment_options))),
    completeCart: (cartId: string) => call<CompleteCartResponse>("POST", `/store/carts/${id(cartId)}/complete`, {}),
    /**
     * How the order was paid (card mask and method): for the logged-in customer who placed it
     * (authToken), or with the order's cart id (a guest's confirmation page). 404 for anyone else.
     */
    getOrderPayment: (orderId: string, cartId?: string) =>
      call<{ order_id: string; payment: TbcOrderPayment | null }>(
        "GET",
        `/store/tbc/orders/${id(orderId)}/payment` + (cartId ? `?cart_id=${encodeURIComponent(cartId)}` : "")
      ).then((r) => r.payment),
    /**
     * The logged-in customer's usable saved cards; null for a guest (no authToken, or the store
     * answers 401): nothing is asked without a token.
     */
    listSavedCards: async (): Promise<TbcSavedCard[] | null> => {
      if (!options.authToken?.()) return null
      try {
        return (await call<{ cards: TbcSavedCard[] }>("GET", "/store/customers/me/tbc-cards")).cards
      } catch (error) {
        if (error instanceof StoreRequestError && error.status === 401) return null
        throw error
      }
    },
    /** Removes one of the logged-in customer's saved cards (also at the bank). */
    deleteSavedCard: (cardId: string) =>
      call<{ id: string; deleted: boolean }>("DELETE", `/store/customers/me/tbc-cards/${id(cardId)}`).then(
        () => undefined
      ),
    /** A payment link and its order's lines, for whoever holds its token (no login). */
    getPaymentLink: (linkId: string, token: string) =>
      call<{ payment_link: TbcPaymentLink }>(
        "GET",
        `/store/tbc/payment-links/${id(linkId)}?token=${encodeURIComponent(token)}`
      ).then((r) => r.payment_link),
    /**
     * A fresh bank payment of what the link's order owes now: go to the answer (redirectToBank).
     * `language`: the bank page's, "KA" | "EN" | "RU" (linkBankLanguage(locale)); 409 when not payable.
     */
    payPaymentLink: (linkId: string, token: string, language?: "KA" | "EN" | "RU") =>
      call<{ redirect_url: string }>("POST", `/store/tbc/payment-links/${id(linkId)}/pay`, {
        token,
        ...(language ? { language } : {}),
      }).then((r) => r.redirect_url),
    getOrder: (orderId: string) =>
      call<{ order: StoreOrder }>(
        "GET",
        `/store/orders/${id(orderId)}?fields=id,display_id,payment_status,*payment_collections`
      ).then((r) => r.order),
  }
}

export type TbcStoreClient = ReturnType<typeof createTbcStoreClient>
