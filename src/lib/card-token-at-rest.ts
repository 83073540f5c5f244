/**
 * Saved-card tokens (the bank's recId: with our credentials, anyone holding it can charge the
 * card) sealed at rest in tbc_saved_card.rec_id, and the keyed hash that finds a card by its
 * token without storing it in clear.
 *
 * - seal: AES-256-GCM, key derived (HKDF-SHA256) from the checkout provider's `cardTokenSecret`
 *   (default its clientSecret), random IV, "tbcrec1." prefix; a database dump alone does not
 *   give the tokens;
 * - hash: HMAC-SHA256 under another derived key: deterministic, so it carries the uniqueness
 *   ("one bank token is one row") and the lookup of the recording;
 * - rows written before sealing hold the token in plain text: `openCardToken` returns such a
 *   value as it is (read both, write sealed), and the retention job re-seals them.
 *
 * Pure (node:crypto only).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "crypto"

export const CARD_TOKEN_PREFIX = "tbcrec1."
const HKDF_SALT = "medusa-payment-tbc"
const AAD = Buffer.from("medusa-payment-tbc/card-token-at-rest/v1")
const IV_BYTES = 12
const TAG_BYTES = 16

export class CardTokenError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "CardTokenError"
  }
}

function key(secret: string, info: string): Buffer {
  if (typeof secret !== "string" || secret === "") {
    throw new CardTokenError(
      "saved cards need the checkout provider's clientSecret (or cardTokenSecret) to seal card tokens"
    )
  }
  return Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, info, 32))
}

/** Whether a stored rec_id is sealed (else it is a plain token from before sealing, or null). */
export function isSealedCardToken(stored: string | null | undefined): boolean {
  return typeof stored === "string" && stored.startsWith(CARD_TOKEN_PREFIX)
}

export function sealCardToken(recId: string, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv("aes-256-gcm", key(secret, "card-token-at-rest/v1"), iv)
  cipher.setAAD(AAD)
  const body = Buffer.concat([cipher.update(Buffer.from(recId, "utf8")), cipher.final(), cipher.getAuthTag()])
  return CARD_TOKEN_PREFIX + Buffer.concat([iv, body]).toString("base64url")
}

/** The token of a stored rec_id: opened when sealed, as it is when plain (rows from before). */
export function openCardToken(stored: string, secret: string): string {
  if (!isSealedCardToken(stored)) return stored
  const raw = Buffer.from(stored.slice(CARD_TOKEN_PREFIX.length), "base64url")
  if (raw.length < IV_BYTES + TAG_BYTES + 1) {
    throw new CardTokenError("a stored card token is damaged")
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(secret, "card-token-at-rest/v1"), raw.subarray(0, IV_BYTES))
    decipher.setAAD(AAD)
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]).toString(
      "utf8"
    )
  } catch {
    throw new CardTokenError(
      "a stored card token cannot be opened with this key (was cardTokenSecret or clientSecret changed?)"
    )
  }
}

/** Keyed hash of a token: finds and de-duplicates cards without the token in clear. */
export function cardTokenHash(recId: string, secret: string): string {
  return createHmac("sha256", key(secret, "card-token-lookup/v1")).update(recId, "utf8").digest("hex")
}
