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
    expect(statementText("cart_01JDQ8Z3N9X7K2M4P6R8T0V1W3", "A very long store name indeed")).toBe(
      "A very long M4P6R8T0V1W3"
    )
    expect(LIMITS.extra).toBe(STATEMENT_MAX_LENGTH)
  })

  it("transliterates Georgian and Russian, drops accents and what is not printable ASCII", () => {
    expect(toStatementAscii("მაღაზია")).toBe("maghazia")
    expect(toStatementAscii("Щука Ёлка")).toBe("Shchuka Elka")
    expect(toStatementAscii("Café 🛒  shop")).toBe("Cafe shop")
    expect(toStatementAscii("йод")).toBe("yod")
  })

  it("is always accepted by the bank: printable ASCII, ≤ 25 characters, ending with the whole reference", () => {
    fc.assert(
      fc.property(ulid, fc.option(anyText, { nil: undefined }), (tail, prefix) => {
        const id = `cart_${tail}`
        const text = statementText(id, prefix)
        expect(isAnsOnly(text)).toBe(true)
        expect(text.length).toBeLessThanOrEqual(STATEMENT_MAX_LENGTH)
        expect(text.endsWith(tail.slice(-STATEMENT_REFERENCE_LENGTH))).toBe(true)
        expect(text).toBe(text.trim())
        expect(statementText(id, prefix)).toBe(text) // stable
      }),
      RUNS
    )
  })

  it("never lets a prefix hide the reference, and distinct tails give distinct references", () => {
    fc.assert(
      fc.property(ulid, ulid, anyText, (a, b, prefix) => {
        const [ta, tb] = [statementText(`cart_${a}`, prefix), statementText(`cart_${b}`, prefix)]
        if (a.slice(-12) !== b.slice(-12)) expect(ta).not.toBe(tb)
        expect(ta.split(" ").pop()).toBe(a.slice(-12))
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
