/**
 * Property tests of the money helpers against exact decimal string arithmetic (BigInt), the
 * reference that float math cannot be.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import { decimalString, expectedTetri } from "./decimal-strings"
import { MAX_EXACT_MINOR, majorToMinorExact, minorToMajor, sumMinor, toMinorUnits } from "../money"

const RUNS = { numRuns: propertyRuns(1000) }

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

  it("toMinorUnits agrees with exact string math for plain and exponent decimal strings", () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom("plain", "exponent"), ({ text, scaled }, form) => {
        // the same value as integer digits × 10^-8 ("1234e-8"), which the exponent path reads
        const input = form === "plain" ? text : `${scaled}e-8`
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
