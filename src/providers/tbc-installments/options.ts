/**
 * Options of the `tbc-installments` provider, validated with zod when Medusa loads the payment
 * module (and again by the app-side sync, which reads the same options from the config).
 *
 *   { resolve: "medusa-payment-tbc/providers/tbc-installments", id: "tbc", options: {
 *       apiKey, apiSecret,          // the developer app's installment key and secret (OAuth Basic)
 *       merchantKey,                // TBC's merchant key for Online Installments
 *       campaignId?,                // the loan campaign agreed with the bank ("191" or 191)
 *       amountLimit?,               // { min?, max? } GEL the choice is offered for (default TBC's 100–10,000)
 *       environment,                // "test" | "production" | the sandbox URL
 *       registrationId?,            // follows from the `id` above (given, it must equal it)
 *       syncIntervalSeconds?,       // how often the job pulls status-changes (default 60)
 *       pageSize? | take?,          // changes per status-changes page (default 500)
 *       changeRetries?,             // retries of a status change whose effect on Medusa failed (default 5)
 *       changeRetryBackoffSeconds?, // wait before the first retry, doubled each time (default 60)
 *       timeoutMs?, maxRetries?, requestBudgetMs? } }
 */
import { z } from "zod/v4"
import { typeRule } from "../../lib/zod-problems"
import {
  DEFAULT_CHANGE_RETRIES,
  DEFAULT_CHANGE_RETRY_BACKOFF_SECONDS,
  MAX_CHANGE_RETRIES,
  MAX_RETRY_BACKOFF_SECONDS,
} from "../../lib/installment-retry"
import type { TbcClientOptions, TbcLogger } from "../../lib/tbc/types"
import { DEFAULT_METHOD_LIMITS } from "../../lib/checkout-choices"
import {
  allowCustomEnvironmentOption,
  amountLimitOption,
  environmentOption,
  refineEnvironment,
  retentionDaysOption,
  httpUrlOption,
  maxRetriesOption,
  parseProviderOptions,
  fromEnv,
  requiredStringFromEnv,
  timeoutMsOption,
  requestBudgetMsOption,
  registrationIdOption,
} from "../common"

export const INSTALLMENTS_PROVIDER_NAME = "tbc-installments"
export const DEFAULT_SYNC_INTERVAL_SECONDS = 60
export const DEFAULT_PAGE_SIZE = 500
/** Upper bound of a page: one page is applied in one batch, so memory stays bounded by it. */
export const MAX_PAGE_SIZE = 5000

const pageSizeOption = z
  .number(typeRule("must be a number"))
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(MAX_PAGE_SIZE, { message: `must be at most ${MAX_PAGE_SIZE}` })

const campaignIdOption = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? String(value) : value),
  z
    .string(typeRule("must be a string or a number"))
    .refine((value) => value.trim() !== "", { message: "must not be empty" })
)

