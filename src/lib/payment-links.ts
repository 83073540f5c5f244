/**
 * The contract of TBC payment links (issue #34): a link for whatever an order (or a draft order)
 * still owes, paid by the shopper on the bank's page without logging in. The admin's routes, the
 * Store API's routes, the admin widget and the storefront kit's "pay what you owe" page all read
 * these schemas and types, so they cannot drift apart. Pure: zod only, no I/O.
 *
 * Decisions written into the contract (the docs say them to a merchant, too):
 * - A link is keyed by its own id (`tbcpl_…`), not the order's: an order may have had several
 *   links (one closed, a newer one open). The Store API's routes take the link id and the token.
 * - The token is the capability. The server keeps only its SHA-256, compares in constant time,
 *   and never writes it into payment_sessions.data or a log. So the link's `url` (which carries
 *   the token) is known only in the answer that created it: every later view has `url: null`.
 * - Asking for a link while the order already has an `open` one closes the old one
 *   (closed_reason "merchant") and answers 201 with the new one: the merchant who lost the URL
 *   gets a fresh one, and only one link of an order is ever payable. While the old one is
 *   `paying` (a bank payment of it under way) the request is refused with 409 naming order_id.
 * - A wrong token and an unknown id get the same 404, and nothing is written.
 * - The bank sends the shopper back to the link's page without the token
 *   (`…/tbc/pay/tbcpl_…?returned=1`): the token never goes to the bank or into a session's data.
 */
import { z } from "zod/v4"
import { typeRule } from "./zod-problems"

export const PAYMENT_LINK_STATUSES = ["open", "paying", "paid", "closed", "expired"] as const
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number]

export const PAYMENT_LINK_CLOSED_REASONS = [
  "expired",
  "paid_elsewhere",
  "order_changed",
  "order_canceled",
  "merchant",
] as const
export type PaymentLinkClosedReason = (typeof PAYMENT_LINK_CLOSED_REASONS)[number]

export const PAYMENT_LINK_LANGUAGES = ["KA", "EN", "RU"] as const
export type PaymentLinkLanguage = (typeof PAYMENT_LINK_LANGUAGES)[number]

/** Hours a link stays payable when the request names none (and no setting does). */
export const DEFAULT_LINK_EXPIRY_HOURS = 72
export const MAX_LINK_EXPIRY_HOURS = 720

/** A link id as the routes take it: `tbcpl_` and letters/digits. */
export const paymentLinkIdSchema = z
  .string(typeRule("must be a string"))
  .trim()
  .regex(/^tbcpl_[A-Za-z0-9]{8,64}$/, { message: "must be a payment link id (tbcpl_…)" })

/** The link's token as the shopper's URL carries it (base64url, 43 characters for 32 bytes). */
export const paymentLinkTokenSchema = z
  .string(typeRule("must be a string"))
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { message: "must be the token of the payment link" })

const orderIdSchema = z
  .string(typeRule("must be a string"))
  .trim()
  .min(1, { message: "must not be empty" })
  .max(200, { message: "must be at most 200 characters" })

// ---------------------------------------------------------------------------------------------
// Admin: POST /admin/tbc/payment-links, GET /admin/tbc/payment-links?order_id=,
//        POST /admin/tbc/payment-links/:id/close
// ---------------------------------------------------------------------------------------------

/** POST /admin/tbc/payment-links: open a link for what the order (or draft order) owes now. */
export const createPaymentLinkBodySchema = z.strictObject({
  /** an order's or a draft order's id (Medusa 2.21's draft orders are orders) */
  order_id: orderIdSchema,
  /** send the link to the order's e-mail (needs a notification provider with an email channel) */
  notify_customer: z.boolean(typeRule("must be true or false")).optional(),
  /** 1..720; default 72 */
  expires_in_hours: z
    .number(typeRule("must be a number"))
    .int({ message: "must be a whole number of hours" })
    .min(1, { message: "must be at least 1" })
    .max(MAX_LINK_EXPIRY_HOURS, { message: `must be at most ${MAX_LINK_EXPIRY_HOURS} (30 days)` })
    .optional(),
})
export type CreatePaymentLinkBody = z.output<typeof createPaymentLinkBodySchema>

