/** Random identifiers shaped like the bank's (payId like "6azzo13uw5u2116332", GUID sessionIds). */
import { randomBytes, randomInt, randomUUID } from "node:crypto"

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz"

function randomBase36(length: number): string {
  const bytes = randomBytes(length)
  let out = ""
  for (const byte of bytes) {
    out += BASE36[byte % 36]
  }
  return out
}

export const newPayId = (): string => randomBase36(18)
export const newRecId = (): string => randomBytes(16).toString("hex")
export const newSessionId = (): string => randomUUID()
export const newToken = (): string => randomBytes(24).toString("base64url")
export const newSyncId = (): string => randomUUID()
export const newTransactionId = (): string => String(randomInt(100_000_000, 999_999_999))
export const newRrn = (): string => String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999))
