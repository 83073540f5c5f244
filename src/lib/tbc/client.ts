import { unconfiguredArea, type TbcApiArea } from "./area"
import { RequestBudget } from "./budget"
import { CheckoutApiClient, type CheckoutClient } from "./checkout-api"
import { redactingLogger, redactorFor, resolveClientOptions, type ResolvedClientOptions } from "./client-options"
import { InstallmentsApiClient, type InstallmentsClient } from "./installments-api"
import { MortgagesApiClient, type MortgagesClient } from "./mortgages-api"
import { TokenCache, type IssuedToken } from "./token-cache"
import {
  cachedTokenSource,
  checkoutTokenKey,
  fetchCheckoutToken,
  fetchOAuthToken,
  oauthTokenKey,
  type OAuthScope,
  type TokenSource,
} from "./tokens"
import { Transport, type AttemptLimits, type RequestSender } from "./transport"
import type { OAuthCredentials, TbcClientOptions, TbcLogger } from "./types"

export { resolveBaseUrl } from "./client-options"
export type { AttemptLimits } from "./transport"

/** The bank calls of one client with given attempt limits; `within` as TbcClient.within. */
export interface TbcClientView {
  readonly checkout: CheckoutClient
  readonly installments: InstallmentsClient
  within(budgetMs: number): Pick<TbcClient, "checkout" | "installments">
}

export const CHECKOUT_CALLS: ReadonlyArray<keyof CheckoutClient> = [
  "createPayment",
  "getPayment",
  "completePayment",
  "cancelPayment",
  "executeWithSavedCard",
  "deleteSavedCard",
  "verifyCredentials",
]
export const INSTALLMENTS_CALLS: ReadonlyArray<keyof InstallmentsClient> = [
  "createApplication",
  "cancelApplication",
  "confirmApplication",
  "getStatus",
  "getStatusChanges",
  "syncStatusChanges",
  "verifyCredentials",
]
const MORTGAGES_METHODS: ReadonlyArray<keyof MortgagesClient> = ["getAccessToken", "verifyCredentials"]

/**
 * The TBC bank client: one keep-alive transport, one token cache and one redactor per
 * instance (two merchants in one process never share tokens), and one object per API area.
 * An area whose credentials were not given still exists, but each of its methods rejects with
 * a TbcConfigError naming the missing option.
 */
export class TbcClient {
  /** the resolved base URL (test, production or e.g. the local sandbox) */
  readonly baseUrl: string
  readonly checkout: CheckoutClient
  readonly installments: InstallmentsClient
  readonly mortgages: MortgagesClient
  private readonly transport: Transport
  private readonly tokenCache = new TokenCache()
  private readonly configured: ReadonlySet<TbcApiArea>
  private readonly resolved: ResolvedClientOptions
  private readonly logger?: TbcLogger

  /** @throws TbcConfigError naming every invalid option */
  constructor(options: TbcClientOptions) {
    const o = resolveClientOptions(options)
    const redactor = redactorFor(o)
    const logger = redactingLogger(o.logger, redactor)
    this.baseUrl = o.baseUrl
    this.resolved = o
    this.logger = logger
    this.transport = new Transport({
      baseUrl: o.baseUrl,
      timeoutMs: o.timeoutMs,
      maxRetries: o.maxRetries,
      retryBaseMs: o.retryBaseMs,
      redactor,
      logger,
    })
    this.checkout = this.buildCheckout(o, logger, this.transport)
    this.installments = this.buildInstallments(o, logger, this.transport)
    this.mortgages = this.buildMortgages(o, logger)
    this.configured = new Set(
      (["checkout", "installments", "mortgages"] as const).filter((area) => o[area] !== undefined)
    )
  }

  /** Whether the credentials of `area` were given (the others reject with TbcConfigError). */
  isConfigured(area: TbcApiArea): boolean {
    return this.configured.has(area)
  }