/** GET /admin/tbc/payment-links?order_id=: the order's links, newest first. */
export const listPaymentLinksQuerySchema = z.strictObject({ order_id: orderIdSchema })
export type ListPaymentLinksQuery = z.output<typeof listPaymentLinksQuerySchema>

/** A link as the admin sees it. */
export const paymentLinkViewSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  display_id: z.number().int().optional(),
  /** what the link asks for, integer tetri */
  amount: z.number().int(),
  currency_code: z.literal("gel"),
  status: z.enum(PAYMENT_LINK_STATUSES),
  /**
   * The shopper's page, `${returnUrl resolved to "pay/<id>"}?token=…` (a returnUrl of
   * https://shop.ge/ge/tbc/return gives https://shop.ge/ge/tbc/pay/tbcpl_…?token=…). Only in the
   * answer that created the link; null afterwards (the token is kept only as its hash).
   */
  url: z.string().nullable(),
  /** ISO */
  expires_at: z.string(),
  /** ISO */
  created_at: z.string(),
  closed_reason: z.enum(PAYMENT_LINK_CLOSED_REASONS).optional(),
  /** whether the link was e-mailed to the order's address */
  notified: z.boolean().optional(),
})
export type PaymentLinkView = z.infer<typeof paymentLinkViewSchema>

/** 201 (created) of POST /admin/tbc/payment-links; 200 of close. */
export interface PaymentLinkResponse {
  payment_link: PaymentLinkView
}
/** 200 of GET /admin/tbc/payment-links?order_id= */
export interface PaymentLinkListResponse {
  payment_links: PaymentLinkView[]
}

// ---------------------------------------------------------------------------------------------
// Store (no login; the token is the capability):
//   GET  /store/tbc/payment-links/:id?token=…
//   POST /store/tbc/payment-links/:id/pay  { token, language? }
// ---------------------------------------------------------------------------------------------

export const storePaymentLinkQuerySchema = z.strictObject({ token: paymentLinkTokenSchema })
export type StorePaymentLinkQuery = z.output<typeof storePaymentLinkQuerySchema>

export const payPaymentLinkBodySchema = z.strictObject({
  token: paymentLinkTokenSchema,
  /** the bank page's language; default the provider's */
  language: z.enum(PAYMENT_LINK_LANGUAGES, { error: "must be KA, EN or RU" }).optional(),
})
export type PayPaymentLinkBody = z.output<typeof payPaymentLinkBodySchema>

/** A link as the shopper's page sees it: what is owed and for what; no e-mail, no address. */
export const storePaymentLinkViewSchema = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  /** integer tetri */
  amount: z.number().int(),
  currency_code: z.literal("gel"),
  /** ISO */
  expires_at: z.string(),
  closed_reason: z.enum(PAYMENT_LINK_CLOSED_REASONS).optional(),
  order: z.object({
    display_id: z.number().int().optional(),
    /** `total` in integer tetri */
    items: z.array(z.object({ title: z.string(), quantity: z.number(), total: z.number().int() })),
    /** the order's total, integer tetri */
    total: z.number().int(),
  }),
})
export type StorePaymentLinkView = z.infer<typeof storePaymentLinkViewSchema>

/** 200 of GET /store/tbc/payment-links/:id?token= ; 404 for an unknown id or a wrong token alike. */
export interface StorePaymentLinkResponse {
  payment_link: StorePaymentLinkView
}

/**
 * 200 of POST /store/tbc/payment-links/:id/pay: the bank's page for a fresh web payment of exactly
 * what is owed now. 409 when the link is not payable (paid, closed, expired, or the owed amount
 * changed: the link is then closed with order_changed); 404 as for GET.
 */
export interface PayPaymentLinkResponse {
  redirect_url: string
}
