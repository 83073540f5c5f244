/**
 * The kit's Store API calls run by the storefront's server, for storefronts that keep the
 * customer's login in an httpOnly cookie (Medusa's Next.js starters): the browser cannot send the
 * token itself, so one server action runs each call with it.
 *
 *   // a "use server" file: the one action
 *   export async function tbcStore(call: unknown) {
 *     return runTbcStoreCall(call, { headers: await getAuthHeaders(), onOrderPlaced: removeCartId })
 *   }
 *   // the browser: the kit's components call the store through it
 *   const store = tbcStoreOverAction(tbcStore)
 *
 * The action takes only the kit's calls, checked here (a fixed path per call, ids of the right
 * kind), so it can never be made to call another route with the customer's token. Answers are
 * data, never thrown: in production Next.js replaces a thrown error's message, and the kit needs
 * the HTTP status and the plugin's code to tell the shopper the right thing.
 */
import { TbcPaymentError } from "./errors"
import type { TbcOrderPayment } from "./order-payment"
import type { TbcPaymentOption, TbcSavedCard } from "./save-card"
import type { TbcPaymentStatus } from "./status"
import { createTbcStoreClient, StoreRequestError, type CompleteCartResponse, type FetchLike } from "./store-client"

/** What the kit's components ask of the store (a TbcStoreClient is one; tbcStoreOverAction makes one). */
export interface TbcStore {
  /** the store's TBC options for the cart, the unavailable ones left out */
  getPaymentOptions(cartId: string): Promise<TbcPaymentOption[]>
  /** the logged-in customer's saved cards; null for a guest */
  listSavedCards(): Promise<TbcSavedCard[] | null>
  deleteSavedCard(cardId: string): Promise<void>
  getPaymentStatus(cartId: string): Promise<TbcPaymentStatus>
  completeCart(cartId: string): Promise<CompleteCartResponse>
  getOrderPayment(orderId: string, cartId?: string): Promise<TbcOrderPayment | null>
}

/** One call of the kit, as the browser sends it to the server action. */
export type TbcStoreCall =
  | { op: "payment-options"; cartId: string }
  | { op: "saved-cards" }
  | { op: "delete-saved-card"; cardId: string }
  | { op: "payment-status"; cartId: string }
  | { op: "complete-cart"; cartId: string }
  | { op: "order-payment"; orderId: string; cartId?: string }

/** The action's answer: the value, or the store's refusal as data. */
export type TbcStoreAnswer =
  | {
      ok: true
      value: unknown
      /** the call turned the cart into an order: clear the storefront's cart and refresh its orders */
      placedOrder: boolean
    }
  | { ok: false; status?: number; message: string; body?: unknown }

export interface TbcServerStoreOptions {
  /**
   * The Medusa server. Default: the env variable Medusa's Next.js starters set,
   * NEXT_PUBLIC_MEDUSA_BACKEND_URL, else http://localhost:9000 (the starters' default too).
   */
  backendUrl?: string
  /** Default: the env variable NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY, as in Medusa's Next.js starters. */
  publishableKey?: string
  /** the headers the storefront sends the store, e.g. the starter's getAuthHeaders(): `authorization: Bearer …` */
  headers?: Record<string, string | undefined>
  /**
   * Called once a call turned the cart into an order, before the answer goes back: e.g. the
   * starter's removeCartId, so the next visit starts a new cart.
   */
  onOrderPlaced?: () => unknown
  /** defaults to the global fetch */
  fetch?: FetchLike
}

/**
 * A server's env variable, read when asked (no @types/node here: the kit runs in browsers too). By
 * name, not `process.env`: bundlers replace that expression at build time in a browser build.
 */
function envVariable(name: string): string | undefined {
  const holder = globalThis as unknown as Record<string, { env?: Record<string, string | undefined> } | undefined>
  const env = holder["process"]?.env
  const value = env?.[name]
  return value === "" ? undefined : value
}

const ID_RULES = {
  cartId: { pattern: /^cart_[A-Za-z0-9]+$/, rule: "must be a cart id (cart_…)" },
  orderId: { pattern: /^order_[A-Za-z0-9]+$/, rule: "must be an order id (order_…)" },
  cardId: { pattern: /^tbccard_[A-Za-z0-9]+$/, rule: "must be a saved card id (tbccard_…)" },
} as const
type IdField = keyof typeof ID_RULES

/** The fields each call carries (an optional one may be absent). */
const CALL_FIELDS: Readonly<Record<TbcStoreCall["op"], { required: IdField[]; optional: IdField[] }>> = {
  "payment-options": { required: ["cartId"], optional: [] },
  "saved-cards": { required: [], optional: [] },
  "delete-saved-card": { required: ["cardId"], optional: [] },
  "payment-status": { required: ["cartId"], optional: [] },
  "complete-cart": { required: ["cartId"], optional: [] },
  "order-payment": { required: ["orderId"], optional: ["cartId"] },
}

