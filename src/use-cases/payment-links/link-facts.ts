/**
 * What the payment-link workflows and routes read in a running store: the order (or draft order)
 * as Medusa computes it (what it owes, its status, its lines), the link rows (tbc_payment_link),
 * the ledger's charges of a link's sessions, and the views the contract (src/lib/payment-links.ts)
 * promises. The rules themselves are pure: src/lib/payment-link-rules.ts.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { ledgerOf, type LedgerEntry } from "../../modules/tbc/ledger/ledger-store"
import { medusaAmountToMinorOr0 as minorOr0 } from "../../providers/common/medusa-values"
import { linkStatusOf, type LinkFacts, type OrderForLink, type StoredLinkStatus } from "../../lib/payment-link-rules"
import type {
  PaymentLinkClosedReason,
  PaymentLinkStatus,
  PaymentLinkView,
  StorePaymentLinkView,
} from "../../lib/payment-links"

export interface LinkOrder extends OrderForLink {
  id: string
  display_id?: number
  is_draft_order: boolean
  email: string | null
  customer_id: string | null
  /** integer tetri */
  totalMinor: number
  items: Array<{ title: string; quantity: number; total: number }>
}

interface OrderRow {
  id: string
  display_id?: number | null
  status: string
  is_draft_order?: boolean | null
  currency_code: string
  email?: string | null
  customer_id?: string | null
  total?: unknown
  summary?: { pending_difference?: unknown; raw_pending_difference?: unknown } | null
  items?: Array<{ title?: string | null; product_title?: string | null; quantity?: unknown; total?: unknown } | null>
  payment_collections?: Array<{ status?: string | null } | null> | null
}

/** Collection statuses of a payment authorized and not captured (Medusa 2.21's PaymentCollectionStatus). */
const HELD_COLLECTION_STATUSES = new Set(["authorized", "partially_authorized"])

/** The order as a link reads it; NOT_FOUND naming order_id when there is none. */
export async function linkOrderOf(container: MedusaContainer, orderId: string): Promise<LinkOrder> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "status",
      "is_draft_order",
      "currency_code",
      "email",
      "customer_id",
      "total",
      "summary.*",
      "items.title",
      "items.product_title",
      "items.quantity",
      "items.total",
      "payment_collections.status",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as OrderRow | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `order_id: order ${orderId} was not found`)
  const pending = order.summary?.raw_pending_difference ?? order.summary?.pending_difference ?? 0
  return {
    id: order.id,
    display_id: order.display_id ?? undefined,
    status: order.status,
    is_draft_order: order.is_draft_order === true || order.status === "draft",
    currency_code: order.currency_code,
    email: order.email ?? null,
    customer_id: order.customer_id ?? null,
    owedMinor: Math.max(0, minorOr0(pending)),
    held: (order.payment_collections ?? []).some((pc) => HELD_COLLECTION_STATUSES.has(String(pc?.status ?? ""))),
    totalMinor: minorOr0(order.total),
    items: (order.items ?? []).flatMap((item) =>
      item
        ? [
            {
              title: item.title ?? item.product_title ?? "",
              quantity: Number(item.quantity ?? 0),
              total: minorOr0(item.total),
            },
          ]
        : []
    ),
  }
}

/** A link row as stored (tbc_payment_link). */
export interface LinkRow {
  id: string
  order_id: string
  amount: number
  currency_code: string
  token_hash: string
  status: StoredLinkStatus
  closed_reason: PaymentLinkClosedReason | null
  closed_at: Date | null
  paid_at: Date | null
  expires_at: Date
  provider_id: string
  payment_collection_id: string | null
  payment_session_id: string | null
  session_ids: { ids: string[] }
  created_by: string | null
  notified: boolean
  created_at: Date
}

export const tbcOf = (container: MedusaContainer) => container.resolve<TbcModuleService>(TBC_MODULE)

const asRow = (row: unknown): LinkRow => {
  const r = row as LinkRow & { expires_at: Date | string; created_at: Date | string }
  return { ...r, expires_at: new Date(r.expires_at), created_at: new Date(r.created_at) }
}

export async function linksOfOrder(container: MedusaContainer, orderId: string): Promise<LinkRow[]> {
  const rows = await tbcOf(container).listPaymentLinks({ order_id: orderId }, { order: { created_at: "DESC" } })
  return rows.map(asRow)
}

/** The link, or undefined (never an error that says whether the id exists). */
export async function linkById(container: MedusaContainer, id: string): Promise<LinkRow | undefined> {
  const [row] = await tbcOf(container).listPaymentLinks({ id })
  return row ? asRow(row) : undefined
}

/** The link whose session this is, if any. */
export async function linkOfSession(container: MedusaContainer, sessionId: string): Promise<LinkRow | undefined> {
  const [row] = await tbcOf(container).listPaymentLinks({ payment_session_id: sessionId })
  return row ? asRow(row) : undefined
}

/** The ledger's charges of every session made for the link (web payments), newest first. */
export async function chargesOfLink(container: MedusaContainer, link: LinkRow): Promise<LedgerEntry[]> {
  const ledger = ledgerOf(container)
  const ids = link.session_ids?.ids ?? []
  const lists = await Promise.all(ids.map((id) => ledger.chargesOfSession(id)))
  return lists.flat()
}

const factsOf = (link: LinkRow): LinkFacts => ({
  status: link.status,
  closed_reason: link.closed_reason,
  expires_at: link.expires_at,
  amount: link.amount,
})

export async function linkStatus(
  container: MedusaContainer,
  link: LinkRow,
  now = new Date()
): Promise<{ status: PaymentLinkStatus; charges: LedgerEntry[] }> {
  const charges = await chargesOfLink(container, link)
  return { status: linkStatusOf(factsOf(link), charges, now), charges }
}

export { factsOf as linkFactsOf }

/** The admin's view; `url` only when the caller has the token (the answer that created the link). */
export function adminLinkView(
  link: LinkRow,
  status: PaymentLinkStatus,
  order: { display_id?: number },
  url: string | null = null
): PaymentLinkView {
  return {
    id: link.id,
    order_id: link.order_id,
    ...(order.display_id !== undefined ? { display_id: order.display_id } : {}),
    amount: link.amount,
    currency_code: "gel",
    status,
    url,
    expires_at: link.expires_at.toISOString(),
    created_at: link.created_at.toISOString(),
    ...(link.closed_reason ? { closed_reason: link.closed_reason } : {}),
    notified: link.notified,
  }
}

/** The shopper's view: what is owed and for what; no e-mail, no address, no customer. */
export function storeLinkView(link: LinkRow, status: PaymentLinkStatus, order: LinkOrder): StorePaymentLinkView {
  return {
    id: link.id,
    status,
    amount: link.amount,
    currency_code: "gel",
    expires_at: link.expires_at.toISOString(),
    ...(link.closed_reason ? { closed_reason: link.closed_reason } : {}),
    order: {
      ...(order.display_id !== undefined ? { display_id: order.display_id } : {}),
      items: order.items,
      total: order.totalMinor,
    },
  }
}
