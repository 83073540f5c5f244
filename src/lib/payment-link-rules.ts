/**
 * The pure rules of TBC payment links (contract: ./payment-links.ts): what a link asks for, which
 * status it is in, whether a new one may be opened, whether the shopper may pay it now, when a
 * live link must be closed, its token (kept only as a hash) and its URL. No I/O, no Medusa: the
 * workflows (src/workflows/payment-links) read the order, the link rows and the ledger and hand
 * the facts in.
 *
 * Why a link's status is derived from the ledger and not only stored: the bank's answer for the
 * link's payment lands in the ledger (callback, lost-callback job, admin re-check), the one place
 * money state lives. The row keeps what only the link knows (closed, why, paid and its expiry).
 */
import { createHash, randomBytes, timingSafeEqual } from "crypto"
import { holdsMoney, isUnresolvedCharge } from "./ledger/guards"
import type { ChargeState, LedgerKind } from "./ledger/states"
import { DEFAULT_LINK_EXPIRY_HOURS, type PaymentLinkClosedReason, type PaymentLinkStatus } from "./payment-links"

const HOUR = 60 * 60 * 1000

/** What a link row stores of its own state (`status` is never "paying" or "expired": those are derived). */
export type StoredLinkStatus = "open" | "paid" | "closed"

export interface LinkFacts {
  status: StoredLinkStatus
  closed_reason?: PaymentLinkClosedReason | null
  expires_at: Date
  /** integer tetri */
  amount: number
}

/** A ledger charge made for the link's payment sessions, as the rules read it. */
export interface LinkCharge {
  kind: LedgerKind
  state: ChargeState | string
}

/** The status the admin and the shopper see. */
export function linkStatusOf(link: LinkFacts, charges: readonly LinkCharge[], now: Date): PaymentLinkStatus {
  if (link.status === "paid") return "paid"
  // the bank holds or took the link's money: paid, whatever the row says (Medusa's side follows)
  if (charges.some((c) => holdsMoney(c as never))) return "paid"
  if (link.status === "closed") return link.closed_reason === "expired" ? "expired" : "closed"
  if (charges.some((c) => isPaying(c))) return "paying"
  return now.getTime() >= link.expires_at.getTime() ? "expired" : "open"
}

/** A bank payment of the link is under way: the shopper is on the bank's page, or its outcome is unknown. */
export function isPaying(charge: LinkCharge): boolean {
  return charge.state === "sending" || charge.state === "created" || isUnresolvedCharge(charge as never)
}

/** When a link made now for `hours` (or the default) stops being payable. */
export function linkExpiresAt(now: Date, hours: number = DEFAULT_LINK_EXPIRY_HOURS): Date {
  return new Date(now.getTime() + hours * HOUR)
}

export interface OrderForLink {
  currency_code: string
  /** what the order's payment collections still owe (Medusa's pending difference), tetri */
  owedMinor: number
  /** Medusa's order status: "canceled" refuses a link */
  status: string
  /**
   * a payment of the order is authorized and not captured (a hold): Medusa counts it as owed, and
   * its collection workflow would cancel the hold to open one for the link. The store captures first.
   */
  held?: boolean
}

export const HELD_MESSAGE =
  "the order's payment is held at the bank, not captured: capture it first (what the order still owes then can be asked by a link)"

export type LinkVerdict<T> =
  | T
  /** `field` named in the 400 (or 409 when `conflict`) */
  | { kind: "refuse"; field: string; message: string; conflict?: boolean }

const refuse = (field: string, message: string, conflict = false) =>
  ({ kind: "refuse", field, message: `${field}: ${message}`, ...(conflict ? { conflict } : {}) }) as const

/**
 * Whether a link may be opened for this order now, for how much, and which earlier links it
 * replaces (an `open` one: closed by the merchant's new link). A link `paying` stops it: its
 * bank payment may still take the money.
 */
export function createLinkVerdict(
  order: OrderForLink,
  existing: ReadonlyArray<{ id: string; status: PaymentLinkStatus }>
): LinkVerdict<{ kind: "create"; amountMinor: number; replaces: string[] }> {
  if (order.status === "canceled") return refuse("order_id", "the order is canceled")
  if (order.currency_code.toLowerCase() !== "gel") {
    return refuse("order_id", `the order is in ${order.currency_code.toUpperCase()}; a TBC payment link is in GEL only`)
  }
  if (order.held) return refuse("order_id", HELD_MESSAGE)
  if (existing.some((l) => l.status === "paying")) {
    return refuse("order_id", "a payment of this order's link is under way at the bank; wait for its result", true)
  }
  if (!Number.isSafeInteger(order.owedMinor) || order.owedMinor <= 0)
    return refuse("order_id", "the order owes nothing")
  return {
    kind: "create",
    amountMinor: order.owedMinor,
    replaces: existing.filter((l) => l.status === "open").map((l) => l.id),
  }
}

