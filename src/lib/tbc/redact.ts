import { createHash } from "node:crypto"

/**
 * Secret hygiene for the bank client.
 *
 * Why a registry of literal secrets and not just "don't log headers": the bank (or a proxy in
 * front of it) may echo parts of our request back in an error body, and that body ends up in
 * TbcApiError.problem / a log line. Every string that leaves the client through an error is
 * passed through `redact`, which replaces every known secret (configured keys and secrets,
 * plus access tokens as they are issued) by a marker.
 */

export const REDACTED = "[REDACTED]"

/** Secrets shorter than this are not scrubbed from text: replacing "a" everywhere would mangle words. */
const MIN_SECRET_LENGTH = 4
/** Access tokens are remembered only while they can still be in use; older ones are dropped. */
const MAX_REMEMBERED_TOKENS = 32

export class SecretRedactor {
  private readonly fixed: string[]
  private readonly tokens: string[] = []
  private longestFirst?: string[]

  constructor(secrets: Array<string | undefined>) {
    this.fixed = secrets.filter((s): s is string => typeof s === "string" && s.length >= MIN_SECRET_LENGTH)
  }

  /** Remember an access token so that it is scrubbed too. */
  addToken(token: string): void {
    if (token.length < MIN_SECRET_LENGTH || this.tokens.includes(token)) {
      return
    }
    this.tokens.push(token)
    this.longestFirst = undefined
    if (this.tokens.length > MAX_REMEMBERED_TOKENS) {
      this.tokens.shift()
    }
  }

  redact(text: string): string {
    let out = text
    // longest first, so a secret that contains another is replaced whole (sorted once per change)
    this.longestFirst ??= [...this.fixed, ...this.tokens].sort((a, b) => b.length - a.length)
    for (const secret of this.longestFirst) {
      if (out.includes(secret)) {
        out = out.split(secret).join(REDACTED)
      }
    }
    // Basic auth headers carry base64 of "key:secret", which no literal above matches
    return out.replace(/(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/gi, `$1 ${REDACTED}`)
  }

  /** Redacts a value that may be a string; other values pass through unchanged. */
  redactOptional<T>(value: T): T {
    return (typeof value === "string" ? this.redact(value) : value) as T
  }
}

/**
 * A stable, non-reversible cache key for a credential set: the token cache must not hold
 * secrets in clear as map keys (heap dumps, debug printing of the map).
 */
export function credentialCacheKey(...parts: string[]): string {
  const hash = createHash("sha256")
  for (const part of parts) {
    // length-prefix every part so ("ab","c") and ("a","bc") never collide
    hash.update(`${part.length}:${part};`)
  }
  return hash.digest("hex")
}

/** A short, single-line excerpt of a non-JSON body for an error message. */
export function bodySnippet(text: string, max = 200): string {
  const oneLine = text.replace(/\s+/g, " ").trim()
  return oneLine.length > max ? `${oneLine.slice(0, max)}…` : oneLine
}
