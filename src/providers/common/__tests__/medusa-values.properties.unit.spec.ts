/**
 * The Medusa-amount conversion against exact decimal arithmetic, for each form Medusa hands an
 * amount in: a numeric string, a raw `{value, precision}` object and a BigNumber.
 */
import fc from "fast-check"
import { BigNumber } from "@medusajs/framework/utils"
import { propertyRuns } from "../../../lib/__tests__/property-runs"
import { decimalString, expectedTetri } from "../../../lib/__tests__/decimal-strings"
import { MAX_EXACT_MINOR } from "../../../lib/money"
import { medusaAmountToMinor } from "../medusa-values"

const RUNS = { numRuns: propertyRuns(1000) }

describe("medusaAmountToMinor properties", () => {
  it("agrees with exact string math for strings, raw values and BigNumbers", () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom("string", "raw", "BigNumber"), ({ text, scaled }, form) => {
        const input = form === "string" ? text : form === "raw" ? { value: text, precision: 20 } : new BigNumber(text)
        const expected = expectedTetri(scaled)
        if (Math.abs(expected) <= MAX_EXACT_MINOR) {
          expect(medusaAmountToMinor(input)).toBe(expected)
        } else {
          expect(() => medusaAmountToMinor(input)).toThrow(/too large/)
        }
      }),
      RUNS
    )
  })
})