export const installmentsOptionsSchema = z
  .object({
    apiKey: requiredStringFromEnv("TBC_INSTALLMENT_API_KEY").describe(
      "installment API key of your TBC developer app (OAuth, scope `online_installments`); default: env `TBC_INSTALLMENT_API_KEY`"
    ),
    apiSecret: requiredStringFromEnv("TBC_INSTALLMENT_API_SECRET").describe(
      "installment API secret of that app; default: env `TBC_INSTALLMENT_API_SECRET`"
    ),
    merchantKey: requiredStringFromEnv("TBC_MERCHANT_KEY").describe(
      "merchant key TBC assigns for Online Installments (test and production differ); default: env `TBC_MERCHANT_KEY`"
    ),
    campaignId: fromEnv("TBC_CAMPAIGN_ID", campaignIdOption.optional()).describe(
      'the loan campaign agreed with TBC (`"191"` or `191`); default: env `TBC_CAMPAIGN_ID`; unset: none is sent'
    ),
    amountLimit: amountLimitOption
      .default({ ...DEFAULT_METHOD_LIMITS["8"] })
      .describe(
        "the cart totals, in GEL, installments are offered for (`{ min?, max? }`; default TBC's terms for Online Installments, 100–10,000 GEL; `{}` removes the limit). Outside them the choice is reported unavailable and no application is opened"
      ),
    environment: environmentOption,
    registrationId: registrationIdOption.describe(
      "leave it out: it follows from the `id` of this registration (`pp_tbc-installments_<id>`), the provider its money-ledger entries name; given, it must equal the `id`"
    ),
    allowCustomEnvironment: allowCustomEnvironmentOption,
    syncIntervalSeconds: z
      .number(typeRule("must be a number of seconds"))
      .int({ message: "must be a whole number of seconds" })
      .min(5, { message: "must be at least 5 seconds" })
      .max(86_400, { message: "must be at most 86400 seconds (one day)" })
      .default(DEFAULT_SYNC_INTERVAL_SECONDS)
      .describe("how often the scheduled job pulls the bank's status-changes feed, in seconds"),
    pageSize: pageSizeOption.optional().describe("changes per status-changes page (the bank's `take`)"),
    changeRetries: z
      .number(typeRule("must be a number"))
      .int({ message: "must be a whole number" })
      .min(0, { message: "must be at least 0" })
      .max(MAX_CHANGE_RETRIES, { message: `must be at most ${MAX_CHANGE_RETRIES}` })
      .default(DEFAULT_CHANGE_RETRIES)
      .describe(
        "retries, across sync runs, of a status change whose effect on Medusa failed; then it is given up and listed in Settings → TBC Bank"
      ),
    changeRetryBackoffSeconds: z
      .number(typeRule("must be a number of seconds"))
      .int({ message: "must be a whole number of seconds" })
      .min(0, { message: "must be at least 0 seconds" })
      .max(MAX_RETRY_BACKOFF_SECONDS, { message: `must be at most ${MAX_RETRY_BACKOFF_SECONDS} seconds` })
      .default(DEFAULT_CHANGE_RETRY_BACKOFF_SECONDS)
      .describe("seconds before the first retry, doubled for each further one (never more than an hour)"),
    take: pageSizeOption
      .optional()
      .describe("the bank's own name for `pageSize`: an alias (both given: they must be equal)"),
    timeoutMs: timeoutMsOption,
    requestBudgetMs: requestBudgetMsOption,
    maxRetries: maxRetriesOption,
    installmentChangeRetentionDays: retentionDaysOption(365).describe(
      "days applied status changes are kept once their order is completed, canceled or archived"
    ),
    storeUrl: httpUrlOption
      .optional()
      .describe("not used by installments; accepted so that one options object can serve both providers"),
  })
  .superRefine((value, ctx) => {
    refineEnvironment(value, ctx)
    if (value.pageSize !== undefined && value.take !== undefined && value.pageSize !== value.take) {
      ctx.addIssue({ code: "custom", path: ["take"], message: "must equal pageSize when both are given" })
    }
  })
  .transform(({ take, pageSize, ...rest }) => ({ ...rest, pageSize: pageSize ?? take ?? DEFAULT_PAGE_SIZE }))

export type InstallmentsOptions = z.output<typeof installmentsOptionsSchema>

/** @throws MedusaError(INVALID_DATA) naming every broken option and its rule (never a value) */
export function parseInstallmentsOptions(raw: unknown): InstallmentsOptions {
  return parseProviderOptions(installmentsOptionsSchema, raw, INSTALLMENTS_PROVIDER_NAME)
}

/** What the bank client needs from the provider options (installments credentials only). */
export function installmentsClientOptions(options: InstallmentsOptions, logger?: TbcLogger): TbcClientOptions {
  return {
    environment: options.environment,
    installments: { apiKey: options.apiKey, apiSecret: options.apiSecret, merchantKey: options.merchantKey },
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    logger,
  }
}
