/**
 * The reads behind "saved cards charge only for their owner" (rules: src/lib/saved-card-owner.ts;
 * routes: src/api/tbc-middlewares/saved-card-owner.ts): a cart's owner-relevant parts and its
 * tbc-checkout saved-card sessions, and the fingerprint a new saved-card session remembers.
 * Medusa's data is read through Query and its cart ↔ payment collection link only.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  cartOwnerFingerprint,
  type CartOwnerView,
  type OwnerAddress,
  type SavedCardSessionView,
} from "../../lib/saved-card-owner"
import { isSavedCardSession, SAVED_CARD_DATA } from "../../providers/tbc-checkout/saved-cards/saved-card-payment"
import { findTbcProvider } from "../tbc-providers"

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

const CART_OWNER_FIELDS = ["id", "email", "customer_id", "region_id", "shipping_address.*", "billing_address.*"]

interface CartRow extends CartOwnerView {
  id: string
  completed_at?: unknown
  shipping_address?: OwnerAddress | null
  billing_address?: OwnerAddress | null
  payment_collection?: {
    payment_sessions?: Array<{ id: string; provider_id?: string; data?: Record<string, unknown> | null } | null>
  } | null
}

export interface CartOwnerState {
  view: CartOwnerView
  /** the cart's tbc-checkout sessions that pay with a saved card */
  savedCardSessions: SavedCardSessionView[]
}

function queryOf(container: MedusaContainer): QueryLike {
  return container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
}

/**
 * A session pays with a saved card when it is a tbc-checkout session whose data carries the seal
 * or the owner the provider recorded: the seal alone would miss a session whose data an earlier
 * authorization rewrote without it.
 */
function savedCardSessionOf(
  configModule: unknown,
  session: NonNullable<NonNullable<CartRow["payment_collection"]>["payment_sessions"]>[number]
): SavedCardSessionView | undefined {
  if (!session || findTbcProvider(configModule, session.provider_id ?? "")?.kind !== "tbc-checkout") return undefined
  const data = session.data ?? {}
  const owner = data[SAVED_CARD_DATA.customerId]
  if (!isSavedCardSession(data) && typeof owner !== "string") return undefined
  const fingerprint = data[SAVED_CARD_DATA.cartFingerprint]
  return {
    id: session.id,
    owner: typeof owner === "string" ? owner : undefined,
    cartFingerprint: typeof fingerprint === "string" ? fingerprint : undefined,
  }
}

/** The cart's owner-relevant parts and saved-card sessions; undefined for an unknown cart. */
export async function readCartOwnerState(
  container: MedusaContainer,
  cartId: string
): Promise<CartOwnerState | undefined> {
  const { data } = await queryOf(container).graph({
    entity: "cart",
    fields: [
      ...CART_OWNER_FIELDS,
      "payment_collection.payment_sessions.id",
      "payment_collection.payment_sessions.provider_id",
      "payment_collection.payment_sessions.data",
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  if (!cart) return undefined
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const savedCardSessions = (cart.payment_collection?.payment_sessions ?? []).flatMap((session) => {
    const view = savedCardSessionOf(configModule, session)
    return view ? [view] : []
  })
  return { view: cart, savedCardSessions }
}

/**
 * The fingerprint of the cart a payment collection belongs to, for a new saved-card session;
 * undefined when the collection has no cart (then no cart can be completed with it).
 */
export async function cartFingerprintOfCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<string | undefined> {
  const { data } = await queryOf(container).graph({
    entity: "payment_collection",
    fields: ["id", ...CART_OWNER_FIELDS.map((field) => `cart.${field}`)],
    filters: { id: paymentCollectionId },
  })
  const cart = (data[0] as { cart?: CartRow | null } | undefined)?.cart
  return cart ? cartOwnerFingerprint(cart) : undefined
}

/** Whether the customer exists and is not deleted (Query leaves deleted rows out). */
export async function customerExists(container: MedusaContainer, customerId: string | undefined): Promise<boolean> {
  if (!customerId) return false
  const { data } = await queryOf(container).graph({ entity: "customer", fields: ["id"], filters: { id: customerId } })
  return data.length > 0
}
