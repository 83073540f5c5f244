/**
 * Options of the `tbc-checkout` provider (medusa-config `providers: [{ resolve, id, options }]`),
 * validated with zod when Medusa loads the payment module. Also read by app-side code (the
 * callback middleware) through `findTbcProvider(...).options` + `parseCheckoutOptions`.
 */
import { isIP } from "node:net"
import { z } from "zod"
import {
  ACTIVATION_REQUIRED_METHODS,
  CHECKOUT_METHODS,
  type CheckoutMethod,
  type TbcClientOptions,
  type TbcLogger,
} from "../../lib/tbc/types"
import {
  allowCustomEnvironmentOption,
  environmentOption,
  httpUrlOption,
  maxRetriesOption,
  originOf,
  parseProviderOptions,
  refineEnvironment,
  retentionDaysOption,
  registrationIdOption,
  requiredString,
  timeoutMsOption,
  requestBudgetMsOption,
} from "../common"
import {
  PreauthOptionError,
  readPendingReconcileMinutes,
  readPreauthExpiryAction,
  readPreauthWarningDays,
} from "../../lib/preauth-options"
import { readCallbackLogRetentionDays } from "../../lib/callback-log-options"

/** The bank's documented callback source addresses (developers.tbcbank.ge/docs/checkout-callback-url). */
export const TBC_CALLBACK_ADDRESSES = ["193.104.20.44", "193.104.20.45", "185.52.80.44", "185.52.80.45"] as const

/** What to do with money at the bank whose Medusa session is gone (see core/orphans.ts). */
export const ORPHAN_POLICIES = ["refund", "notify"] as const
export type OrphanPolicy = (typeof ORPHAN_POLICIES)[number]

const methodOption = z
  .number({ invalid_type_error: "must be a number" })
  .refine((m): m is CheckoutMethod => (CHECKOUT_METHODS as readonly number[]).includes(m), {
    message: `must be one of ${CHECKOUT_METHODS.join(", ")}`,
  })

/** An option of the reconciliation jobs, checked by the jobs' own reader (one rule, one place). */
function readerOption<T>(key: string, read: (options: Record<string, unknown>) => T) {
  return z.unknown().transform((value, ctx): T => {
    try {
      return read({ [key]: value })
    } catch (error) {
      const rule = error instanceof PreauthOptionError ? error.rule : "is invalid"
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: rule })
      return z.NEVER
    }
  })
}

const booleanOption = (fallback: boolean) =>
  z.boolean({ invalid_type_error: "must be true or false" }).default(fallback)

