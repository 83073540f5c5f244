/**
 * Option pieces shared by the TBC payment providers (tbc-checkout, tbc-installments): the bank
 * environment, timeouts, public URLs, and `parseProviderOptions`, which validates a provider's
 * raw options with its zod schema and throws one clear error naming every broken option and rule.
 *
 * Why a MedusaError and not a bare ZodError: Medusa calls `validateOptions` while loading the
 * payment module, and an INVALID_DATA error with "Invalid tbc-checkout options: storeUrl: must be
 * an absolute http(s) URL" is what a merchant can act on. Option VALUES are never echoed (they may
 * be secrets); only names and rules are (the one formatter, src/lib/zod-problems.ts).
 */
import { z } from "zod/v4"
import { typeRule } from "../../lib/zod-problems"
import { environmentProblem } from "../../lib/tbc/environment-guard"
import { TbcConfigError } from "../../lib/tbc/errors"
import { parseOrInvalid } from "./invalid-data"
import { TBC_BASE_URLS, type TbcEnvironment } from "../../lib/tbc/types"
import { majorToMinorExact } from "../../lib/money"
import { MAX_LIMIT_GEL } from "../../lib/checkout-choices"

/** Every variable an option falls back to (fromEnv), for the docs' and the README's `.env` checks. */
export const OPTION_ENV_VARIABLES = new Set<string>()

/**
 * An option a store may leave out of medusa-config when the named environment variable holds it,
 * so that the plugin's entry needs no `process.env.X` line per option: the option as given wins,
 * else the variable (`read` turns its text into the option's type), else the schema's own default
 * or "is required". Read when the options are parsed (at boot, and by the app side with the same
 * environment). An empty variable counts as unset.
 */
export function fromEnv<S extends z.ZodType>(
  variable: string,
  schema: S,
  read: (text: string) => unknown = (text) => text,
  env: NodeJS.ProcessEnv = process.env
) {
  OPTION_ENV_VARIABLES.add(variable)
  return z.preprocess((value) => {
    if (value !== undefined) return value
    const text = env[variable]
    return text === undefined || text.trim() === "" ? undefined : read(text.trim())
  }, schema)
}

/** "a, b ,c" → ["a", "b", "c"] (an environment variable's list). */
export const commaList = (text: string): string[] =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)

/** An absolute http(s) URL with a host (the message names the rule, never the value). */
export const httpUrl = (missing = "is required") =>
  z.string(typeRule("must be a string", missing)).refine(
    (value) => {
      try {
        const url = new URL(value)
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
      } catch {
        return false
      }
    },
    { message: "must be an absolute http(s) URL" }
  )

export const httpUrlOption = httpUrl()

/** An absolute http(s) URL that may come from `variable` instead (see fromEnv). */
export const httpUrlFromEnv = (variable: string) => fromEnv(variable, httpUrl(requiredUnlessEnv(variable)))

/** A required secret or id: a non-empty string. */
export const requiredString = (what = "is required") =>
  z.string(typeRule("must be a string", what)).refine((value) => value.trim() !== "", { message: "must not be empty" })

/** The rule of a required option a variable may hold: "is required (or set TBC_API_KEY)". */
export const requiredUnlessEnv = (variable: string): string => `is required (or set ${variable})`

/** A required secret or id that may come from `variable` instead (see fromEnv). */
export const requiredStringFromEnv = (variable: string) =>
  fromEnv(variable, requiredString(requiredUnlessEnv(variable)))

/**
 * "test" | "production" | an absolute http(s) URL (the local sandbox, a proxy). The client maps
 * test/production to TBC_BASE_URLS itself.
 */
export const environmentOption = fromEnv(
  "TBC_ENVIRONMENT",
  z
    .string(typeRule("must be a string", requiredUnlessEnv("TBC_ENVIRONMENT")))
    .refine((value) => value in TBC_BASE_URLS || httpUrlOption.safeParse(value).success, {
      message: `must be "test", "production" or an absolute http(s) URL`,
    })
    .transform((value) => value as TbcEnvironment)
).describe(
  'default: env `TBC_ENVIRONMENT`. `"production"` (TBC\'s `https://api.tbcbank.ge`), `"test"` (`https://test-api.tbcbank.ge`) or a base URL such as the sandbox `http://127.0.0.1:4010`. Plain `http://` only to a loopback host; with `NODE_ENV=production` only TBC\'s two hosts unless `allowCustomEnvironment`'
)

/** Allows an `environment` other than TBC's own hosts when NODE_ENV is production (a merchant's proxy). */
export const allowCustomEnvironmentOption = fromEnv(
  "TBC_ALLOW_CUSTOM_ENVIRONMENT",
  z.boolean(typeRule("must be true or false")).default(false),
  (text) => (text === "true" ? true : text === "false" ? false : text)
).describe(
  "default: env `TBC_ALLOW_CUSTOM_ENVIRONMENT` (`true`/`false`), else `false`. With `NODE_ENV=production`, accept an `environment` other than TBC's hosts (your own proxy to the bank)"
)

/**
 * Adds the environment guard's issue (src/lib/tbc/environment-guard.ts) to a provider schema's
 * superRefine: plain http only to loopback; in production only TBC's hosts unless
 * allowCustomEnvironment. NODE_ENV is read when the options are parsed (at boot).
 */
