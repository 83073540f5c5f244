/**
 * Sandbox options and their defaults (docs/architecture.md "Sandbox defaults"). Everything the
 * handlers read comes from one resolved `SandboxConfig`, so tests can override any credential.
 */
import { PRODUCT_SUM_RULES, type ProductSumRule } from "medusa-payment-tbc/lib"

export interface SandboxOptions {
  /** 0 = a random free port (default 0) */
  port?: number
  /** default 127.0.0.1 */
  host?: string
  /** base of the URLs the sandbox hands out (approval URL, Location); default http://host:port */
  publicUrl?: string
  /** checkout `apikey` header (default sandbox-apikey) */
  apiKey?: string
  /** checkout client id / secret (default sandbox-client / sandbox-client-secret) */
  clientId?: string
  clientSecret?: string
  /** installments Basic-auth key / secret (default sandbox-inst-key / sandbox-inst-secret) */
  installmentApiKey?: string
  installmentApiSecret?: string
  /** default SandboxMerchant */
  merchantKey?: string
  /** activation-required methods (6, 9) the "bank" activated for the merchant; default none */
  activatedMethods?: number[]
  /** lifetime of issued tokens on the sandbox clock; default one day */
  tokenLifetimeMs?: number
  /** base delay of callback retries (doubles per attempt); default 1000 */
  callbackRetryMs?: number
  /** delivery attempts per callback, the first one included; default 5 */
  callbackAttempts?: number
  /** the merchant's dashboard callback URL, used when a payment has no callbackUrl (executions) */
  defaultCallbackUrl?: string
  /** seed of the PRNG behind the `errorRate` fault, so fault runs are repeatable; default 1 */
  seed?: number
  /** one line per request, without secrets */
  logger?: (line: string) => void
  /**
   * called with every access token the sandbox hands out (checkout and OAuth), before its answer
   * is sent: for a test that searches an app's logs and answers for the exact tokens it was given
   */
  onTokenIssued?: (token: string) => void
  /**
   * Refuse everything the tolerances accept (README "Tolerances": nulls, amounts as strings, names
   * in another case, OAuth credentials in the form, a repeated installment confirm) and check
   * installment products with productSum "both". The project's own tests run strict. Default false.
   */
  strict?: boolean
  /**
   * Which reading of "sum of prices = total" installment products must satisfy: "unit"
   * (Σ price × quantity), "line" (Σ price), "either" (default: what third-party clients send) or
   * "both". Ignored when strict (always "both").
   */
  productSum?: ProductSumRule
  /** the shop name the hosted pages show; default "Sandbox shop" */
  shopName?: string
  /** file the state is saved to after every change and loaded from at start (README "State on disk") */
  dataFile?: string
  /**
   * Token every /_sandbox/* control request must carry (header x-sandbox-control-token or Bearer).
   * Required when `host` is not loopback (control-access.ts); default none.
   */
  controlToken?: string
  /** where the off-loopback warning goes; default stderr (printed even with a quiet logger) */
  warn?: (line: string) => void
}

export interface SandboxConfig {
  apiKey: string
  clientId: string
  clientSecret: string
  installmentApiKey: string
  installmentApiSecret: string
  merchantKey: string
  activatedMethods: number[]
  tokenLifetimeMs: number
  callbackRetryMs: number
  callbackAttempts: number
  defaultCallbackUrl?: string
  seed: number
  logger?: (line: string) => void
  onTokenIssued?: (token: string) => void
  /** false when strict: the README's tolerances are off */
  tolerant: boolean
  productSum: ProductSumRule
  shopName: string
  dataFile?: string
}

export const SANDBOX_DEFAULTS = {
  apiKey: "sandbox-apikey",
  clientId: "sandbox-client",
  clientSecret: "sandbox-client-secret",
  installmentApiKey: "sandbox-inst-key",
  installmentApiSecret: "sandbox-inst-secret",
  merchantKey: "SandboxMerchant",
  tokenLifetimeMs: 24 * 60 * 60 * 1000,
  callbackRetryMs: 1000,
  callbackAttempts: 5,
  shopName: "Sandbox shop",
} as const

export function resolveConfig(options: SandboxOptions = {}): SandboxConfig {
  return {
    apiKey: options.apiKey ?? SANDBOX_DEFAULTS.apiKey,
    clientId: options.clientId ?? SANDBOX_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? SANDBOX_DEFAULTS.clientSecret,
    installmentApiKey: options.installmentApiKey ?? SANDBOX_DEFAULTS.installmentApiKey,
    installmentApiSecret: options.installmentApiSecret ?? SANDBOX_DEFAULTS.installmentApiSecret,
    merchantKey: options.merchantKey ?? SANDBOX_DEFAULTS.merchantKey,
    activatedMethods: [...(options.activatedMethods ?? [])],
    tokenLifetimeMs: positive(options.tokenLifetimeMs, SANDBOX_DEFAULTS.tokenLifetimeMs),
    callbackRetryMs: nonNegative(options.callbackRetryMs, SANDBOX_DEFAULTS.callbackRetryMs),
    callbackAttempts: positive(options.callbackAttempts, SANDBOX_DEFAULTS.callbackAttempts),
    defaultCallbackUrl: options.defaultCallbackUrl,
    seed: options.seed ?? 1,
    logger: options.logger,
    onTokenIssued: options.onTokenIssued,
    tolerant: options.strict !== true,
    productSum: options.strict === true ? "both" : productSumRule(options.productSum),
    shopName: options.shopName?.trim() || SANDBOX_DEFAULTS.shopName,
    dataFile: options.dataFile || undefined,
  }
}

function productSumRule(value: unknown): ProductSumRule {
  if (value === undefined) return "either"
  if (!(PRODUCT_SUM_RULES as readonly unknown[]).includes(value)) {
    throw new Error(`productSum must be one of ${PRODUCT_SUM_RULES.join(", ")}, got ${String(value)}`)
  }
  return value as ProductSumRule
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : fallback
}
