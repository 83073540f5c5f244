/**
 * Options of the `tbc-checkout` provider (medusa-config `providers: [{ resolve, id, options }]`),
 * validated with zod when Medusa loads the payment module. Also read by app-side code (the
 * callback middleware) through `findTbcProvider(...).options` + `parseCheckoutOptions`.
 */
import { isIP } from "node:net"
import { z } from "zod/v4"
import { typeRule } from "../../lib/zod-problems"
import { METHOD_NAMES } from "../../lib/labels"
import {
  CHECKOUT_IDENTIFIERS,
  DEFAULT_METHOD_LIMITS,
  LIMIT_KEYS,
  METHOD_TITLE_MAX,
  PURCHASE_ONLY_METHODS,
  type MethodLimits,
} from "../../lib/checkout-choices"
import {
  CHECKOUT_METHODS,
  MERCHANT_ACTIVATED_METHODS,
  NO_SAVE_CARD_METHODS,
  type CheckoutMethod,
  type TbcClientOptions,
  type TbcLogger,
} from "../../lib/tbc/types"
import {
  allowCustomEnvironmentOption,
  amountLimitOption,
  environmentOption,
  commaList,
  fromEnv,
  httpUrlFromEnv,
  httpUrlOption,
  maxRetriesOption,
  originOf,
  parseProviderOptions,
  refineEnvironment,
  retentionDaysOption,
  registrationIdOption,
  requiredString,
  requiredStringFromEnv,
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
import { isAnsOnly, LIMITS } from "../../lib/tbc/validation/fields"

/** The bank's documented callback source addresses (developers.tbcbank.ge/docs/checkout-callback-url). */
export const TBC_CALLBACK_ADDRESSES = ["193.104.20.44", "193.104.20.45", "185.52.80.44", "185.52.80.45"] as const

/** What to do with money at the bank whose Medusa session is gone (see money-moves/orphans.ts). */
export const ORPHAN_POLICIES = ["refund", "notify"] as const
export type OrphanPolicy = (typeof ORPHAN_POLICIES)[number]

const methodOption = z
  .number(typeRule("must be a number"))
  .refine((m) => (CHECKOUT_METHODS as readonly number[]).includes(m), {
    message: `must be one of ${CHECKOUT_METHODS.join(", ")}`,
  })
  // zod 4's refine does not narrow the type (a type guard refine did in zod 3)
  .transform((m) => m as CheckoutMethod)

/** An option of the reconciliation jobs, checked by the jobs' own reader (one rule, one place). */
function readerOption<T>(key: string, read: (options: Record<string, unknown>) => T) {
  return z.unknown().transform((value, ctx): T => {
    try {
      return read({ [key]: value })
    } catch (error) {
      const rule = error instanceof PreauthOptionError ? error.rule : "is invalid"
      ctx.addIssue({ code: "custom", message: rule })
      return z.NEVER
    }
  })
}

/** `methodLimits`: per method number (or "bnpl") the amounts it is offered for. */
const methodLimitsOption = z
  .record(z.string(), amountLimitOption, typeRule(`must be an object keyed by ${LIMIT_KEYS.join(", ")}`))
  .superRefine((limits, ctx) => {
    for (const key of Object.keys(limits)) {
      if (!(LIMIT_KEYS as readonly string[]).includes(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: `must be one of ${LIMIT_KEYS.join(", ")}` })
      }
    }
  })
  .transform((limits) => limits as MethodLimits)

/** `methodTitles`: per checkout service identifier, the store's title of that choice. */
const methodTitlesOption = z
  .record(
    z.string(),
    z
      .string(typeRule("must be a text"))
      .trim()
      .min(1, { message: "must not be empty (leave the choice out for the storefront's own words)" })
      .max(METHOD_TITLE_MAX, { message: `must be at most ${METHOD_TITLE_MAX} characters` }),
    typeRule(`must be an object keyed by ${CHECKOUT_IDENTIFIERS.join(", ")}`)
  )
  .superRefine((titles, ctx) => {
    for (const key of Object.keys(titles)) {
      if (!CHECKOUT_IDENTIFIERS.includes(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: `must be one of ${CHECKOUT_IDENTIFIERS.join(", ")}` })
      }
    }
  })

