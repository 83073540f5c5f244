import fc from "fast-check"
import { propertyRuns } from "../../__tests__/property-runs"
import { resolveBaseUrl } from "../client"
import { REDACTED, SecretRedactor } from "../redact"
import {
  MAX_TOKEN_LIFETIME_MS,
  OAUTH_SECONDS_THRESHOLD,
  checkoutTokenLifetimeMs,
  oauthTokenLifetimeMs,
} from "../token-cache"

/** Pure rules of the client, checked on many generated inputs. */

const RUNS = { numRuns: propertyRuns(1000) }

describe("token lifetimes", () => {
  it("never trust a token longer than 24 h, never negative, whatever expires_in says", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), (expiresIn) => {
        for (const lifetime of [oauthTokenLifetimeMs(expiresIn), checkoutTokenLifetimeMs(expiresIn)]) {
          expect(lifetime).toBeGreaterThanOrEqual(0)
          expect(lifetime).toBeLessThanOrEqual(MAX_TOKEN_LIFETIME_MS)
        }
      }),
      RUNS
    )
  })

  it("OAuth: small values are seconds, larger ones milliseconds (monotone inside each reading)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: OAUTH_SECONDS_THRESHOLD }), (s) => {
        expect(oauthTokenLifetimeMs(s)).toBe(Math.min(s * 1000, MAX_TOKEN_LIFETIME_MS))
      }),
      RUNS
    )
    fc.assert(
      fc.property(fc.integer({ min: OAUTH_SECONDS_THRESHOLD + 1, max: 2 ** 40 }), (ms) => {
        expect(oauthTokenLifetimeMs(ms)).toBe(Math.min(ms, MAX_TOKEN_LIFETIME_MS))
      }),
      RUNS
    )
  })
})

describe("redaction", () => {
  const hex = fc.stringMatching(/^[0-9a-f]{4,40}$/)

  it("no configured secret or registered token survives redact(), wherever it is embedded", () => {
    fc.assert(
      fc.property(hex, hex, fc.array(fc.string(), { minLength: 1, maxLength: 5 }), (secret, token, parts) => {
        const r = new SecretRedactor([secret])
        r.addToken(token)
        const text = parts.join(secret) + token + parts.join(`Bearer ${token}`)
        const out = r.redact(text)
        expect(out).not.toContain(secret)
        expect(out).not.toContain(token)
        if (parts.length > 1 || text.includes(secret)) expect(out).toContain(REDACTED)
      }),
      RUNS
    )
  })

  it("text without secrets is left unchanged", () => {
    fc.assert(
      fc.property(hex, fc.stringMatching(/^[G-Zg-z ,.:]{0,80}$/), (secret, text) => {
        expect(new SecretRedactor([secret]).redact(text)).toBe(text)
      }),
      RUNS
    )
  })
})

describe("resolveBaseUrl", () => {
  it("any https URL resolves to itself without trailing slashes; plain http only to loopback; other strings throw naming environment", () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ["https"] }), (url) => {
        const resolved = resolveBaseUrl(url)
        expect(resolved.endsWith("/")).toBe(false)
        expect(url.startsWith(resolved)).toBe(true)
      }),
      RUNS
    )
    // plain http would carry the API key and client secret in clear: loopback (the sandbox) only
    expect(resolveBaseUrl("http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010")
    fc.assert(
      fc.property(
        fc.webUrl({ validSchemes: ["http"] }).filter((url) => !/^http:\/\/(localhost|127\.|\[::1\])/i.test(url)),
        (url) => {
          expect(() => resolveBaseUrl(url)).toThrow(/environment/)
        }
      ),
      RUNS
    )
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^https?:\/\//i.test(s.trim()) && s !== "test" && s !== "production"),
        (s) => {
          expect(() => resolveBaseUrl(s)).toThrow(/environment/)
        }
      ),
      RUNS
    )
  })
})
