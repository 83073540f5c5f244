/**
 * The input rules of our HTTP routes, in the pinned zod (docs/architecture.md). Queries and
 * bodies are checked by Medusa's validation middlewares (src/api/tbc-middlewares/route-validators.ts),
 * params by the route itself (Medusa has no params middleware); a refusal is a 400 naming the
 * field and the rule.
 */
import { z } from "zod/v4"
import { typeRule } from "../../lib/zod-problems"
import { savedCardIdSchema } from "../../lib/saved-card-input"

/** `?limit=` of the admin list routes: 1..200, default 20; no other query keys. */
export const listQuerySchema = z
  .object({
    limit: z.coerce
      .number(typeRule("must be a number"))
      .int({ message: "must be a whole number" })
      .min(1, { message: "must be at least 1" })
      .max(200, { message: "must be at most 200" })
      .default(20),
  })
  .strict()
export type ListQuery = z.output<typeof listQuerySchema>

/** Routes that take no query at all. */
export const emptyQuerySchema = z.object({}).strict()

/**
 * POST /admin/tbc/settings: the changes of one provider registration. The values are judged by
 * the provider's options schema in the route (src/lib/settings/merge.ts), not here.
 */
export const settingsBodySchema = z
  .object({
    provider_id: z
      .string(typeRule("must be a string"))
      .min(1, { message: "must not be empty" })
      .max(200, { message: "must be at most 200 characters" }),
    set: z
      .record(z.string(), z.unknown(), typeRule("must be an object of option names and values"))
      .refine((set) => Object.keys(set).length <= 50, { message: "must change at most 50 settings at once" })
      .default({}),
    reset: z
      .array(
        z.string(typeRule("must be option names")).max(100, { message: "is too long" }),
        typeRule("must be a list of option names")
      )
      .max(50, { message: "must reset at most 50 settings at once" })
      .default([]),
  })
  .strict()
export type SettingsBody = z.output<typeof settingsBodySchema>

/** POST /admin/tbc/installments/sync: optionally one provider. */
export const syncBodySchema = z
  .object({
    provider_id: z.string(typeRule("must be a string")).min(1, { message: "must not be empty" }).optional(),
  })
  .strict()
export type SyncBody = z.output<typeof syncBodySchema>

const checkoutProviderIdSchema = z
  .string(typeRule("must be a string"))
  .regex(/^pp_tbc-checkout_[A-Za-z0-9_-]+$/, { message: "must be a tbc-checkout provider id (pp_tbc-checkout_…)" })

/** GET /store/customers/me/tbc-cards: optionally one checkout provider that pays with saved cards. */
export const savedCardsQuerySchema = z.object({
  provider_id: z
    .string(typeRule("must be a string"))
    .regex(/^pp_tbc-(checkout|card)_[A-Za-z0-9_-]+$/, {
      message: "must be a tbc-checkout or tbc-card provider id (pp_tbc-checkout_…, pp_tbc-card_…)",
    })
    .optional(),
})
export type SavedCardsQuery = z.output<typeof savedCardsQuerySchema>

/** `:id` of /admin/tbc/orders/:id/payment. */
export const orderParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, { message: "must not be empty" })
    .max(100, { message: "must be at most 100 characters" })
    .regex(/^[A-Za-z0-9_]+$/, { message: "must be an order id" }),
})

/** `:id` of /admin/tbc/payments/:id/capture: a Medusa payment id. */
export const paymentParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .max(100, { message: "must be at most 100 characters" })
    .regex(/^pay_[A-Za-z0-9]+$/, { message: "must be a payment id (pay_…)" }),
})

/**
 * POST /admin/tbc/payments/:id/capture: the amount to capture, in major units (a number, or its
 * text as typed). Whether it is money the payment can take is judged by the capture workflow's
 * rules (src/lib/capture-amount.ts), which name the field too.
 */
export const captureBodySchema = z
  .object({
    amount: z.union([z.number(), z.string().trim().min(1)], {
      error: (issue) => (issue.input === undefined ? "is required" : "must be a number"),
    }),
  })
  .strict()
export type CaptureBody = z.output<typeof captureBodySchema>

/**
 * POST /admin/tbc/orders/:id/saved-card-charge: which of the customer's cards, and how much (GEL
 * as typed; absent: what the order owes). Whether the card may be charged and the amount is
 * money the order owes is judged by the workflow's rules (src/lib/merchant-charges.ts).
 */
