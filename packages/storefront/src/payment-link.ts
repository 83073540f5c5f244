/**
 * "Pay what you owe": the page a TBC payment link opens (a phone or chat order, a draft order, an
 * order that owes money after an edit). The link carries the link's id and a token; whoever holds
 * it may see the order's lines and pay, with no login (the store checks the token). Pure, but for
 * the tab's memory of the token: which link the URL names, and what the page shows in each state,
 * in the shopper's words. The plugin's contract of these routes is src/lib/payment-links.ts (zod);
 * the kit has no dependencies, so its types are checked against that one in its unit test.
 *
 * The bank sends the shopper back to the link's page WITHOUT the token (`…/tbc/pay/<id>?returned=1`:
 * the token never goes to the bank), so the page keeps it in this tab (sessionStorage) before
 * leaving for the bank, and reads the link's state with it on the way back.
 */
import { asTbcPaymentError, type TbcPaymentError } from "./errors"
import { StoreRequestError } from "./store-client"
import { tabStorage } from "./order-payment"
import { toTbcLocale, tbcWords } from "./words"

/** A link's state as the store reports it. */
export type TbcPaymentLinkStatus = "open" | "paying" | "paid" | "closed" | "expired"
export type TbcPaymentLinkClosedReason = "expired" | "paid_elsewhere" | "order_changed" | "order_canceled" | "merchant"

/** `GET /store/tbc/payment-links/:id?token=`: what the shopper may see of the link and its order. */
export interface TbcPaymentLink {
  id: string
  status: TbcPaymentLinkStatus
  /** why a closed link was closed */
  closed_reason?: TbcPaymentLinkClosedReason
  /** what the link asks, in tetri (1/100 GEL) */
  amount: number
  currency_code: string
  expires_at: string
  order: {
    display_id?: number | null
    items: Array<{ title: string; quantity: number; total: number }>
    total: number
  }
}

/**
 * The link page's path in a storefront like Medusa's dtc-starter (below its `/[countryCode]`): the
 * plugin makes a link's URL as `pay/<id>` beside the return page (`/ge/tbc/return` → `/ge/tbc/pay/<id>`).
 */
export const TBC_PAYMENT_LINK_PATH = "/tbc/pay"

/** The page's path for a link: its id in the path, the token in the query. */
export const tbcPaymentLinkPath = (linkId: string, token: string): string =>
  `${TBC_PAYMENT_LINK_PATH}/${encodeURIComponent(linkId)}?token=${encodeURIComponent(token)}`

/** The plugin's rules of a link id and its token (src/lib/payment-links.ts). */
const LINK_ID = /^tbcpl_[A-Za-z0-9]{8,64}$/
const TOKEN = /^[A-Za-z0-9_-]{20,128}$/

const TOKEN_KEY = (linkId: string) => `tbc-payment-link:${linkId}`

/** Keeps the link's token in this tab before the bank's page: the bank sends the shopper back without it. */
export function rememberLinkToken(linkId: string, token: string, storage = tabStorage()): void {
  try {
    storage?.setItem(TOKEN_KEY(linkId), token)
  } catch {
    // full or blocked: the page back from the bank then says "thank you" without the link's state
  }
}

/**
 * The link a page URL names: the id as the path's last part, the token from `?token=` (or, back
 * from the bank with `?returned=1`, the one this tab kept). `returned`: the bank sent the shopper
 * here. Null when the URL names no link; `token` null when none is known.
 */
export function tbcPaymentLinkFromUrl(
  href: string,
  storage = tabStorage()
): { linkId: string; token: string | null; returned: boolean } | null {
  let url: URL
  try {
    url = new URL(href, "http://storefront.invalid")
  } catch {
    return null
  }
  const linkId = safeDecode(url.pathname.split("/").filter(Boolean).pop() ?? "")
  if (!LINK_ID.test(linkId)) return null
  let token = url.searchParams.get("token")
  if (token === null) {
    try {
      token = storage?.getItem(TOKEN_KEY(linkId)) ?? null
    } catch {
      token = null
    }
  }
  return {
    linkId,
    token: token !== null && TOKEN.test(token) ? token : null,
    returned: url.searchParams.has("returned"),
  }
}

/** The bank page's language for the shopper's ("ka-GE" → "KA"; English for any other). */
export function linkBankLanguage(locale?: string | null): "KA" | "EN" | "RU" {
  return toTbcLocale(locale).toUpperCase() as "KA" | "EN" | "RU"
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return ""
  }
}

/**
 * An amount in tetri as the shopper reads it: "1,250.00 ₾" in English, "1 250,00 ₾" in Georgian
 * and Russian (digits from integers: no float ever rounds a tetri away).
 */
