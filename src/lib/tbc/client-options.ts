import { TbcConfigError, type ValidationIssue } from "./errors"
import { SecretRedactor } from "./redact"
import { basicCredential } from "./tokens"
import {
  CHECKOUT_METHODS,
  TBC_BASE_URLS,
  type CheckoutCredentials,
  type OAuthCredentials,
  type TbcClientOptions,
  type TbcEnvironment,
  type TbcLogger,
} from "./types"
import { plainHttpProblem } from "./environment-guard"
import { isHttpUrl } from "./validation"

/**
 * Checks and completes TbcClientOptions. Messages name the option and the rule but never echo
 * a value: a misplaced secret (a key pasted into `environment`) must not end up in a log.
 */

export const DEFAULT_TIMEOUT_MS = 15_000
export const DEFAULT_MAX_RETRIES = 2
export const DEFAULT_RETRY_BASE_MS = 200
const MAX_TIMEOUT_MS = 10 * 60 * 1000
const MAX_RETRIES_LIMIT = 10
const MAX_RETRY_BASE_MS = 60_000

export interface ResolvedClientOptions {
  baseUrl: string
  checkout?: CheckoutCredentials
  installments?: OAuthCredentials & { merchantKey: string }
  mortgages?: OAuthCredentials
  activatedMethods: number[]
  timeoutMs: number
  maxRetries: number
  retryBaseMs: number
  logger?: TbcLogger
}

/** "test" → https://test-api.tbcbank.ge, "production" → https://api.tbcbank.ge, or an absolute https URL (http only to loopback). */
export function resolveBaseUrl(environment: TbcEnvironment): string {
  if (environment === "test") {
    return TBC_BASE_URLS.test
  }
  if (environment === "production") {
    return TBC_BASE_URLS.production
  }
  if (typeof environment === "string" && isHttpUrl(environment.trim())) {
    const plain = plainHttpProblem(environment)
    if (plain) {
      throw new TbcConfigError([{ field: "environment", rule: "https", message: plain }])
    }
    return environment.trim().replace(/\/+$/, "")
  }
  throw new TbcConfigError([
    {
      field: "environment",
      rule: "environment",
      message: 'must be "test", "production" or an absolute http(s) URL',
    },
  ])
}

export function resolveClientOptions(options: TbcClientOptions): ResolvedClientOptions {
  if (typeof options !== "object" || options === null) {
    throw new TbcConfigError([{ field: "options", rule: "required", message: "must be an object" }])
  }
  const issues: ValidationIssue[] = []
  let baseUrl = ""
  try {
    baseUrl = resolveBaseUrl(options.environment)
  } catch (error) {
    issues.push(...(error as TbcConfigError).issues)
  }
  const checkout = credentials(options.checkout, "checkout", ["apiKey", "clientId", "clientSecret"], issues)
  const installments = credentials(options.installments, "installments", ["apiKey", "apiSecret", "merchantKey"], issues)
  const mortgages = credentials(options.mortgages, "mortgages", ["apiKey", "apiSecret"], issues)
  const activatedMethods = options.activatedMethods ?? []
  if (
    !Array.isArray(activatedMethods) ||
    !activatedMethods.every((m) => (CHECKOUT_METHODS as readonly unknown[]).includes(m))
  ) {
    issues.push({
      field: "activatedMethods",
      rule: "allowed_values",
      message: `must be a list of methods from ${CHECKOUT_METHODS.join(", ")}`,
    })
  }
  const timeoutMs = integerOption(options.timeoutMs, "timeoutMs", DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS, issues)
  const maxRetries = integerOption(options.maxRetries, "maxRetries", DEFAULT_MAX_RETRIES, 0, MAX_RETRIES_LIMIT, issues)
  const retryBaseMs = integerOption(
    options.retryBaseMs,
    "retryBaseMs",
    DEFAULT_RETRY_BASE_MS,
    0,
    MAX_RETRY_BASE_MS,
    issues
  )
  if (issues.length > 0) {
    throw new TbcConfigError(issues)
  }
  return {
    baseUrl,
    checkout: checkout as CheckoutCredentials | undefined,
    installments: installments as (OAuthCredentials & { merchantKey: string }) | undefined,
    mortgages: mortgages as OAuthCredentials | undefined,
    activatedMethods: [...activatedMethods],
    timeoutMs,
    maxRetries,
    retryBaseMs,
    logger: options.logger,
  }
}

/** Every secret the client is configured with, for the redactor (plus the Basic credentials). */
export function redactorFor(o: ResolvedClientOptions): SecretRedactor {
  return new SecretRedactor([
    o.checkout?.apiKey,
    o.checkout?.clientSecret,
    o.installments?.apiKey,
    o.installments?.apiSecret,
    o.installments && basicCredential(o.installments),
    o.mortgages?.apiKey,
    o.mortgages?.apiSecret,
    o.mortgages && basicCredential(o.mortgages),
  ])
}

/** A logger whose every line passes through the redactor first. */
export function redactingLogger(logger: TbcLogger | undefined, redactor: SecretRedactor): TbcLogger | undefined {
  if (!logger) {
    return undefined
  }
  return {
    debug: (msg) => logger.debug(redactor.redact(msg)),
    info: (msg) => logger.info(redactor.redact(msg)),
    warn: (msg) => logger.warn(redactor.redact(msg)),
    error: (msg) => logger.error(redactor.redact(msg)),
    shouldLog: logger.shouldLog && ((level) => logger.shouldLog!(level)),
  }
}

function credentials(
  value: unknown,
  option: string,
  fields: readonly string[],
  issues: ValidationIssue[]
): Record<string, string> | undefined {
  if (value === undefined || value === null) {
    return undefined
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    issues.push({ field: option, rule: "type", message: "must be an object" })
    return undefined
  }
  const record = value as Record<string, unknown>
  const out: Record<string, string> = {}
  for (const field of fields) {
    const v = record[field]
    if (typeof v !== "string" || v.trim() === "") {
      issues.push({ field: `${option}.${field}`, rule: "required", message: "must be a non-empty string" })
    } else {
      out[field] = v.trim()
    }
  }
  return out
}

function integerOption(
  value: unknown,
  field: string,
  fallback: number,
  min: number,
  max: number,
  issues: ValidationIssue[]
): number {
  if (value === undefined) {
    return fallback
  }
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    issues.push({ field, rule: "integer_range", message: `must be an integer from ${min} to ${max}` })
    return fallback
  }
  return value
}
