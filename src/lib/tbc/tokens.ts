import { z } from "zod/v4"
import { TbcApiError } from "./errors"
import { credentialCacheKey, type SecretRedactor } from "./redact"
import { looseNumber, looseString, readBody, tolerant } from "./responses"
import { checkoutTokenLifetimeMs, oauthTokenLifetimeMs, type IssuedToken, type TokenCache } from "./token-cache"
import { route, type RequestSender, type TransportRequest, type TransportResponse } from "./transport"
import type { CheckoutCredentials, OAuthCredentials, TbcLogger } from "./types"

/**
 * Where access tokens come from (the two token endpoints) and how a resource call uses one:
 * `sendWithToken` gets a cached token, and on a 401 forgets exactly that token, gets a new one
 * and repeats the call once. Repeating is safe even for mutations: a 401 means the bank
 * refused the request before acting on it.
 */

export type OAuthScope = "online_installments" | "online_mortgages"

const CHECKOUT_TOKEN_ROUTE = route("POST", "/v1/tpay/access-token")
const OAUTH_TOKEN_ROUTE = route("POST", "/oauth/token")
/** Used when an OAuth answer has no readable expires_in: short, so a bad guess costs little. */
const FALLBACK_OAUTH_LIFETIME_MS = 5 * 60 * 1000

const accessTokenSchema = z.string().trim().min(1, "must be a non-empty string")

const checkoutTokenSchema = z.object({
  access_token: accessTokenSchema,
  token_type: tolerant(z.string()),
  expires_in: looseNumber,
})

const oauthTokenSchema = z.object({
  access_token: accessTokenSchema,
  token_type: tolerant(z.string()),
  scope: tolerant(z.string()),
  // documented as an integer, sampled as a millisecond string: both are read, neither is needed
  issued_at: tolerant(looseString),
  expires_in: tolerant(looseNumber),
})

/** Something that hands out a valid token and can be told that one was rejected. */
export interface TokenSource {
  get(): Promise<string>
  invalidate(token: string): void
  /** a token fetched now, bypassing the cache: proves the credentials work at this moment */
  fetchFresh(): Promise<IssuedToken>
}

/** A TokenSource over the shared per-client cache, one entry per credential set + scope. */
export function cachedTokenSource(cache: TokenCache, key: string, fetchToken: () => Promise<IssuedToken>): TokenSource {
  return {
    get: () => cache.get(key, fetchToken),
    invalidate: (token) => cache.invalidate(key, token),
    fetchFresh: fetchToken,
  }
}

export function checkoutTokenKey(baseUrl: string, c: CheckoutCredentials): string {
  return credentialCacheKey("checkout", baseUrl, c.apiKey, c.clientId, c.clientSecret)
}

export function oauthTokenKey(baseUrl: string, c: OAuthCredentials, scope: OAuthScope): string {
  return credentialCacheKey("oauth", baseUrl, c.apiKey, c.apiSecret, scope)
}

/** The Basic credential of the OAuth endpoint; also registered with the redactor as a secret. */
export function basicCredential(c: OAuthCredentials): string {
  return Buffer.from(`${c.apiKey}:${c.apiSecret}`, "utf8").toString("base64")
}

/** POST /v1/tpay/access-token: header apikey, form client_id + client_secret; expires_in in seconds. */
export async function fetchCheckoutToken(transport: RequestSender, c: CheckoutCredentials): Promise<IssuedToken> {
  const res = await transport.request({
    route: CHECKOUT_TOKEN_ROUTE,
    retry: "idempotent",
    headers: { apikey: c.apiKey },
    form: { client_id: c.clientId, client_secret: c.clientSecret },
  })
  const body = readTokenBody(checkoutTokenSchema, res, CHECKOUT_TOKEN_ROUTE.operation, transport.redactor)
  return { accessToken: body.access_token, lifetimeMs: checkoutTokenLifetimeMs(body.expires_in) }
}

/** POST /oauth/token: Basic(apiKey:apiSecret), form grant_type=client_credentials + scope. */
export async function fetchOAuthToken(
  transport: RequestSender,
  c: OAuthCredentials,
  scope: OAuthScope
): Promise<IssuedToken> {
  const res = await transport.request({
    route: OAUTH_TOKEN_ROUTE,
    retry: "idempotent",
    headers: { Authorization: `Basic ${basicCredential(c)}` },
    form: { grant_type: "client_credentials", scope },
  })
  const body = readTokenBody(oauthTokenSchema, res, OAUTH_TOKEN_ROUTE.operation, transport.redactor)
  const lifetimeMs = body.expires_in === undefined ? FALLBACK_OAUTH_LIFETIME_MS : oauthTokenLifetimeMs(body.expires_in)
  return { accessToken: body.access_token, lifetimeMs }
}

/**
 * Reads a token answer and registers the token with the redactor BEFORE anything else can
 * quote it. A readable token with an unreadable rest still counts as unreadable (the token is
 * registered anyway, since it may appear in the error's neighbourhood).
 */
function readTokenBody<T extends z.ZodType>(
  schema: T,
  res: TransportResponse,
  operation: string,
  redactor: SecretRedactor
): z.output<T> {
  const token = (res.body as { access_token?: unknown } | undefined)?.access_token
  if (typeof token === "string") {
    redactor.addToken(token.trim())
  }
  return readBody(schema, res.body, { operation, status: res.status })
}

/**
 * Sends a resource call with `Authorization: Bearer <token>` added to its headers; on a 401 the
 * token is dropped and the call is repeated once with a fresh one. A second 401 is returned to
 * the caller as it is.
 */
export async function sendWithToken(
  transport: RequestSender,
  tokens: TokenSource,
  request: TransportRequest,
  logger?: TbcLogger
): Promise<TransportResponse> {
  const withToken = (token: string): TransportRequest => ({
    ...request,
    headers: { ...request.headers, Authorization: `Bearer ${token}` },
  })
  const token = await tokens.get()
  try {
    return await transport.request(withToken(token))
  } catch (error) {
    if (!(error instanceof TbcApiError && error.status === 401)) {
      throw error
    }
    tokens.invalidate(token)
    logger?.debug(`TBC ${request.route.operation}: 401, refreshing the access token and retrying once`)
    return transport.request(withToken(await tokens.get()))
  }
}
