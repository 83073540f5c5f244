import fc from "fast-check"
import {
  SEAL_PREFIX,
  SEAL_TTL_MS,
  SavedCardSealError,
  openSavedCardSeal,
  sealSavedCard,
  type SavedCardSealContent,
} from "../saved-cards/saved-card-seal"

const SECRET = "sandbox-client-secret"
const NOW = 1_800_000_000_000
const content = (over: Partial<SavedCardSealContent> = {}): SavedCardSealContent => ({
  savedCardId: "tbccard_01",
  recId: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
  customerId: "cus_A",
  issuedAt: NOW,
  ...over,
})

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error) {
    return error instanceof SavedCardSealError ? error.reason : `not a seal error: ${String(error)}`
  }
  return undefined
}

describe("saved card seal", () => {
  it("round-trips the content for the owning customer", () => {
    const seal = sealSavedCard(content(), SECRET)
    expect(seal.startsWith(SEAL_PREFIX)).toBe(true)
    expect(openSavedCardSeal(seal, SECRET, { customerId: "cus_A", now: NOW + 1000 })).toEqual(content())
  })

  it("carries a merchant-initiated charge inside the seal; a checkout's seal carries none", () => {
    const merchant = sealSavedCard(content({ initiator: "merchant" }), SECRET)
    expect(openSavedCardSeal(merchant, SECRET, { customerId: "cus_A", now: NOW })).toEqual(
      content({ initiator: "merchant" })
    )
    const checkout = openSavedCardSeal(sealSavedCard(content(), SECRET), SECRET, { customerId: "cus_A", now: NOW })
    expect(checkout).not.toHaveProperty("initiator")
  })

  it("never shows the recId, card id or customer in the sealed string", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 8, maxLength: 20 }).map((bytes) => Buffer.from(bytes).toString("hex")),
        fc.string({ minLength: 4 }),
        (recId, cid) => {
          const seal = sealSavedCard(content({ recId, customerId: cid }), SECRET)
          expect(seal).not.toContain(recId)
          expect(seal.includes(Buffer.from(recId).toString("base64url"))).toBe(false)
          expect(openSavedCardSeal(seal, SECRET, { customerId: cid, now: NOW }).recId).toBe(recId)
        }
      ),
      { numRuns: 200 }
    )
  })

  it("is different every time (random IV), so equal cards are not linkable", () => {
    expect(sealSavedCard(content(), SECRET)).not.toBe(sealSavedCard(content(), SECRET))
  })

  it("refuses another customer, a missing customer, an expired seal and another key", () => {
    const seal = sealSavedCard(content(), SECRET)
    expect(reasonOf(() => openSavedCardSeal(seal, SECRET, { customerId: "cus_B", now: NOW }))).toBe("wrong_customer")
    expect(reasonOf(() => openSavedCardSeal(seal, SECRET, { customerId: undefined, now: NOW }))).toBe("wrong_customer")
    expect(reasonOf(() => openSavedCardSeal(seal, SECRET, { customerId: "cus_A", now: NOW + SEAL_TTL_MS + 1 }))).toBe(
      "expired"
    )
    expect(reasonOf(() => openSavedCardSeal(seal, "other-secret", { customerId: "cus_A", now: NOW }))).toBe("forged")
    expect(reasonOf(() => openSavedCardSeal(seal, "", { customerId: "cus_A", now: NOW }))).toBe("no_key")
  })

  it("refuses a raw recId, junk and any single-character tampering", () => {
    expect(reasonOf(() => openSavedCardSeal("a1b2c3d4e5f6", SECRET, { customerId: "cus_A", now: NOW }))).toBe(
      "malformed"
    )
    expect(reasonOf(() => openSavedCardSeal({ recId: "x" }, SECRET, { customerId: "cus_A", now: NOW }))).toBe(
      "malformed"
    )
    const seal = sealSavedCard(content(), SECRET)
    fc.assert(
      fc.property(fc.integer({ min: SEAL_PREFIX.length, max: seal.length - 1 }), (index) => {
        const swapped = seal[index] === "A" ? "B" : "A"
        const tampered = seal.slice(0, index) + swapped + seal.slice(index + 1)
        // base64url's last char may carry unused bits; a change that decodes to the same bytes is not tampering
        if (
          Buffer.from(tampered.slice(SEAL_PREFIX.length), "base64url").equals(
            Buffer.from(seal.slice(SEAL_PREFIX.length), "base64url")
          )
        ) {
          return
        }
        expect(["forged", "malformed"]).toContain(
          reasonOf(() => openSavedCardSeal(tampered, SECRET, { customerId: "cus_A", now: NOW }))
        )
      }),
      { numRuns: 300 }
    )
  })

  it("serialises errors without the seal content", () => {
    const seal = sealSavedCard(content(), SECRET)
    try {
      openSavedCardSeal(seal, SECRET, { customerId: "cus_B", now: NOW })
      throw new Error("expected a refusal")
    } catch (error) {
      const json = JSON.stringify(error)
      expect(json).not.toContain(content().recId)
      expect(json).not.toContain(SECRET)
    }
  })
})
