/**
 * How a bank callback proves where it came from and which Medusa session it is about.
 *
 * The callback body is only `{"PaymentId"}` and anyone can POST to the public hook URL, so:
 * 1. Source: the app-side middleware (src/api/tbc-middlewares/callbacks.ts) stamps the socket's
 *    remote address (X-Forwarded-For only when that address is one of the `trustProxy` proxies)
 *    into CALLBACK_HEADERS.source
 *    after deleting whatever the caller sent under our header names; the provider accepts only
 *    addresses in `callbackAllowlist` and rejects when the stamp is missing (fail closed).
 * 2. Pairing: the callbackUrl given to the bank carries the session id and an HMAC of it
 *    (`?s=<session>&sig=<hmac>`), keyed by a key derived from clientSecret. Only the bank knows
 *    that URL, so a forged callback cannot name another session; the middleware moves both
 *    values into stamped headers and the provider verifies the HMAC.
 *
 * Pure apart from node:crypto/node:net; shared by the provider and the middleware.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from "node:crypto"
import { isIP } from "node:net"
import { joinUrl } from "../../common"

/** Headers the middleware stamps (lower case, as Node presents them). */
export const CALLBACK_HEADERS = {
  source: "x-tbc-callback-source",
  session: "x-tbc-callback-session",
  signature: "x-tbc-callback-signature",
  /** a per-request id, so the provider's verdict can be looked up once more by the log subscriber */
  receipt: "x-tbc-callback-receipt",
} as const
/** Every header starting with this is ours and is deleted from incoming requests. */
export const CALLBACK_HEADER_PREFIX = "x-tbc-callback-"

export const CALLBACK_QUERY = { session: "s", signature: "sig" } as const

const KEY_LABEL = "medusa-payment-tbc/checkout-callback-signature/v1"

/**
 * The HMAC key: derived, so the client secret itself never signs anything visible. The keys are
 * kept as KeyObjects (a registration signs every session with the same secret, and verifies with
 * at most one previous one during a rotation): deriving and importing the key was most of a
 * signature's cost. At most a few are kept; they reference the secrets the options hold.
 */
const keys = new Map<string, KeyObject>()
function signingKey(clientSecret: string): KeyObject {
  let key = keys.get(clientSecret)
  if (!key) {
    if (keys.size >= 8) keys.clear()
    key = createSecretKey(createHmac("sha256", clientSecret).update(KEY_LABEL).digest())
    keys.set(clientSecret, key)
  }
  return key
}

/** base64url HMAC-SHA256 of "<registrationId>:<sessionId>". */
export function signSession(clientSecret: string, registrationId: string, sessionId: string): string {
  return createHmac("sha256", signingKey(clientSecret)).update(`${registrationId}:${sessionId}`).digest("base64url")
}

export function verifySessionSignature(
  clientSecret: string,
  registrationId: string,
  sessionId: unknown,
  signature: unknown
): boolean {
  if (typeof sessionId !== "string" || typeof signature !== "string" || sessionId === "" || signature === "") {
    return false
  }
  const expected = Buffer.from(signSession(clientSecret, registrationId, sessionId))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * Medusa's webhook path of a checkout service of this registration: `tbc-checkout` (all methods,
 * the dashboard's callback URL) or a per-method one (`tbc-card`, `tbc-apple-pay`, …), so Medusa
 * hands each callback to the service whose session it is.
 */
export function webhookPath(registrationId: string, identifier = "tbc-checkout"): string {
  return `/hooks/payment/${identifier}_${registrationId}`
}

/**
 * `<storeUrl>/hooks/payment/<identifier>_<id>?s=<session>&sig=<hmac>`. The signature covers the
 * registration and the session (not the identifier): every service of a registration verifies it
 * with the same secret, and the session's ledger entry pairs it with its payment.
 */
export function callbackUrlFor(
  storeUrl: string,
  registrationId: string,
  clientSecret: string,
  sessionId: string,
  identifier?: string
): string {
  const url = new URL(joinUrl(storeUrl, webhookPath(registrationId, identifier)))
  url.searchParams.set(CALLBACK_QUERY.session, sessionId)
  url.searchParams.set(CALLBACK_QUERY.signature, signSession(clientSecret, registrationId, sessionId))
  return url.toString()
}

/** "::ffff:1.2.3.4" → "1.2.3.4"; trims; undefined when not an IP address. */
export function normalizeAddress(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined
  let address = value.trim()
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) address = mapped[1]
  if (isIP(address) === 0) return undefined
  return address.toLowerCase()
}

export function isAllowedSource(address: unknown, allowlist: readonly string[]): boolean {
  const normalized = normalizeAddress(address)
  if (!normalized) return false
  return allowlist.some((allowed) => normalizeAddress(allowed) === normalized)
}

/**
 * The address a callback came from. X-Forwarded-For is read only when the direct peer (the
 * socket's remote address) is one of the store's own proxies (`trustProxy`), since anyone else
 * can write that header. Then the hops are read from the right, skipping the store's own proxies
 * (a chain of them), and the first other address is the source: hops left of it are whatever the
 * caller wrote. Without a trusted peer, or without the header, the source is the socket address.
 */
export function callbackSourceAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: readonly string[]
): string | undefined {
  const peer = normalizeAddress(socketAddress)
  if (!peer || forwardedFor === undefined || !isAllowedSource(peer, trustedProxies)) return peer
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor
  const hops = joined
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean)
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = normalizeAddress(hops[index])
    // an unreadable hop ends the trusted chain: nothing left of it can be believed
    if (!hop) return undefined
    if (!isAllowedSource(hop, trustedProxies)) return hop
  }
  // every hop is one of our proxies: the request started at a proxy
  return normalizeAddress(hops[0]) ?? peer
}

/** A header value as one string (first of a list), or undefined. */
export function headerValue(headers: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = headers?.[name]
  if (typeof value === "string") return value
  if (Array.isArray(value) && typeof value[0] === "string") return value[0]
  return undefined
}