export function formatTetri(tetri: number, locale?: string | null): string {
  const lang = toTbcLocale(locale)
  const negative = tetri < 0
  const whole = Math.floor(Math.abs(Math.trunc(tetri)) / 100)
  const cents = String(Math.abs(Math.trunc(tetri)) % 100).padStart(2, "0")
  const group = lang === "en" ? "," : "\u00a0"
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${negative ? "-" : ""}${grouped}${lang === "en" ? "." : ","}${cents}\u00a0₾`
}

/** Georgia's clock: UTC+4 all year (no summer time since 2005). */
const TBILISI_OFFSET_MS = 4 * 60 * 60 * 1000

/**
 * A time on Tbilisi's clock (the shop's), in the shopper's language: "5 December 2026, 18:00",
 * "5 დეკემბერი 2026, 18:00", "5 декабря 2026, 18:00". Built from the kit's own month names, not
 * Intl: browsers ship trimmed locale data (Chromium's showed a Georgian date in English).
 */
export function formatTbilisiTime(iso: string, locale?: string | null): string {
  const ms = Date.parse(iso)
  if (!Number.isFinite(ms)) return iso
  const at = new Date(ms + TBILISI_OFFSET_MS)
  const month = tbcWords(locale).paymentLink.months[at.getUTCMonth()]
  const time = `${String(at.getUTCHours()).padStart(2, "0")}:${String(at.getUTCMinutes()).padStart(2, "0")}`
  return `${at.getUTCDate()} ${month} ${at.getUTCFullYear()}, ${time}`
}

export type TbcPaymentLinkState =
  /** the URL names no valid link */
  | { status: "missing" }
  /** back from the bank in a tab that does not know the link's token: no state to read */
  | { status: "returned" }
  | { status: "loading" }
  /** the link could not be read: `notFound` for a wrong or forged link, else the error */
  | { status: "failed"; notFound: boolean; error: TbcPaymentError }
  /** `opening`: the Pay button was pressed and the bank's page is being asked for; `error`: that failed */
  | { status: "loaded"; link: TbcPaymentLink; opening?: boolean; error?: TbcPaymentError | null }

export interface TbcPaymentLinkView {
  tone: "progress" | "waiting" | "success" | "error" | "ready"
  title: string
  /** one sentence on the link's state; "" when the title says it */
  message: string
  /** "Order #1042", or null before the link is read */
  order: string | null
  lines: Array<{ title: string; quantity: string; amount: string }>
  /** "Amount to pay: 25.00 ₾" (label, value), or null */
  amount: { label: string; value: string } | null
  /** "Pay by: 5 December 2026, 18:00" while the link can still be paid, else null */
  expires: { label: string; value: string } | null
  /** the Pay button: its label, or null when nothing can be paid here */
  pay: { label: string; busy: boolean } | null
  /** why the last Pay failed, or null */
  error: string | null
}

/** The status the page goes by: an open link past its expiry is expired, whatever the store last said. */
export function effectiveLinkStatus(
  link: Pick<TbcPaymentLink, "status" | "expires_at">,
  now: Date
): TbcPaymentLinkStatus {
  const ends = Date.parse(link.expires_at)
  if ((link.status === "open" || link.status === "paying") && Number.isFinite(ends) && ends <= now.getTime())
    return "expired"
  return link.status
}

/** The store answered "no such link" (a wrong id or token): not worth asking again. */
export function isLinkNotFound(error: unknown): boolean {
  return error instanceof StoreRequestError && (error.status === 404 || error.status === 403)
}

/** A failure to read the link, as the page's state. */
export function linkReadFailed(error: unknown): TbcPaymentLinkState {
  return { status: "failed", notFound: isLinkNotFound(error), error: asTbcPaymentError(error) }
}

/** What the link page shows, in `locale`, at `now`. */
export function tbcPaymentLinkView(
  state: TbcPaymentLinkState,
  locale?: string | null,
  now: Date = new Date()
): TbcPaymentLinkView {
  const words = tbcWords(locale).paymentLink
  const blank = { order: null, lines: [], amount: null, expires: null, pay: null, error: null }
  if (state.status === "loading")
    return { ...blank, tone: "progress", title: words.titles.open, message: words.loading }
  if (state.status === "returned")
    return { ...blank, tone: "success", title: words.titles.returned, message: words.returned }
  if (state.status === "missing" || (state.status === "failed" && state.notFound))
    return { ...blank, tone: "error", title: words.titles.notFound, message: words.notFound }
  if (state.status === "failed")
    return { ...blank, tone: "error", title: words.titles.notFound, message: state.error.messageIn(locale) }
  const { link } = state
  const status = effectiveLinkStatus(link, now)
  const number = link.order.display_id
  const payable = status === "open" || status === "paying"
  const amount = formatTetri(link.amount, locale)
  const tones = { open: "ready", paying: "waiting", paid: "success", closed: "error", expired: "error" } as const
  return {
    tone: tones[status],
    title: words.titles[status],
    message:
      status === "closed" && link.closed_reason ? words.closedReasons[link.closed_reason] : words.statuses[status],
    order: typeof number === "number" ? words.order.replace("{{number}}", String(number)) : null,
    lines: link.order.items.map((item) => ({
      title: item.title,
      quantity: words.quantity.replace("{{quantity}}", String(item.quantity)),
      amount: formatTetri(item.total, locale),
    })),
    amount: { label: status === "paid" ? words.paidAmount : words.amount, value: amount },
    expires: payable ? { label: words.expires, value: formatTbilisiTime(link.expires_at, locale) } : null,
    pay: payable
      ? {
          label: state.opening
            ? tbcWords(locale).checkout.opening
            : (status === "paying" ? words.continue : words.pay).replace("{{amount}}", amount),
          busy: Boolean(state.opening),
        }
      : null,
    error: state.error ? state.error.messageIn(locale) : null,
  }
}
