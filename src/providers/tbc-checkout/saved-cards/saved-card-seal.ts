/**
 * Sealing of a saved card's bank token (recId) for the trip through `payment_sessions.data`.
 *
 * Why: the storefront can read `payment_sessions.data`, and a recId is a card token (anyone who
 * holds it and our credentials can charge the card). The app-side middleware checks that the card
 * belongs to the logged-in customer and hands the provider the recId SEALED: AES-256-GCM with a key
 * derived (HKDF-SHA256) from the provider's clientSecret, which both sides read from the same
 * options. The storefront sees only ciphertext it can neither read nor forge; the provider accepts a
 * recId only from a seal it can open, never a raw one.
 *
 * The seal binds the customer (the provider compares it with the authenticated customer Medusa
 * passes in `context.customer`) and carries its issue time (it expires after SEAL_TTL_MS), so a
 * copied seal is worthless to anyone else and goes stale.
 *
 * Pure (node:crypto only), no I/O.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "crypto"

/** Prefix and version of a seal string; a new format gets a new prefix. */
export const SEAL_PREFIX = "tbcsc1."
/** A payment session lives for a checkout; a day is plenty and bounds a leaked seal's life. */
export const SEAL_TTL_MS = 24 * 60 * 60 * 1000

const HKDF_SALT = "medusa-payment-tbc"
const HKDF_INFO = "saved-card-seal/v1"
/** Authenticated but not encrypted: ties the ciphertext to this purpose and format. */
const AAD = Buffer.from("medusa-payment-tbc/saved-card/v1")
const IV_BYTES = 12
const TAG_BYTES = 16

/** What a seal carries. */
export interface SavedCardSealContent {
  /** our SavedCard id */
  savedCardId: string
  /** the bank token */
  recId: string
  /** the Medusa customer the card belongs to */
  customerId: string
  /** when the middleware sealed it (ms since epoch) */
  issuedAt: number
  /**
   * "merchant": the store charges the card without the customer (an order's balance, sealed by
   * the admin's workflow, src/workflows/saved-cards/charge-balance.ts, only for a card saved with
   * the customer's consent); absent: the customer pays at checkout. Inside the seal, so no
   * storefront can turn its own checkout into a merchant-initiated charge or the reverse.
   */
  initiator?: "merchant"
}

/** Why a seal was refused; the message never contains the seal's content or the key. */
export class SavedCardSealError extends Error {
  constructor(
    readonly reason: "malformed" | "forged" | "expired" | "wrong_customer" | "no_key",
    message: string
  ) {
    super(message)
    this.name = "SavedCardSealError"
  }
  toJSON(): Record<string, unknown> {
    return { name: this.name, reason: this.reason, message: this.message }
  }
}

function keyFrom(secret: string): Buffer {
  if (typeof secret !== "string" || secret.length === 0) {
    throw new SavedCardSealError("no_key", "saved cards need the provider's clientSecret to seal card tokens")
  }
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32))
}

/** Seals a card token for the session data. `secret` is the provider's clientSecret. */
export function sealSavedCard(content: SavedCardSealContent, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv)
  cipher.setAAD(AAD)
  const plain = Buffer.from(
    JSON.stringify({
      s: content.savedCardId,
      r: content.recId,
      c: content.customerId,
      t: content.issuedAt,
      ...(content.initiator ? { i: content.initiator } : {}),
    })
  )
  const body = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()])
  return SEAL_PREFIX + Buffer.concat([iv, body]).toString("base64url")
}

export interface OpenSealOptions {
  /** the authenticated customer who must own the card */
  customerId: string | undefined
  /** now, ms; injectable for tests */
  now?: number
  ttlMs?: number
}

/**
 * Opens a seal made by `sealSavedCard` with the same secret, and checks it is fresh and belongs
 * to `customerId`. Throws SavedCardSealError otherwise.
 */
export function openSavedCardSeal(seal: unknown, secret: string, opts: OpenSealOptions): SavedCardSealContent {
  const content = decrypt(seal, secret)
  const now = opts.now ?? Date.now()
  const ttl = opts.ttlMs ?? SEAL_TTL_MS
  if (now - content.issuedAt > ttl || content.issuedAt - now > 60_000) {
    throw new SavedCardSealError("expired", "the saved card selection has expired; create the payment session again")
  }
  if (!opts.customerId || opts.customerId !== content.customerId) {
    throw new SavedCardSealError("wrong_customer", "the saved card does not belong to the logged-in customer")
  }
  return content
}

function decrypt(seal: unknown, secret: string): SavedCardSealContent {
  if (typeof seal !== "string" || !seal.startsWith(SEAL_PREFIX) || seal.length > 4096) {
    throw new SavedCardSealError("malformed", "the saved card reference is not one this store issued")
  }
  const raw = Buffer.from(seal.slice(SEAL_PREFIX.length), "base64url")
  if (raw.length < IV_BYTES + TAG_BYTES + 1) {
    throw new SavedCardSealError("malformed", "the saved card reference is not one this store issued")
  }
  const iv = raw.subarray(0, IV_BYTES)
  const tag = raw.subarray(raw.length - TAG_BYTES)
  const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES)
  let plain: Buffer
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), iv)
    decipher.setAAD(AAD)
    decipher.setAuthTag(tag)
    plain = Buffer.concat([decipher.update(body), decipher.final()])
  } catch (error) {
    if (error instanceof SavedCardSealError) throw error
    throw new SavedCardSealError("forged", "the saved card reference is not one this store issued")
  }
  const parsed = JSON.parse(plain.toString("utf8")) as Record<string, unknown>
  const { s, r, c, t, i } = parsed
  if (typeof s !== "string" || typeof r !== "string" || typeof c !== "string" || typeof t !== "number") {
    throw new SavedCardSealError("malformed", "the saved card reference is not one this store issued")
  }
  if (i !== undefined && i !== "merchant") {
    throw new SavedCardSealError("malformed", "the saved card reference is not one this store issued")
  }
  return { savedCardId: s, recId: r, customerId: c, issuedAt: t, ...(i ? { initiator: i } : {}) }
}
