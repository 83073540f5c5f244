/**
 * The statement text sent as `extra`: always what the bank accepts (printable ASCII, at most 25
 * characters: the client's own check, src/lib/tbc/validation), always ending with the whole
 * reference, stable per id, Georgian and Russian prefixes transliterated.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import {
  STATEMENT_MAX_LENGTH,
  STATEMENT_REFERENCE_LENGTH,
  STATEMENT_REFERENCE_MIN_LENGTH,
  statementReferenceOf,
  statementText,
  toStatementAscii,
} from "../statement-reference"
import { LIMITS, isAnsOnly } from "../tbc/validation/fields"

const RUNS = { numRuns: propertyRuns(500) }
const ulid = fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/)
const anyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("მაღაზია ვარსკვლავი", "Магазин Щука", "Café Ёлка", "შპს „თბილისი“ 🛒", "  \t\n ")
)

describe("statement reference", () => {
  it("is the id's last 12 letters and digits, upper case, without the id's prefix", () => {
    expect(statementReferenceOf("cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3")).toBe("M4P6R8T0V1W3")
    expect(statementReferenceOf("payses_01ABC")).toBe("01ABC")
    expect(statementText("cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3")).toBe("M4P6R8T0V1W3")
    expect(statementText("cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3", "Shop.ge")).toBe("Shop.ge M4P6R8T0V1W3")
    // the reference gives way to the store's text down to 8 characters; the text keeps at least 16
    expect(statementText("cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3", "SHOP.GE ORDER")).toBe("SHOP.GE ORDER 4P6R8T0V1W3")
    expect(statementText("cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3", "A very long store name indeed")).toBe(
      "A very long stor R8T0V1W3"
    )
    expect(LIMITS.extra).toBe(STATEMENT_MAX_LENGTH)
  })

  it("transliterates Georgian and Russian, drops accents and what is not printable ASCII", () => {
    expect(toStatementAscii("მაღაზია")).toBe("maghazia")
    expect(toStatementAscii("Щука Ёлка")).toBe("Shchuka Elka")
    expect(toStatementAscii("Café 🛒  shop")).toBe("Cafe shop")
    expect(toStatementAscii("йод")).toBe("yod")
  })

  it("is always accepted by the bank: printable ASCII, ≤ 25 characters, ending with 8 to 12 of the reference", () => {
    fc.assert(
      fc.property(ulid, fc.option(anyText, { nil: undefined }), (tail, prefix) => {
        const id = `cart_${tail}`
        const text = statementText(id, prefix)
        expect(isAnsOnly(text)).toBe(true)
        expect(text.length).toBeLessThanOrEqual(STATEMENT_MAX_LENGTH)
        const reference = text.split(" ").pop()!
        expect(reference.length).toBeGreaterThanOrEqual(STATEMENT_REFERENCE_MIN_LENGTH)
        expect(reference.length).toBeLessThanOrEqual(STATEMENT_REFERENCE_LENGTH)
        expect(tail.endsWith(reference)).toBe(true)
        expect(text).toBe(text.trim())
        expect(statementText(id, prefix)).toBe(text) // stable
      }),
      RUNS
    )
  })

  it("keeps the store's text whole up to 12 characters with all 12 of the reference, up to 16 with fewer", () => {
    fc.assert(
      fc.property(ulid, fc.stringMatching(/^[A-Z0-9.]([A-Z0-9. ]{0,22}[A-Z0-9.])?$/), (tail, prefix) => {
        const text = statementText(`cart_${tail}`, prefix)
        const clean = prefix.replace(/\s+/g, " ")
        if (clean.length <= 16) expect(text.startsWith(`${clean} `)).toBe(true)
        else expect(text.startsWith(clean.slice(0, 16).trim())).toBe(true)
        if (clean.length <= 12) expect(text.endsWith(` ${tail.slice(-12)}`)).toBe(true)
      }),
      RUNS
    )
  })

  it("never lets a prefix hide the reference, and distinct tails give distinct references", () => {
    fc.assert(
      fc.property(ulid, ulid, fc.option(anyText, { nil: undefined }), (a, b, prefix) => {
        const [ta, tb] = [statementText(`cart_${a}`, prefix), statementText(`cart_${b}`, prefix)]
        const shown = ta.split(" ").pop()!.length
        if (a.slice(-shown) !== b.slice(-shown)) expect(ta).not.toBe(tb)
        expect(a.endsWith(ta.split(" ").pop()!)).toBe(true)
      }),
      RUNS
    )
  })

  it("any text becomes printable ASCII without runs of spaces", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const ascii = toStatementAscii(text)
        expect(isAnsOnly(ascii)).toBe(true)
        expect(ascii).not.toMatch(/\s\s|^\s|\s$/)
      }),
      RUNS
    )
  })
})