export const checkoutOptionsSchema = z
  .object({
    apiKey: requiredString(),
    clientId: requiredString(),
    clientSecret: requiredString(),
    /**
     * key material that seals saved-card tokens at rest (tbc_saved_card.rec_id); default the
     * clientSecret. Set it to the old clientSecret before rotating that, or saved cards stop working.
     */
    cardTokenSecret: requiredString().optional(),
    /**
     * the clientSecret before the last rotation: callbacks of payments started before it carry a
     * URL signed with the old secret, and the bank keeps calling back for up to a day (the
     * hosted page's lifetime) plus its retries. Accepted for callback signatures only, and only
     * until previousClientSecretUntil (required with it): set both when rotating, e.g. 3 days on.
     */
    previousClientSecret: requiredString().optional(),
    /** ISO date-time after which previousClientSecret is no longer accepted */
    previousClientSecretUntil: z
      .string({ invalid_type_error: "must be an ISO date-time string" })
      .refine((value) => Number.isFinite(Date.parse(value)), "must be an ISO date-time, e.g. 2026-12-01T00:00:00Z")
      .optional(),
    environment: environmentOption,
    /** in production, allow an environment other than TBC's hosts (default false) */
    allowCustomEnvironment: allowCustomEnvironmentOption,
    /** the store's public Medusa URL: the bank calls back <storeUrl>/hooks/payment/tbc-checkout_<id> */
    storeUrl: httpUrlOption,
    registrationId: registrationIdOption,
    /**
     * the storefront page the bank sends the shopper back to. Required: the Medusa server's own
     * root (the old default) is a 404 for shoppers, and a wrong guess strands them after paying.
     */
    returnUrl: httpUrlOption,
    /** other origins a storefront may ask the shopper to be sent back to (data.return_url) */
    allowedReturnOrigins: z
      .array(
        httpUrlOption.transform((url) => originOf(url) as string),
        {
          invalid_type_error: "must be a list of http(s) URLs",
        }
      )
      .default([]),
    preAuth: booleanOption(true),
    methods: z
      .array(methodOption, { invalid_type_error: "must be a list of method numbers" })
      .min(1, { message: "must name at least one method" })
      .refine((list) => new Set(list).size === list.length, { message: "must not repeat a method" })
      .default([5]),
    activatedMethods: z
      .array(
        z.number().refine((m) => (ACTIVATION_REQUIRED_METHODS as readonly number[]).includes(m), {
          message: `must be one of ${ACTIVATION_REQUIRED_METHODS.join(", ")}`,
        }),
        { invalid_type_error: "must be a list of method numbers" }
      )
      .default([]),
    saveCards: booleanOption(false),
    /** retention job: days a deleted saved card's row (no token, no mask) is kept, default 90 */
    deletedCardRetentionDays: retentionDaysOption(90),
    language: z
      .preprocess(
        (v) => (typeof v === "string" ? v.toUpperCase() : v),
        z.enum(["KA", "EN", "RU"], { errorMap: () => ({ message: "must be KA, EN or RU" }) })
      )
      .optional(),
    expirationMinutes: z
      .number({ invalid_type_error: "must be a number of minutes" })
      .int({ message: "must be a whole number of minutes" })
      .min(1, { message: "must be at least 1 minute" })
      .max(24 * 60, { message: "must be at most 1440 minutes" })
      .optional(),
    description: z
      .string({ invalid_type_error: "must be a string" })
      .max(30, { message: "must be at most 30 characters (the bank's limit)" })
      .optional(),
    callbackAllowlist: z
      .array(
        z.string().refine((ip) => isIP(ip) !== 0, { message: "must be an IPv4 or IPv6 address" }),
        { invalid_type_error: "must be a list of IP addresses" }
      )
      .default([...TBC_CALLBACK_ADDRESSES]),
    /**
     * The store's own proxies: X-Forwarded-For is read only on a request whose direct peer is one
     * of these addresses (false or [] = never read it). `true` is refused: it would trust the
     * header on requests that did not come through the proxy, so anyone could name a bank address.
     */
    trustProxy: z
      .union(
        [
          z.literal(false).transform((): string[] => []),
          z.array(z.string().refine((ip) => isIP(ip) !== 0, { message: "must be an IPv4 or IPv6 address" })),
        ],
        {
          errorMap: (issue, ctx) =>
            issue.code === z.ZodIssueCode.invalid_union && ctx.data === true
              ? {
                  message:
                    'true is not accepted: list the addresses of your own proxies (e.g. ["10.0.0.2"]); X-Forwarded-For is read only on requests coming from one of them',
                }
              : { message: "must be false or a list of your proxies' IP addresses" },
        }
      )
      .default([]),
    /**
     * Put the session id and its HMAC in the callbackUrl's query (?s=&sig=). Turn off only if the
     * bank refuses a callbackUrl with a query; then a callback is paired through the
     * merchantPaymentId the bank reports, and ignored when the bank does not report it.
     */
    signCallbackUrl: booleanOption(true),
    /**
     * A payment whose Medusa session was deleted (cart total changed, new session) while the bank
     * holds or has taken money: "refund" cancels the hold / returns the money in full; "notify"
     * only lists it for the admin (Settings → TBC Bank → Orphaned payments).
     */
    orphanPolicy: z
      .enum(ORPHAN_POLICIES, { errorMap: () => ({ message: `must be one of ${ORPHAN_POLICIES.join(", ")}` }) })
      .default("refund"),
    /**
     * Seconds between Medusa deleting a session and the orphan check: Medusa calls deletePayment
     * before it deletes the row, in a transaction that may still roll back.
     */
    orphanGraceSeconds: z
      .number({ invalid_type_error: "must be a number of seconds" })
      .int({ message: "must be a whole number of seconds" })
      .min(0, { message: "must be 0 or more" })
      .max(3600, { message: "must be at most 3600 seconds" })
      .default(30),
    timeoutMs: timeoutMsOption,
    requestBudgetMs: requestBudgetMsOption,
    maxRetries: maxRetriesOption,
    /** reconciliation: a preauth near day 30 is only notified ("none"), completed or canceled */
    preauthExpiryAction: readerOption("preauthExpiryAction", readPreauthExpiryAction),
    /** reconciliation: days before the 30-day deadline that the jobs act and the widget warns */
    preauthWarningDays: readerOption("preauthWarningDays", readPreauthWarningDays),
    /** reconciliation: age of a pending payment without callback before the bank is asked */
    pendingReconcileMinutes: readerOption("pendingReconcileMinutes", readPendingReconcileMinutes),
    /** days the callback log keeps its rows (daily prune job); default 90 */
    callbackLogRetentionDays: readerOption("callbackLogRetentionDays", readCallbackLogRetentionDays),
  })
  .superRefine((options, ctx) => {
    refineEnvironment(options, ctx)
    if ((options.previousClientSecret === undefined) !== (options.previousClientSecretUntil === undefined)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [options.previousClientSecret === undefined ? "previousClientSecret" : "previousClientSecretUntil"],
        message: "previousClientSecret and previousClientSecretUntil go together: set both or neither",
      })
    }
    for (const [index, method] of options.methods.entries()) {
      const needsActivation = (ACTIVATION_REQUIRED_METHODS as readonly number[]).includes(method)
      if (needsActivation && !options.activatedMethods.includes(method)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["methods", index],
          message: `method ${method} must be activated by the bank first: list it in activatedMethods too`,
        })
      }
    }
  })

