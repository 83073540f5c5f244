/**
 * The first step of session creation (src/workflows/payment-sessions), for every provider: no new
 * session may be opened on a payment collection whose cart the money ledger says must not be paid
 * again, or whose cart became an order.
 *
 * Why: Medusa 2.21.2 lets anyone who knows a collection id open a new session on it at any time,
 * and deletes the collection's existing sessions first (deletePaymentSessionsWorkflow). A second
 * payment while the first one's outcome is unknown (a saved-card execution answered 502, the bank
 * still processing) could charge the shopper twice; and a paid session would vanish from under
 * the order. The rule itself is pure (newPaymentVerdict in src/lib/ledger/guards.ts); this reads
 * the cart through Query and its charges from the ledger, never Medusa's session data.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { newPaymentVerdict } from "../../lib/ledger/guards"
import { ALREADY_ORDERED_MESSAGE, COLLECTION_PAID_MESSAGE, shopperTextCode } from "../../lib/shopper-texts"
import { LedgerStore, ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { LEDGER_DATA } from "../../providers/tbc-checkout/ledger/bookkeeping"
import { SERVER_SESSION_DATA } from "../../providers/tbc-checkout/payment-data"

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

interface CollectionView {
  payments?: Array<{ provider_id?: string; canceled_at?: unknown }>
}

const TBC_PROVIDER = /^pp_tbc-/

/** The cart a payment collection belongs to (cart ↔ collection link), if any. */
export async function cartOfCollection(query: QueryLike, collectionId: string): Promise<string | undefined> {
  const { data } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: collectionId },
  })
  return (data[0] as { cart_id?: string } | undefined)?.cart_id
}

/**
 * The cart's locale, which the bank page's language follows (Medusa keeps the shopper's BCP 47
 * locale on the cart). Read on its own and never fatal: a Medusa without the field (the plugin's
 * peer floor is older than 2.21) just leaves the page in the configured language.
 */
export async function cartLocaleOf(query: QueryLike, cartId: string): Promise<string | undefined> {
  try {
    const { data } = await query.graph({ entity: "cart", fields: ["id", "locale"], filters: { id: cartId } })
    const locale = (data[0] as { locale?: unknown } | undefined)?.locale
    return typeof locale === "string" && locale !== "" ? locale : undefined
  } catch {
    return undefined
  }
}

/** Why the collection must keep its sessions (or undefined), and its cart. */
export async function paidCollectionReason(
  query: QueryLike,
  ledger: Pick<LedgerStore, "chargesOfCart">,
  collectionId: string
): Promise<{ reason?: string; cartId?: string; cartLocale?: string }> {
  const cartId = await cartOfCollection(query, collectionId)
  let cartLocale: string | undefined
  if (cartId) {
    const verdict = newPaymentVerdict(await ledger.chargesOfCart(cartId))
    if (!verdict.allowed) return { reason: verdict.message, cartId }
    const { data: carts } = await query.graph({
      entity: "cart",
      fields: ["id", "completed_at"],
      filters: { id: cartId },
    })
    if ((carts[0] as { completed_at?: unknown } | undefined)?.completed_at) {
      return { reason: ALREADY_ORDERED_MESSAGE, cartId }
    }
    cartLocale = await cartLocaleOf(query, cartId)
  }
  // a Medusa payment made from a TBC session (e.g. an order edit's collection, which has no cart);
  // a canceled one (order placement failed after authorization) leaves the collection retryable
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", "payments.provider_id", "payments.canceled_at"],
    filters: { id: collectionId },
  })
  const payments = ((data[0] as CollectionView | undefined)?.payments ?? []).filter((p) =>
    TBC_PROVIDER.test(p.provider_id ?? "")
  )
  if (payments.some((p) => !p.canceled_at)) {
    return { reason: COLLECTION_PAID_MESSAGE, cartId }
  }
  return { cartId, cartLocale }
}

/** Throws NOT_ALLOWED (400) when the collection must keep its sessions; else its cart id. */
export async function refuseSessionOnPaidCollection(
  container: MedusaContainer,
  collectionId: string,
  data: Record<string, unknown> | undefined
): Promise<{ cart_id?: string; cart_locale?: string }> {
  for (const key of Object.values(LEDGER_DATA)) {
    if (data && key in data) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `data.${key}: only the server sets it; leave it out`)
    }
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const ledger = ledgerOf(container)
  const { reason, cartId, cartLocale } = await paidCollectionReason(query, ledger, collectionId)
  // the sentence's code travels too (src/lib/shopper-texts.ts): the storefront kit shows its own words
  if (reason) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, reason, shopperTextCode(reason))
  return { cart_id: cartId, ...(cartLocale ? { cart_locale: cartLocale } : {}) }
}

/**
 * The session data a TBC provider gets: the cart and collection its ledger entries belong to, and
 * the cart's locale (the bank page's language when the storefront names none); a storefront's own
 * value under a server key (SERVER_SESSION_DATA) is dropped.
 */
export function withLedgerContext(
  providerId: string,
  data: Record<string, unknown> | undefined,
  context: { cart_id?: string; payment_collection_id: string; cart_locale?: string }
): Record<string, unknown> | undefined {
  if (!TBC_PROVIDER.test(providerId)) return data
  const rest: Record<string, unknown> = { ...(data ?? {}) }
  delete rest[SERVER_SESSION_DATA.cartLocale]
  delete rest[SERVER_SESSION_DATA.purchaseOnly]
  return {
    ...rest,
    [LEDGER_DATA.collectionId]: context.payment_collection_id,
    ...(context.cart_id ? { [LEDGER_DATA.cartId]: context.cart_id } : {}),
    ...(context.cart_locale ? { [SERVER_SESSION_DATA.cartLocale]: context.cart_locale } : {}),
  }
}