/** The call if it is one of the kit's, else the first problem, naming the field and its rule. */
export function checkTbcStoreCall(call: unknown): { call: TbcStoreCall } | { problem: string } {
  const input = (typeof call === "object" && call !== null ? call : {}) as Record<string, unknown>
  const op = input.op as TbcStoreCall["op"]
  const fields =
    typeof op === "string" && Object.prototype.hasOwnProperty.call(CALL_FIELDS, op) ? CALL_FIELDS[op] : null
  if (!fields) return { problem: `op: must be one of ${Object.keys(CALL_FIELDS).join(", ")}` }
  const allowed: string[] = ["op", ...fields.required, ...fields.optional]
  const extra = Object.keys(input).find((key) => !allowed.includes(key))
  if (extra) return { problem: `${extra}: is not a field of the ${op} call` }
  for (const field of [...fields.required, ...fields.optional]) {
    const value = input[field]
    if (value === undefined && fields.optional.includes(field)) continue
    if (typeof value !== "string" || !ID_RULES[field].pattern.test(value)) {
      return { problem: `${field}: ${ID_RULES[field].rule}` }
    }
  }
  return { call: input as unknown as TbcStoreCall }
}

/** A failure as data: the HTTP status, the store's words, and the kit's code when it has one. */
function refusal(error: unknown): TbcStoreAnswer {
  if (error instanceof StoreRequestError) {
    return { ok: false, status: error.status, message: error.message, body: error.body }
  }
  if (error instanceof TbcPaymentError) {
    return { ok: false, status: error.status, message: error.storeMessage ?? error.message, body: { code: error.code } }
  }
  return { ok: false, message: error instanceof Error ? error.message : String(error) }
}

/** The order is placed whatever happens here: a failing clean-up must not tell the shopper it failed. */
async function afterOrder(onOrderPlaced: TbcServerStoreOptions["onOrderPlaced"]): Promise<void> {
  try {
    await onOrderPlaced?.()
  } catch {
    // e.g. a cookie that could not be cleared: the next visit finds a completed cart, which Medusa refuses
  }
}

/** Runs one of the kit's calls on the server, with the customer's login from `options.headers`. */
export async function runTbcStoreCall(call: unknown, options: TbcServerStoreOptions = {}): Promise<TbcStoreAnswer> {
  const checked = checkTbcStoreCall(call)
  if ("problem" in checked) return { ok: false, status: 400, message: checked.problem }
  const token = /^Bearer\s+(\S+)$/i.exec(options.headers?.authorization ?? "")?.[1] ?? null
  const asked = checked.call
  try {
    const store = createTbcStoreClient({
      backendUrl: options.backendUrl ?? envVariable("NEXT_PUBLIC_MEDUSA_BACKEND_URL") ?? "http://localhost:9000",
      publishableKey: options.publishableKey ?? envVariable("NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY") ?? "",
      fetch: options.fetch,
      authToken: () => token,
    })
    const value = await ((): Promise<unknown> => {
      switch (asked.op) {
        case "payment-options":
          return store.getPaymentOptions(asked.cartId)
        case "saved-cards":
          return store.listSavedCards()
        case "delete-saved-card":
          return store.deleteSavedCard(asked.cardId)
        case "payment-status":
          return store.getPaymentStatus(asked.cartId)
        case "complete-cart":
          return store.completeCart(asked.cartId)
        case "order-payment":
          return store.getOrderPayment(asked.orderId, asked.cartId)
      }
    })()
    const placedOrder = asked.op === "complete-cart" && (value as CompleteCartResponse).type === "order"
    if (placedOrder) await afterOrder(options.onOrderPlaced)
    return { ok: true, value: value ?? null, placedOrder }
  } catch (error) {
    return refusal(error)
  }
}

/** The kit's store in the browser, every call through the server action `action` (runTbcStoreCall on the server). */
export function tbcStoreOverAction(action: (call: TbcStoreCall) => Promise<TbcStoreAnswer>): TbcStore {
  async function ask<T>(call: TbcStoreCall): Promise<T> {
    const answer = await action(call)
    if (answer.ok) return answer.value as T
    throw new StoreRequestError(answer.status ?? 0, answer.message, answer.body)
  }
  return {
    getPaymentOptions: (cartId) => ask({ op: "payment-options", cartId }),
    listSavedCards: () => ask({ op: "saved-cards" }),
    deleteSavedCard: (cardId) => ask({ op: "delete-saved-card", cardId }),
    getPaymentStatus: (cartId) => ask({ op: "payment-status", cartId }),
    completeCart: (cartId) => ask({ op: "complete-cart", cartId }),
    getOrderPayment: (orderId, cartId) =>
      ask(cartId ? { op: "order-payment", orderId, cartId } : { op: "order-payment", orderId }),
  }
}
