/**
 * Access-token cache: one entry per (credential set, scope), keyed by a hash (see
 * `credentialCacheKey`), refreshed shortly before expiry, single-flight (concurrent callers
 * with a cold or stale entry share ONE token request), per client instance (never static:
 * two merchants in one process must not share tokens).
 */

/** A token as issued, with the lifetime we decided to trust (see the lifetime functions). */
export interface IssuedToken {
  accessToken: string
  lifetimeMs: number
}

/** No token is trusted longer than this, whatever expires_in claims; a 401 refreshes anyway. */
export const MAX_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000
/** Refresh this long before expiry at most... */
const MAX_REFRESH_LEAD_MS = 60_000
/** ...or 10 % of the lifetime for short-lived tokens. */
const REFRESH_LEAD_SHARE = 0.1
/**
 * OAuth `expires_in` values up to this are read as SECONDS although the spec says milliseconds:
 * read as ms they would mean a token that lives at most 86 s, which no bank issues, while read as
 * seconds they are the usual "up to one day". Apigee (which fronts the bank) emits seconds.
 */
export const OAUTH_SECONDS_THRESHOLD = 86_400

function capLifetime(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) {
    return 0
  }
  return Math.min(ms, MAX_TOKEN_LIFETIME_MS)
}

/**
 * Lifetime of an OAuth (installments/mortgages) token from `expires_in`. Documented in ms;
 * small values are taken as seconds (see OAUTH_SECONDS_THRESHOLD); capped at 24 h. A wrong
 * guess either way is harmless: too short costs an extra token call, too long is caught by
 * the 24 h cap and the refresh-on-401.
 */
export function oauthTokenLifetimeMs(expiresIn: number): number {
  return capLifetime(expiresIn <= OAUTH_SECONDS_THRESHOLD ? expiresIn * 1000 : expiresIn)
}

/** Lifetime of a checkout token: `expires_in` is in seconds; capped at 24 h (a ms value would mean years). */
export function checkoutTokenLifetimeMs(expiresInSeconds: number): number {
  return capLifetime(expiresInSeconds * 1000)
}

interface CachedToken {
  accessToken: string
  /** after this instant the entry is refreshed before use */
  refreshAt: number
}

export class TokenCache {
  private readonly entries = new Map<string, CachedToken>()
  private readonly inFlight = new Map<string, Promise<string>>()

  constructor(private readonly now: () => number = Date.now) {}

  /** A valid token for `key`, fetching one (once, for all concurrent callers) when needed. */
  get(key: string, fetchToken: () => Promise<IssuedToken>): Promise<string> {
    const cached = this.entries.get(key)
    if (cached && this.now() < cached.refreshAt) {
      return Promise.resolve(cached.accessToken)
    }
    const pending = this.inFlight.get(key)
    if (pending) {
      return pending
    }
    const fetching = this.fetchAndStore(key, fetchToken).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, fetching)
    return fetching
  }

  /**
   * Forgets `token` after the bank rejected it (401). Only that token: if another caller has
   * already replaced it, the fresh one stays.
   */
  invalidate(key: string, token: string): void {
    if (this.entries.get(key)?.accessToken === token) {
      this.entries.delete(key)
    }
  }

  clear(): void {
    this.entries.clear()
  }

  private async fetchAndStore(key: string, fetchToken: () => Promise<IssuedToken>): Promise<string> {
    // the clock starts before the request: the bank's lifetime started no later than that
    const requestedAt = this.now()
    const issued = await fetchToken()
    const lifetime = capLifetime(issued.lifetimeMs)
    if (lifetime > 0) {
      const lead = Math.min(MAX_REFRESH_LEAD_MS, lifetime * REFRESH_LEAD_SHARE)
      this.entries.set(key, { accessToken: issued.accessToken, refreshAt: requestedAt + lifetime - lead })
    } else {
      // unusable lifetime: hand it to the callers that waited, but do not keep it
      this.entries.delete(key)
    }
    return issued.accessToken
  }
}