const booleanOption = (fallback: boolean) => z.boolean(typeRule("must be true or false")).default(fallback)

export const checkoutOptionsSchema = z
  .object({
    apiKey: requiredStringFromEnv("TBC_API_KEY").describe(
      "API key of your TBC developer app (product E-commerce); default: env `TBC_API_KEY`"
    ),
    clientId: requiredStringFromEnv("TBC_CLIENT_ID").describe(
      "client id of your site in TBC's merchant dashboard; default: env `TBC_CLIENT_ID`"
    ),
    clientSecret: requiredStringFromEnv("TBC_CLIENT_SECRET").describe(
      "client secret of that site (default: env `TBC_CLIENT_SECRET`); also keys the callback signature and, unless `cardTokenSecret` is set, the seal of saved-card tokens"
    ),
    cardTokenSecret: requiredString()
      .optional()
      .describe(
        "seals saved-card tokens in the database (unset: the `clientSecret`). Set it to the old `clientSecret` before you rotate that, or saved cards stop working"
      ),
    previousClientSecret: requiredString()
      .optional()
      .describe(
        "the `clientSecret` before your last rotation: callback URLs signed with it (payments started before the rotation; the bank calls back for up to a day plus retries) are accepted until `previousClientSecretUntil`. Set both when you rotate"
      ),
    previousClientSecretUntil: z
      .string(typeRule("must be an ISO date-time string"))
      .refine((value) => Number.isFinite(Date.parse(value)), "must be an ISO date-time, e.g. 2026-12-01T00:00:00Z")
      .optional()
      .describe(
        "ISO date-time after which `previousClientSecret` is no longer accepted (e.g. three days after the rotation)"
      ),
    environment: environmentOption,
    allowCustomEnvironment: allowCustomEnvironmentOption,
    storeUrl: httpUrlFromEnv("MEDUSA_BACKEND_URL").describe(
      "public URL of this Medusa server (default: env `MEDUSA_BACKEND_URL`); the bank calls back `<storeUrl>/hooks/payment/tbc-checkout_<registrationId>`"
    ),
    registrationId: registrationIdOption,
    /** Required: the Medusa server's own root (the old default) is a 404 for shoppers. */
    returnUrl: httpUrlFromEnv("TBC_RETURN_URL").describe(
      "your storefront's return page, where the bank sends the shopper back (not the Medusa server), e.g. `https://shop.example.ge/ge/tbc/return`; default: env `TBC_RETURN_URL`"
    ),
    allowedReturnOrigins: z
      .array(
        httpUrlOption.transform((url) => originOf(url) as string),
        typeRule("must be a list of http(s) URLs")
      )
      .default([])
      .describe("other origins a per-session `data.return_url` may use besides `returnUrl`'s; any other is refused"),
    preAuth: booleanOption(true).describe(
      `authorize = preauthorization: the money is held and the admin's capture takes it (within 30 days); \`false\` charges at once. ${PURCHASE_ONLY_METHODS.map((m) => `${m} (${METHOD_NAMES[m]})`).join(" and ")} are purchases only: their own providers never hold, and the all-methods page leaves them out while holding`
    ),
    methods: z
      .array(methodOption, typeRule("must be a list of method numbers"))
      .min(1, { message: "must name at least one method" })
      .refine((list) => new Set(list).size === list.length, { message: "must not repeat a method" })
      .default([5])
      .describe(
        `what the bank's page offers, no repeats: ${CHECKOUT_METHODS.map((m) => `${m} ${METHOD_NAMES[m]}`).join(", ")}; every method but 5 only once the bank activated it (\`activatedMethods\`). Only the all-methods page (\`pp_tbc-checkout_<id>\`): a per-method provider (\`pp_tbc-apple-pay_<id>\`, …) enabled in a region offers its method once it is activated, whether listed here or not`
      ),
    activatedMethods: z
      .array(
        z.number().refine((m) => (MERCHANT_ACTIVATED_METHODS as readonly number[]).includes(m), {
          message: `must be one of ${MERCHANT_ACTIVATED_METHODS.join(", ")}`,
        }),
        typeRule("must be a list of method numbers")
      )
      .default([])
      .describe(
        `which of ${MERCHANT_ACTIVATED_METHODS.join(", ")} the bank activated for you (card, 5, is active for everyone); a method in \`methods\` that is not listed here stops the boot, and the per-method providers take only card and these`
      ),
    methodLimits: methodLimitsOption.default({}).describe(
      `min/max amount in GEL per method number or \`"bnpl"\`, e.g. \`{ "8": { "min": 100, "max": 10000 } }\`. A method outside its range is not offered for that cart (its provider reports it unavailable; the all-methods page leaves it out). Unset keys keep TBC's terms: ${Object.entries(
        DEFAULT_METHOD_LIMITS
      )
        .map(([k, l]) => `${k} ${l.min}–${l.max}`)
        .join(", ")}; \`{}\` for a key removes its limit`
    ),
    methodTitles: methodTitlesOption
      .default({})
      .describe(
        `the store's own title of a choice at checkout, by its service (${CHECKOUT_IDENTIFIERS.join(", ")}), e.g. \`{ "tbc-card": "Visa / Mastercard" }\`, at most ${METHOD_TITLE_MAX} characters; GET /store/tbc/payment-options answers it as \`title\` and the storefront kit shows it in every language. Unset: the kit's words in the shopper's language`
      ),
    debugLogging: booleanOption(false).describe(
      "log the plugin's bank calls (operation, the bank's answer status, time; never a secret, a token or a card number) at info level, so they show without Medusa's debug log level. For finding a problem, then off again"
    ),
    saveCards: booleanOption(false).describe(
      `logged-in customers may save the card they pay with and pay with it later, with no bank page. Only card payments save a card: the bank refuses to save one on a payment that offers ${NO_SAVE_CARD_METHODS.map((m) => `${m} (${METHOD_NAMES[m]})`).join(", ")}. The bank must enable card saving for you`
    ),
    deletedCardRetentionDays: retentionDaysOption(90).describe(
      "days a deleted card's row (no token, no mask) and settled card-recording failures are kept"
    ),
    language: z
      .preprocess(
        (v) => (typeof v === "string" ? v.toUpperCase() : v),
        z.enum(["KA", "EN", "RU"], { error: "must be KA, EN or RU" })
      )
      .optional()
      .describe(
        "language of the bank's page (any case) when neither the session (`data.locale`) nor the cart's locale names KA, EN or RU; unset: the bank's default"
      ),
    expirationMinutes: z
      .number(typeRule("must be a number of minutes"))
      .int({ message: "must be a whole number of minutes" })
      .min(1, { message: "must be at least 1 minute" })
      .max(24 * 60, { message: "must be at most 1440 minutes" })
      .optional()
      .describe("minutes the bank's page stays payable; unset: the bank's default"),
    description: z
      .string(typeRule("must be a string"))
      .max(30, { message: "must be at most 30 characters (the bank's limit)" })
      .optional()
      .describe("text shown on the bank's page"),
    statementText: z
      .string(typeRule("must be a string"))
      .max(LIMITS.extra, { message: `must be at most ${LIMITS.extra} characters (the bank's limit of \`extra\`)` })
      .refine(isAnsOnly, {
        message:
          "may contain only printable ASCII characters, no Georgian or Cyrillic letters (the bank's statement is ANSI only)",
      })
      .optional()
      .describe(
        `text on the shopper's card statement, sent to the bank as \`extra\` before the cart's reference with every payment (printable ASCII, at most ${LIMITS.extra} characters, e.g. \`"SHOP.GE ORDER"\`; the reference keeps 8–12 characters, so up to 12 show whole beside all of it, a longer text is cut to 16); unset or empty: the reference alone. A shop manager can change it in Settings → TBC Bank`
      ),
    callbackAllowlist: fromEnv(
      "TBC_CALLBACK_ALLOWLIST",
      z
        .array(
          z.string().refine((ip) => isIP(ip) !== 0, { message: "must be an IPv4 or IPv6 address" }),
          typeRule("must be a list of IP addresses")
        )
        .default([...TBC_CALLBACK_ADDRESSES]),
      commaList
    ).describe(
      'the only source addresses whose callbacks are judged (default: env `TBC_CALLBACK_ALLOWLIST`, a comma list, else the bank\'s addresses, see [go-live.md](go-live.md) step 4); for the sandbox `["127.0.0.1", "::1", "::ffff:127.0.0.1"]`'
    ),
    /**
     * The store's own proxies: X-Forwarded-For is read only on a request whose direct peer is one
     * of these addresses (false or [] = never read it). `true` is refused: it would trust the
     * header on requests that did not come through the proxy, so anyone could name a bank address.
     */
    trustProxy: z
      .union([z.literal(false).transform((): string[] => []), z.array(z.string())], {
        error: (issue) =>
          issue.code === "invalid_union" && issue.input === true
            ? 'true is not accepted: list the addresses of your own proxies (e.g. ["10.0.0.2"]); X-Forwarded-For is read only on requests coming from one of them'
            : "must be false or a list of your proxies' IP addresses",
      })
      // after the union: zod 4 reports a failed union as a whole, and the address at fault is named
      .superRefine((ips, ctx) => {
        for (const [index, ip] of ips.entries()) {
          if (isIP(ip) === 0)
            ctx.addIssue({ code: "custom", path: [index], message: "must be an IPv4 or IPv6 address" })
        }
      })
      .default([])
      .describe(
        'the addresses of your own proxies, e.g. `["10.0.0.2"]`: X-Forwarded-For is read only on requests whose direct peer is one of them (`true` is refused: anyone could then name a bank address)'
      ),
    signCallbackUrl: booleanOption(true).describe(
      "also put the session and its HMAC in each payment's callback URL (`?s=&sig=`); turn off only if the bank refuses a query. Callbacks on the plain URL are paired through the plugin's payment record"
    ),
    orphanPolicy: z
      .enum(ORPHAN_POLICIES, { error: `must be one of ${ORPHAN_POLICIES.join(", ")}` })
      .default("refund")
      .describe(
        "money the bank holds or took for a checkout whose Medusa session was deleted (cart changed, new session) before an order existed: `refund` releases the hold / returns the money in full; `notify` only lists it in Settings → TBC Bank"
      ),
    orphanGraceSeconds: z
      .number(typeRule("must be a number of seconds"))
      .int({ message: "must be a whole number of seconds" })
      .min(0, { message: "must be 0 or more" })
      .max(3600, { message: "must be at most 3600 seconds" })
      .default(30)
      .describe(
        "seconds between Medusa deleting a session and the orphan check: Medusa calls the provider before its deletion is committed, in a transaction that may still roll back; a session Medusa still has after this is a live one (its delete failed), and its money is not returned"
      ),
    timeoutMs: timeoutMsOption,
    requestBudgetMs: requestBudgetMsOption,
    maxRetries: maxRetriesOption,
    preauthExpiryAction: readerOption("preauthExpiryAction", readPreauthExpiryAction).describe(
      "what the daily job does with a preauth near day 30: `none` only notifies, `complete` captures it, `cancel` cancels the order and releases the hold (an order with fulfillments is completed instead, never cancelled)"
    ),
    preauthWarningDays: readerOption("preauthWarningDays", readPreauthWarningDays).describe(
      "days before the 30-day deadline that the job acts and the order widget warns; at least 1, since the job runs daily"
    ),
    pendingReconcileMinutes: readerOption("pendingReconcileMinutes", readPendingReconcileMinutes).describe(
      "age of a pending payment with no callback before the 5-minute job reads it at the bank"
    ),
    callbackLogRetentionDays: readerOption("callbackLogRetentionDays", readCallbackLogRetentionDays).describe(
      "days the callback log keeps its rows (a daily job deletes older ones)"
    ),
  })
  .superRefine((options, ctx) => {
    refineEnvironment(options, ctx)
    if ((options.previousClientSecret === undefined) !== (options.previousClientSecretUntil === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [options.previousClientSecret === undefined ? "previousClientSecret" : "previousClientSecretUntil"],
        message: "previousClientSecret and previousClientSecretUntil go together: set both or neither",
      })
    }
    for (const [index, method] of options.methods.entries()) {
      const needsActivation = (MERCHANT_ACTIVATED_METHODS as readonly number[]).includes(method)
      if (needsActivation && !options.activatedMethods.includes(method)) {
        ctx.addIssue({
          code: "custom",
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