export const savedCardChargeBodySchema = z
  .object({
    saved_card_id: savedCardIdSchema,
    amount: z
      .union([z.number(), z.string().trim().min(1)], {
        error: (issue) => (issue.input === undefined ? "is required" : "must be a number"),
      })
      .optional(),
  })
  .strict()
export type SavedCardChargeBody = z.output<typeof savedCardChargeBodySchema>

/**
 * POST /admin/tbc/orders/:id/order-change-capture: what changed on the order (each item's new
 * quantity, optionally its new unit price in GEL), or a bare amount to capture (GEL as typed; the
 * rest of the hold becomes the order's credit), and why; neither = the order's open order edit. Whether the items are the order's is judged by the workflow (src/lib/order-change-capture.ts).
 */
export const orderChangeCaptureBodySchema = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.string(typeRule("must be a string")).trim().min(1, { message: "must not be empty" }).max(100),
            quantity: z
              .number(typeRule("must be a number"))
              .int({ message: "must be a whole number" })
              .min(0, { message: "must be at least 0" }),
            unit_price: z.number(typeRule("must be a number")).min(0, { message: "must be at least 0" }).optional(),
          })
          .strict(),
        typeRule("must be a list of items")
      )
      .max(200, { message: "must list at most 200 items" })
      .optional(),
    amount: z.union([z.number(), z.string().trim().min(1)], { error: () => "must be a number" }).optional(),
    note: z
      .string(typeRule("must be a string"))
      .trim()
      .max(500, { message: "must be at most 500 characters" })
      .optional(),
  })
  .strict()
export type OrderChangeCaptureBody = z.output<typeof orderChangeCaptureBodySchema>

/** `:id` of /store/customers/me/tbc-cards/:id. */
export const savedCardParamsSchema = z.object({ id: savedCardIdSchema })

/** `:id` of /admin/tbc/ledger/:id/… : a ledger entry id (tbc_payment.id). */
export const ledgerParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .max(100, { message: "must be at most 100 characters" })
    .regex(/^tbcpay_[A-Za-z0-9]+$/, { message: "must be a ledger entry id (tbcpay_…)" }),
})

/** Actions that take no input (re-check, release): an empty body or none. */
export const emptyBodySchema = z.object({}).strict()

/** POST /admin/tbc/ledger/:id/attach-pay-id: the payId as TBC's merchant dashboard shows it. */
export const attachPayIdBodySchema = z
  .object({
    pay_id: z
      .string(typeRule("must be a string"))
      .trim()
      .min(1, { message: "must not be empty" })
      .max(100, { message: "must be at most 100 characters" })
      .regex(/^[A-Za-z0-9_-]+$/, { message: "must be a payId as TBC's dashboard shows it (letters and digits)" }),
  })
  .strict()
export type AttachPayIdBody = z.output<typeof attachPayIdBodySchema>

/** POST /admin/tbc/ledger/:id/not-charged: why the admin is sure (kept in the audit trail). */
export const notChargedBodySchema = z
  .object({
    reason: z
      .string(typeRule("must be a string"))
      .trim()
      .min(3, { message: "must say why (at least 3 characters)" })
      .max(500, { message: "must be at most 500 characters" }),
  })
  .strict()
export type NotChargedBody = z.output<typeof notChargedBodySchema>
/**
 * POST /store/customers/me/tbc-cards (add a card on the bank's page): which tbc-checkout provider
 * (needed only when the store registers several), where the bank sends the shopper back (the
 * provider checks its origin) and until when the bank keeps the card (MMYY; the provider checks it).
 */
export const addCardBodySchema = z
  .object({
    provider_id: checkoutProviderIdSchema.optional(),
    return_url: z
      .string(typeRule("must be a string"))
      .url({ message: "must be an absolute URL" })
      .max(2048, { message: "must be at most 2048 characters" })
      .optional(),
    save_card_to_date: z
      .string(typeRule("must be a string"))
      .regex(/^\d{4}$/, { message: "must be MMYY (4 digits)" })
      .optional(),
  })
  .strict()
export type AddCardBody = z.output<typeof addCardBodySchema>

/** `:account_holder_id` of /store/tbc/payment-methods/:account_holder_id (Medusa's acchld_… ids). */
export const accountHolderParamsSchema = z.object({
  account_holder_id: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, { message: "must be an account holder id (acchld_…)" }),
})
