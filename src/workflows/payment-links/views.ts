/**
 * The links as the routes answer them, each read against the order first (reviewOrderLinks: a
 * link that must close, e.g. expired or its order changed, is closed before it is shown).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import type { PaymentLinkView, StorePaymentLinkView } from "../../lib/payment-links"
import {
  adminLinkView,
  linkById,
  linkOrderOf,
  linksOfOrder,
  linkStatus,
  storeLinkView,
  type LinkRow,
} from "../../use-cases/payment-links/link-facts"
import { reviewOrderLinks } from "./close-link"

export async function adminLinkViewOf(container: MedusaContainer, link: LinkRow): Promise<PaymentLinkView> {
  const order = await linkOrderOf(container, link.order_id)
  return adminLinkView(link, (await linkStatus(container, link)).status, order)
}

export async function adminLinkViews(container: MedusaContainer, orderId: string): Promise<PaymentLinkView[]> {
  const order = await linkOrderOf(container, orderId)
  await reviewOrderLinks(container, orderId)
  const links = await linksOfOrder(container, orderId)
  return Promise.all(links.map(async (link) => adminLinkView(link, (await linkStatus(container, link)).status, order)))
}

/** The shopper's view (the caller checked the token). */
export async function storeLinkViewOf(container: MedusaContainer, link: LinkRow): Promise<StorePaymentLinkView> {
  await reviewOrderLinks(container, link.order_id)
  const fresh = (await linkById(container, link.id)) ?? link
  const order = await linkOrderOf(container, fresh.order_id)
  return storeLinkView(fresh, (await linkStatus(container, fresh)).status, order)
}