  /**
   * The checkout and installments calls of ONE request a person waits on, all inside `budgetMs`
   * from now (see ./budget.ts): same sockets and token cache, but every attempt is cut to what is
   * left, the token endpoint is asked once, and a token another caller is fetching is waited for
   * only as long as the budget allows. Build one per request: the clock starts here.
   */
  within(budgetMs: number, limits: AttemptLimits = {}): Pick<TbcClient, "checkout" | "installments"> {
    const budget = new RequestBudget(budgetMs)
    const sender = this.transport.within(budget, true, limits)
    return {
      checkout: this.buildCheckout(this.resolved, this.logger, sender, budget, limits),
      installments: this.buildInstallments(this.resolved, this.logger, sender, budget, limits),
    }
  }

  /**
   * This client with other attempt limits for one kind of use (a background job's fewer retries,
   * an admin check's short timeout), token requests included. Same sockets and SAME token cache:
   * a shared client hands every user the one token, whatever limits each user needs.
   */
  tuned(limits: AttemptLimits): TbcClientView {
    const sender = this.transport.limited(limits)
    return {
      checkout: this.buildCheckout(this.resolved, this.logger, sender, undefined, limits),
      installments: this.buildInstallments(this.resolved, this.logger, sender, undefined, limits),
      within: (budgetMs) => this.within(budgetMs, limits),
    }
  }

  /** Frees the keep-alive sockets and forgets the cached tokens. */
  close(): void {
    this.transport.close()
    this.tokenCache.clear()
  }

  private buildCheckout(
    o: ResolvedClientOptions,
    logger: TbcLogger | undefined,
    sender: RequestSender,
    budget?: RequestBudget,
    limits: AttemptLimits = {}
  ): CheckoutClient {
    const creds = o.checkout
    if (!creds) {
      return unconfiguredArea<CheckoutClient>("checkout", CHECKOUT_CALLS)
    }
    const tokens = this.tokenSource(
      checkoutTokenKey(o.baseUrl, creds),
      (t) => fetchCheckoutToken(t, creds),
      budget,
      limits
    )
    return new CheckoutApiClient({
      transport: sender,
      tokens,
      logger,
      apiKey: creds.apiKey,
      activatedMethods: o.activatedMethods,
    })
  }

  private buildInstallments(
    o: ResolvedClientOptions,
    logger: TbcLogger | undefined,
    sender: RequestSender,
    budget?: RequestBudget,
    limits: AttemptLimits = {}
  ): InstallmentsClient {
    const creds = o.installments
    if (!creds) {
      return unconfiguredArea<InstallmentsClient>("installments", INSTALLMENTS_CALLS)
    }
    return new InstallmentsApiClient({
      transport: sender,
      tokens: this.oauthTokens(o.baseUrl, creds, "online_installments", budget, limits),
      logger,
      merchantKey: creds.merchantKey,
      baseUrl: o.baseUrl,
    })
  }

  private buildMortgages(o: ResolvedClientOptions, logger?: TbcLogger): MortgagesClient {
    const creds = o.mortgages
    if (!creds) {
      return unconfiguredArea<MortgagesClient>("mortgages", MORTGAGES_METHODS)
    }
    return new MortgagesApiClient({
      transport: this.transport,
      tokens: this.oauthTokens(o.baseUrl, creds, "online_mortgages"),
      logger,
    })
  }

  /** The cached OAuth tokens of one credential set and scope (installments and mortgages alike). */
  private oauthTokens(
    baseUrl: string,
    creds: OAuthCredentials,
    scope: OAuthScope,
    budget?: RequestBudget,
    limits: AttemptLimits = {}
  ): TokenSource {
    return this.tokenSource(
      oauthTokenKey(baseUrl, creds, scope),
      (t) => fetchOAuthToken(t, creds, scope),
      budget,
      limits
    )
  }

  /**
   * Tokens from the shared cache. Inside a budget the token endpoint gets one attempt within the
   * budget, and waiting for a fetch another caller started ends when the budget does.
   */
  private tokenSource(
    key: string,
    fetch: (sender: RequestSender) => Promise<IssuedToken>,
    budget?: RequestBudget,
    limits: AttemptLimits = {}
  ): TokenSource {
    if (!budget) return cachedTokenSource(this.tokenCache, key, () => fetch(this.transport.limited(limits)))
    const fetchOnce = () => fetch(this.transport.within(budget, false, limits))
    const cached = cachedTokenSource(this.tokenCache, key, fetchOnce)
    return { ...cached, get: () => budget.race(cached.get(), "access token") }
  }
}