export function refineEnvironment(
  options: { environment: string; allowCustomEnvironment: boolean },
  ctx: z.RefinementCtx,
  nodeEnv: string | undefined = process.env.NODE_ENV
): void {
  const problem = environmentProblem(options.environment, {
    production: nodeEnv === "production",
    allowCustomEnvironment: options.allowCustomEnvironment,
  })
  if (problem) {
    ctx.addIssue({ code: "custom", path: ["environment"], message: problem })
  }
}

/** An age in whole days for the retention job (1 … 3650). */
export const retentionDaysOption = (fallback: number) =>
  z
    .number(typeRule("must be a number of days"))
    .int({ message: "must be a whole number of days" })
    .min(1, { message: "must be at least 1 day" })
    .max(3650, { message: "must be at most 3650 days" })
    .default(fallback)

/** Per-request timeout of bank calls in ms (1 s … 2 min), default 15 s. */
export const timeoutMsOption = z
  .number(typeRule("must be a number of milliseconds"))
  .int({ message: "must be a whole number of milliseconds" })
  .min(1000, { message: "must be at least 1000 ms" })
  .max(120_000, { message: "must be at most 120000 ms" })
  .default(15_000)
  .describe("timeout of each bank request (each attempt), in ms")

/**
 * Total time (ms) a request a shopper or an admin waits on may spend on the bank: start a payment,
 * complete a cart, capture, cancel, refund (1 s … 60 s), default 12 s. `timeoutMs` bounds each
 * attempt; this bounds the whole request, token included; the bank gets all of it but a reserve for
 * Medusa's own work (lib/tbc/budget.ts bankShareMs). Background jobs are not bound by it.
 */
export const requestBudgetMsOption = z
  .number(typeRule("must be a number of milliseconds"))
  .int({ message: "must be a whole number of milliseconds" })
  .min(1000, { message: "must be at least 1000 ms" })
  .max(60_000, { message: "must be at most 60000 ms" })
  .default(12_000)
  .describe(
    "total time in ms of one request a shopper or an admin waits on (start a payment, complete the cart, capture, cancel, refund), all attempts and the token included; the bank gets all of it but ¼ (at most 1 s) kept for Medusa's own work. Background work keeps `timeoutMs` per attempt, with retries"
  )

/** Retries of safe bank calls (GETs, token, never-sent mutations), default 2. */
export const maxRetriesOption = z
  .number(typeRule("must be a number"))
  .int({ message: "must be a whole number" })
  .min(0, { message: "must be 0 or more" })
  .max(5, { message: "must be at most 5" })
  .default(2)
  .describe("retries of safe bank calls only: reads, the token, requests that were never sent")

/**
 * The `id` of the provider registration in medusa-config (pp_<identifier>_<registrationId>). In a
 * Medusa app it is set from the registration's `id` (withRegistrationId); "tbc" is only the value
 * outside one (a script, a unit test), so the docs show the derived default (`docDefault`).
 */
export const registrationIdOption = z
  .string(typeRule("must be a string"))
  .regex(/^[A-Za-z0-9_-]+$/, { message: "may contain only letters, digits, _ and -" })
  .default("tbc")
  .describe(
    "leave it out: it follows from the `id` of this registration in `medusa-config` (it builds the callback path `/hooks/payment/tbc-checkout_<id>`); given, it must equal the `id`, or the boot stops"
  )
  .meta({ docDefault: "the registration's `id`" })

/** Where option problems sit: a dotted option path, "(options)" for the options as a whole. */
/**
 * An amount in GEL with at most 2 decimals (a limit end), from 0 to MAX_LIMIT_GEL. One rule per
 * value, the one it breaks: 1e15 is too large (not "too many decimals"), -1 is below 0.
 */
const gelAmount = z.number(typeRule("must be a number of GEL")).superRefine((value, ctx) => {
  const rule =
    value < 0
      ? "must be 0 GEL or more"
      : value > MAX_LIMIT_GEL
        ? `must be at most ${MAX_LIMIT_GEL} GEL (leave it empty for no limit)`
        : majorToMinorExact(value) === null
          ? "must have at most 2 decimals (whole tetri)"
          : undefined
  if (rule) ctx.addIssue({ code: "custom", message: rule })
})

/** The amounts a choice is offered for (GEL), either end optional: the checkout's `methodLimits` per method, the installments' `amountLimit`. */
export const amountLimitOption = z
  .object({ min: gelAmount.optional(), max: gelAmount.optional() }, typeRule("must be { min?, max? }"))
  .strict()
  .refine((l) => l.min === undefined || l.max === undefined || l.min <= l.max, { message: "min must not exceed max" })

export const OPTIONS_PLACE = { root: "(options)" } as const

/**
 * Validates a provider's raw options. Throws MedusaError(INVALID_DATA) whose message names the
 * provider, each broken option and its rule, e.g.
 * `Invalid tbc-checkout options: clientSecret: is required; methods.0: must be one of 4, 5, ...`.
 * The TbcConfigError with the structured issues is attached as `cause` for callers that want it.
 */
export function parseProviderOptions<S extends z.ZodType>(schema: S, raw: unknown, providerName: string): z.output<S> {
  return parseOrInvalid<z.output<S>>(schema, raw ?? {}, {
    ...OPTIONS_PLACE,
    heading: `Invalid ${providerName} options`,
    causeOf: (issues) => new TbcConfigError(issues),
  })
}

/** The origin ("https://shop.ge") of an absolute URL; undefined when it is not one. */
export function originOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  try {
    const url = new URL(value)
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined
    return url.origin
  } catch {
    return undefined
  }
}

/** `<storeUrl>/<path>` without a doubled slash, whatever storeUrl ends with. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, "")
}