export type TbcCheckoutOptions = z.output<typeof checkoutOptionsSchema>
/** What a store writes in medusa-config (defaults optional). */
export type TbcCheckoutOptionsInput = z.input<typeof checkoutOptionsSchema>

export const CHECKOUT_PROVIDER_NAME = "tbc-checkout"

/** The secret that seals saved-card tokens at rest (src/lib/card-token-at-rest.ts). */
export function cardTokenSecretOf(options: Pick<TbcCheckoutOptions, "cardTokenSecret" | "clientSecret">): string {
  return options.cardTokenSecret ?? options.clientSecret
}

/**
 * The secrets a callback URL's signature may have been made with at `now`: the clientSecret, and
 * the previous one until its grace period ends (previousClientSecretUntil).
 */
export function callbackSigningSecrets(
  options: Pick<TbcCheckoutOptions, "clientSecret" | "previousClientSecret" | "previousClientSecretUntil">,
  now: number = Date.now()
): string[] {
  const until = Date.parse(options.previousClientSecretUntil ?? "")
  return options.previousClientSecret && now < until
    ? [options.clientSecret, options.previousClientSecret]
    : [options.clientSecret]
}

/** What the bank client needs from the provider options (checkout credentials and tuning). */
export function checkoutClientOptions(options: TbcCheckoutOptions, logger?: TbcLogger): TbcClientOptions {
  return {
    environment: options.environment,
    checkout: { apiKey: options.apiKey, clientId: options.clientId, clientSecret: options.clientSecret },
    activatedMethods: options.activatedMethods,
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    logger,
  }
}

/** @throws MedusaError(INVALID_DATA) naming every broken option and its rule (never a value) */
export function parseCheckoutOptions(raw: unknown): TbcCheckoutOptions {
  return parseProviderOptions(checkoutOptionsSchema, raw, CHECKOUT_PROVIDER_NAME)
}
