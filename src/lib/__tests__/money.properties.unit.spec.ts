/**
 * Property tests of the money helpers against exact decimal string arithmetic (BigInt), the
 * reference that float math cannot be.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import { BigNumber } from "@medusajs/framework/utils"
import { MAX_EXACT_MINOR, majorToMinorExact, minorToMajor, sumMinor, toMinorUnits } from "../money"

const RUNS = { numRuns: propertyRuns(1000) }

/**
 * A decimal string with up to 8 fraction digits, and its exact value in 10^-8 units; up to
 * 10^13 GEL, so beyond MAX_EXACT_MINOR too.
 */
const decimalString = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.integer({ min: 0, max: 8 }), fc.bigInt({ min: 0n, max: 10n ** 8n - 1n }))
  .map(([negative, whole, fractionDigits, fractionSource]) => {
    const fraction = (fractionSource % 10n ** BigInt(fractionDigits)).toString().padStart(fractionDigits, "0")
    const text = `${negative ? "-" : ""}${whole}${fractionDigits ? `.${fraction}` : ""}`
    const scaled = (whole * 10n ** 8n + BigInt(fraction.padEnd(8, "0") || "0")) * (negative ? -1n : 1n)
    return { text, scaled }
  })

/** Round half away from zero of value × 10^-6 (the 10^-8 units to tetri), in BigInt. */
function expectedTetri(scaled: bigint): number {
  const magnitude = scaled < 0n ? -scaled : scaled
  const rounded = (magnitude + 500_000n) / 1_000_000n
  const result = Number(scaled < 0n ? -rounded : rounded)
  return result === 0 ? 0 : result
}

describe("money properties", () => {
  it("majorToMinorExact(minorToMajor(n)) === n for every integer 0 ≤ n ≤ 1e13", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }).map(Number), (n) => {
        expect(majorToMinorExact(minorToMajor(n))).toBe(n)
      }),
      RUNS
    )
  })

  it("round-trips up to MAX_EXACT_MINOR, negatives included, and prints as the decimal", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_EXACT_MINOR, max: MAX_EXACT_MINOR }), (n) => {
        const major = minorToMajor(n)
        expect(majorToMinorExact(major)).toBe(n)
        const abs = Math.abs(n)
        const text = `${n < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
        expect(majorToMinorExact(text)).toBe(n)
      }),
      RUNS
    )
  })

  it("majorToMinorExact on strings equals exact decimal math, or null beyond 2 decimals", () => {
    fc.assert(
      fc.property(decimalString, ({ text, scaled }) => {
        const exact = scaled % 1_000_000n === 0n ? Number(scaled / 1_000_000n) : null
        const inRange = exact !== null && Math.abs(exact) <= MAX_EXACT_MINOR
        expect(majorToMinorExact(text)).toBe(inRange ? exact || 0 : null)
      }),
      RUNS
    )
  })

  it("toMinorUnits agrees with exact string math for strings, raw values and BigNumbers", () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom("string", "raw", "BigNumber"), ({ text, scaled }, form) => {
        const input = form === "string" ? text : form === "raw" ? { value: text, precision: 20 } : new BigNumber(text)
        const expected = expectedTetri(scaled)
        if (Math.abs(expected) <= MAX_EXACT_MINOR) {
          expect(toMinorUnits(input)).toBe(expected)
        } else {
          expect(() => toMinorUnits(input)).toThrow(/too large/)
        }
      }),
      RUNS
    )
  })

  it("toMinorUnits of a 2-decimal number equals majorToMinorExact", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(toMinorUnits(minorToMajor(n))).toBe(n)
      }),
      RUNS
    )
  })

  it("sumMinor equals the BigInt sum", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e12 }), { maxLength: 50 }), (values) => {
        const exact = values.reduce((sum, v) => sum + BigInt(v), 0n)
        expect(sumMinor(values)).toBe(Number(exact))
      }),
      RUNS
    )
  })
})
