/**
 * Pure rules of the widget's "Request payment with TBC" (the routes judge again, and the contract
 * is src/lib/payment-links.ts): what an order or a draft order owes in tetri, whether a link can be
 * asked for now and why not, and each of the order's links as a row (status in words, whether it
 * can be closed). Type-only imports of the contract: no zod reaches the dashboard's bundle.
 */
import type { PaymentLinkClosedReason, PaymentLinkStatus, PaymentLinkView } from "../../lib/payment-links"
import { majorToMinorExact } from "../../lib/money"
import type { TbcT } from "./i18n"
import { tEn } from "./i18n"

/** The part of Medusa's admin order (or draft order) the rules read. */
export interface OwingOrder {
  currency_code?: string | null
  total?: number | string | null
  status?: string | null
  summary?: { pending_difference?: number | string | null } | null
  payment_collections?: ReadonlyArray<{ status?: string | null } | null> | null
}

/**
 * Money only held (authorized, not captured) counts in Medusa's pending difference as owed; a link
 * then would ask the customer to pay again what the bank already holds. Capture first: what is
 * still owed after that (an edit that raised the total) is what a link asks for.
 */
const holdsMoney = (order: OwingOrder): boolean =>
  (order.payment_collections ?? []).some(
    (collection) => collection?.status === "authorized" || collection?.status === "partially_authorized"
  )

/**
 * What the order owes now, in tetri: Medusa's pending difference (a draft order, paid nothing yet,
 * owes its total). 0 for anything not in GEL, a canceled order, or an amount not exact in tetri.
 */
export function owedTetriOf(order: OwingOrder): number {
  if ((order.currency_code ?? "").toLowerCase() !== "gel" || order.status === "canceled") return 0
  const pending = order.summary?.pending_difference
  const major = pending ?? (order.status === "draft" ? order.total : null)
  if (major === null || major === undefined) return 0
  const tetri = majorToMinorExact(major)
  return tetri !== null && tetri > 0 ? tetri : 0
}

/** Hours a merchant can choose for a link to stay payable (the route allows 1..720; default 72). */
export const LINK_EXPIRY_HOURS = [24, 72, 168, 720] as const
export const DEFAULT_EXPIRY_HOURS = 72

/** A link can be asked for, or the words' key of why not. */
export type LinkOffer =
  | { offered: true; owed: number; replaces: PaymentLinkView | null }
  | { offered: false; why: "notGel" | "owesNothing" | "paying" | "canceled" | "held" }

/**
 * Whether "Request payment with TBC" is offered: an order in GEL that owes money, holds none at
 * the bank (capture that first), and has no link being paid at the bank right now (that one may still take the money: the route refuses, 409). A
 * new link replaces an open one (the route closes it), so `replaces` names it for the merchant.
 */
export function linkOffer(order: OwingOrder, links: readonly PaymentLinkView[]): LinkOffer {
  if ((order.currency_code ?? "").toLowerCase() !== "gel") return { offered: false, why: "notGel" }
  if (order.status === "canceled") return { offered: false, why: "canceled" }
  if (links.some((link) => link.status === "paying")) return { offered: false, why: "paying" }
  if (holdsMoney(order)) return { offered: false, why: "held" }
  const owed = owedTetriOf(order)
  if (owed <= 0) return { offered: false, why: "owesNothing" }
  return { offered: true, owed, replaces: links.find((link) => link.status === "open") ?? null }
}

/** Whether the widget shows the part at all: a link can be asked for, or the order has had links. */
export function showsPaymentLinks(order: OwingOrder, links: readonly PaymentLinkView[]): boolean {
  return linkOffer(order, links).offered || links.length > 0
}

/** GEL from tetri, as the widget shows every amount ("12.50 GEL"), by integer digits. */
export function gelText(tetri: number): string {
  const abs = Math.abs(Math.trunc(tetri))
  return `${tetri < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")} GEL`
}

const BADGE: Readonly<Record<PaymentLinkStatus, "blue" | "orange" | "green" | "grey">> = {
  open: "blue",
  paying: "orange",
  paid: "green",
  closed: "grey",
  expired: "grey",
}

export interface LinkRow {
  id: string
  amount: string
  status: { label: string; color: "blue" | "orange" | "green" | "grey" }
  /** why a closed link was closed, in words; null otherwise */
  closedReason: string | null
  /** open: it can be closed (a paying one may still take the money, so it is not offered) */
  closable: boolean
  expiresAt: string
  createdAt: string
  notified: boolean
}

/** One of the order's links as the list shows it (newest first, as the route answers). */
export function linkRow(link: PaymentLinkView, t: TbcT = tEn): LinkRow {
  const reason: PaymentLinkClosedReason | undefined = link.closed_reason
  return {
    id: link.id,
    amount: gelText(link.amount),
    status: { label: t(`tbc.paymentLinks.status.${link.status}`), color: BADGE[link.status] },
    closedReason: link.status === "closed" && reason ? t(`tbc.paymentLinks.closedReason.${reason}`) : null,
    closable: link.status === "open",
    expiresAt: link.expires_at,
    createdAt: link.created_at,
    notified: link.notified === true,
  }
}