/** Why a live link must close now, or undefined: the order was canceled, paid, or now owes another amount. */
export function closeReasonOf(
  link: LinkFacts,
  order: Pick<OrderForLink, "owedMinor" | "status">,
  now: Date
): PaymentLinkClosedReason | undefined {
  if (order.status === "canceled") return "order_canceled"
  if (order.owedMinor <= 0) return "paid_elsewhere"
  if (order.owedMinor !== link.amount) return "order_changed"
  if (now.getTime() >= link.expires_at.getTime()) return "expired"
  return undefined
}

export type PayVerdict = LinkVerdict<
  /** a fresh bank payment for `amountMinor` */
  | { kind: "pay"; amountMinor: number }
  /** the link's bank page is still open (created): the shopper gets the same page, no second payment */
  | { kind: "resume" }
  /** the link must close for `reason` first; the shopper is refused (409) */
  | { kind: "close"; reason: PaymentLinkClosedReason; message: string }
>

const PAY_REFUSALS: Record<Exclude<PaymentLinkStatus, "open">, string> = {
  paid: "this link is already paid",
  paying: "a payment of this link is being checked with the bank; it is not charged again",
  closed: "this link is closed",
  expired: "this link has expired",
}

/**
 * Whether the shopper may pay the link now. Only a link whose status is `open` (or `paying` with
 * its bank page still open, which is resumed, never paid a second time) for exactly what the order
 * owes now; an order that now owes another amount closes the link.
 */
export function payVerdict(
  link: LinkFacts,
  charges: readonly LinkCharge[],
  order: Pick<OrderForLink, "owedMinor" | "status" | "held">,
  now: Date
): PayVerdict {
  const status = linkStatusOf(link, charges, now)
  if (status === "paying" && charges.some((c) => c.state === "created") && !charges.some(isUnresolvedCharge as never)) {
    return { kind: "resume" }
  }
  if (status !== "open") return refuse("id", PAY_REFUSALS[status], true)
  if (order.held && order.status !== "canceled")
    return refuse("id", "the store is still settling this order's payment; try again later", true)
  const reason = closeReasonOf(link, order, now)
  if (reason) {
    const words: Record<PaymentLinkClosedReason, string> = {
      expired: PAY_REFUSALS.expired,
      paid_elsewhere: "the order was paid another way",
      order_changed: "the order changed since the link was made; ask the store for a new link",
      order_canceled: "the order was canceled",
      merchant: PAY_REFUSALS.closed,
    }
    return { kind: "close", reason, message: `id: ${words[reason]}` }
  }
  return { kind: "pay", amountMinor: link.amount }
}

/**
 * Whether a store's module config has a notification provider for e-mail: Medusa's notification
 * module (keyed `notification`, or any entry resolving a notification module) with a provider whose
 * `channels` include "email". Medusa's default has only the local "feed" provider.
 */
export function hasEmailChannel(modules: unknown): boolean {
  const entries = Array.isArray(modules) ? modules : Object.entries((modules ?? {}) as Record<string, unknown>)
  return entries.some((entry) => {
    const [key, mod] = Array.isArray(entry) ? entry : [undefined, entry]
    if (typeof mod !== "object" || mod === null) return false
    const { resolve, options } = mod as { resolve?: unknown; options?: { providers?: unknown } }
    if (!/notification/.test(`${String(key ?? "")} ${String(resolve ?? "")}`)) return false
    const providers = Array.isArray(options?.providers) ? options.providers : []
    return providers.some((p) => {
      const channels = (p as { options?: { channels?: unknown } } | null)?.options?.channels
      return Array.isArray(channels) && channels.includes("email")
    })
  })
}

// ---------------------------------------------------------------------------------------------
// The token: 32 random bytes, base64url; the server keeps its SHA-256 only
// ---------------------------------------------------------------------------------------------

export function newLinkToken(): string {
  return randomBytes(32).toString("base64url")
}

/** SHA-256 hex of the token: the token is random, so no key or salt is needed to keep it unguessable. */
export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex")
}

/** Whether `token` is the link's, compared in constant time (both sides are 32-byte digests). */
export function tokenMatches(storedHash: string, token: string): boolean {
  const stored = Buffer.from(storedHash, "hex")
  const given = Buffer.from(hashLinkToken(token), "hex")
  return stored.length === given.length && timingSafeEqual(stored, given)
}

/**
 * The shopper's page of a link: `pay/<id>` resolved against the store's returnUrl (its
 * `/ge/tbc/return` gives `/ge/tbc/pay/<id>`), with the token when given (the URL the merchant
 * sends) or `returned=1` (where the bank sends the shopper back: the token never goes to the bank).
 */
export function linkPageUrl(returnUrl: string, linkId: string, token?: string): string {
  const url = new URL(`pay/${encodeURIComponent(linkId)}`, returnUrl)
  url.search = ""
  url.hash = ""
  if (token) url.searchParams.set("token", token)
  else url.searchParams.set("returned", "1")
  return url.toString()
}
