import fc from "fast-check"
import { CardTokenError, cardTokenHash, isSealedCardToken, openCardToken, sealCardToken } from "../card-token-at-rest"

const SECRET = "client-secret-for-tests"

describe("card tokens sealed at rest", () => {
  it("seal → open gives the token back; the stored value never contains it (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 64 }).filter((s) => !s.startsWith("tbcrec1.")),
        (recId) => {
          const stored = sealCardToken(recId, SECRET)
          expect(isSealedCardToken(stored)).toBe(true)
          expect(stored).not.toContain(recId)
          expect(openCardToken(stored, SECRET)).toBe(recId)
        }
      )
    )
  })

  it("two seals of one token differ (random IV) while the lookup hash is the same and keyed", () => {
    const a = sealCardToken("rec-123", SECRET)
    const b = sealCardToken("rec-123", SECRET)
    expect(a).not.toBe(b)
    expect(cardTokenHash("rec-123", SECRET)).toBe(cardTokenHash("rec-123", SECRET))
    expect(cardTokenHash("rec-123", SECRET)).not.toBe(cardTokenHash("rec-124", SECRET))
    expect(cardTokenHash("rec-123", "another-secret")).not.toBe(cardTokenHash("rec-123", SECRET))
    expect(cardTokenHash("rec-123", SECRET)).not.toContain("rec-123")
  })

  it("reads a plain token from before sealing as it is", () => {
    expect(isSealedCardToken("9f8e7d6c5b4a")).toBe(false)
    expect(openCardToken("9f8e7d6c5b4a", SECRET)).toBe("9f8e7d6c5b4a")
  })

  it("refuses another key or a tampered value, with a message that carries neither token nor key", () => {
    const stored = sealCardToken("rec-secret-1", SECRET)
    expect(() => openCardToken(stored, "another-secret")).toThrow(CardTokenError)
    const tampered = stored.slice(0, -2) + (stored.endsWith("A") ? "BB" : "AA")
    try {
      openCardToken(tampered, SECRET)
      throw new Error("expected a refusal")
    } catch (error) {
      expect(error).toBeInstanceOf(CardTokenError)
      expect(String((error as Error).message)).not.toMatch(/rec-secret-1|client-secret-for-tests/)
    }
    expect(() => sealCardToken("rec", "")).toThrow(/clientSecret/)
  })
})
