/**
 * Property tests of the cart → installment products mapping on random carts: the bank's
 * validators (shared with the sandbox) must accept every output under BOTH readings of "sum of
 * prices" (Σ price and Σ price × quantity equal the total, to the tetri), every product has
 * quantity 1 and names its line's quantity, and each line gets its proportional share within one
 * tetri. 10,000 random carts per property; TBC_PROPERTY_RUNS caps it (see property-runs.ts).
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import { MAX_EXACT_MINOR } from "../money"
import {
  allocateLargestRemainder,
  lineProductName,
  spreadToInstallmentProducts,
  toInstallmentProducts,
  type InstallmentCartLine,
  type InstallmentProductsInput,
} from "../installment-products"
import { productsSumIssue } from "../tbc/validation/products"
import { brokenRules, referenceLargestRemainder } from "./installment-products-checks"

/** Random carts per property: the full 10,000 unless TBC_PROPERTY_RUNS caps it for quick runs. */
const FULL_RUNS = propertyRuns(10_000)
const RUNS = { numRuns: FULL_RUNS }
/** A smaller share of the full count, for the slower or narrower properties. */
const runs = (fraction: number) => ({ numRuns: Math.max(1, Math.floor(FULL_RUNS * fraction)) })

/** Mostly small quantities, sometimes huge ones (bulk goods sold by the gram). */
const quantity = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }) },
  { weight: 1, arbitrary: fc.integer({ min: 13, max: 10_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 10_001, max: 1_000_000_000 }) }
)

/** Free items, cheap ones and expensive ones. */
const unitPrice = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 50_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 50_001, max: 100_000_000 }) }
)

const name = fc.oneof(
  { weight: 6, arbitrary: fc.string({ minLength: 0, maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("a", "\u{1F95F}", "ab\u{1F95F}", "xyz "), fc.integer({ min: 60, max: 300 }))
      .map(([text, times]) => text.repeat(times)),
  },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "\t") }
)

const line: fc.Arbitrary<InstallmentCartLine> = fc
  .record({
    name,
    quantity,
    unitPriceMinor: unitPrice,
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    taxRate: fc.constantFrom(0, 0, 0.05, 0.18),
  })
  .map(({ discountShare, taxRate, ...rest }) => {
    // keep gross × quantity inside the exact range whatever the draw
    const unitPriceMinor = Math.min(rest.unitPriceMinor, Math.floor(1e12 / rest.quantity))
    const gross = unitPriceMinor * rest.quantity
    const discountMinor = Math.floor(gross * discountShare * 0.5)
    return {
      name: rest.name,
      quantity: rest.quantity,
      unitPriceMinor,
      discountMinor,
      taxMinor: Math.round((gross - discountMinor) * taxRate),
    }
  })

/**
 * A cart and a target around what it costs: the lines' own amounts plus shipping minus a cart
 * discount, or an arbitrary amount (a target far from the lines' sum, including 0).
 */
const cart: fc.Arbitrary<InstallmentProductsInput> = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 25 }),
    shippingMinor: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
    cartDiscountShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
    arbitraryTarget: fc.option(fc.integer({ min: 0, max: MAX_EXACT_MINOR }), { freq: 5 }),
  })
  .map(({ lines, shippingMinor, cartDiscountShare, arbitraryTarget }) => {
    const own = lines.reduce(
      (sum, l) => sum + l.unitPriceMinor * l.quantity - (l.discountMinor ?? 0) + (l.taxMinor ?? 0),
      0
    )
    const targetMinor = arbitraryTarget ?? Math.max(0, Math.round(own * (1 - cartDiscountShare)) + shippingMinor)
    return { lines, targetMinor }
  })

describe("installment products properties (random carts)", () => {
  it(`${FULL_RUNS} carts: Σ price and Σ price × quantity both exact, validators pass, no negative price, ≤ 2 decimals, quantity 1 named`, () => {
    fc.assert(
      fc.property(cart, (input) => {
        expect(brokenRules(input)).toEqual([])
      }),
      RUNS
    )
  })

  it("the checker itself catches a list one tetri off, a unit-price reading and a negative price", () => {
    const input: InstallmentProductsInput = {
      lines: [{ name: "A", quantity: 3, unitPriceMinor: 100 }],
      targetMinor: 301,
    }
    const good = spreadToInstallmentProducts(input)
    expect(good.installmentProducts).toEqual([{ name: "A \u00d7 3", price: 3.01, quantity: 1 }])
    expect(brokenRules(input, good)).toEqual([])
    const withProducts = (installmentProducts: typeof good.installmentProducts) => ({ ...good, installmentProducts })
    const [first] = good.installmentProducts
    expect(brokenRules(input, withProducts([{ ...first, price: 3 }]))).not.toEqual([])
    // the old shape (unit prices with the quantity) satisfies Σ price × quantity only
    expect(
      brokenRules(
        input,
        withProducts([
          { name: "A", price: 1, quantity: 2 },
          { name: "A", price: 1.01, quantity: 1 },
        ])
      )
    ).not.toEqual([])
    expect(brokenRules(input, withProducts([{ ...first, price: -1 }]))).not.toEqual([])
    expect(brokenRules(input, withProducts([{ ...first, name: "A" }]))).not.toEqual([])
    expect(productsSumIssue("installmentProducts", [{ name: "A", price: 1.01, quantity: 3 }], 3.03, "both")?.rule).toBe(
      "sum_equals_total"
    )
    expect(productsSumIssue("installmentProducts", [{ name: "A", price: 1.01, quantity: 3 }], 3.03, "unit")).toBeNull()
  })

  it("a product name keeps its count within the bank's length limit", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        (name, quantity) => {
          const fitted = lineProductName(name, 0, quantity)
          expect(fitted.length).toBeLessThanOrEqual(255)
          expect(fitted.trim()).not.toBe("")
          if (quantity > 1) expect(fitted.endsWith(` \u00d7 ${quantity}`)).toBe(true)
        }
      ),
      runs(0.2)
    )
  })

  it("allocateLargestRemainder equals a plain BigInt reference, small and huge weights alike", () => {
    const weight = fc.oneof(
      fc.integer({ min: 0, max: 1_000 }),
      fc.integer({ min: 0, max: 1e12 }),
      fc.bigInt({ min: 0n, max: 10n ** 17n })
    )
    fc.assert(
      fc.property(
        fc.array(weight, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: MAX_EXACT_MINOR }),
        (weights, totalMinor) => {
          const big = weights.map((w) => BigInt(w))
          fc.pre(big.some((w) => w > 0n))
          const asNumbers = big.every((w) => w <= BigInt(Number.MAX_SAFE_INTEGER)) ? big.map(Number) : big
          expect(allocateLargestRemainder(totalMinor, asNumbers)).toEqual(referenceLargestRemainder(totalMinor, big))
        }
      ),
      RUNS
    )
  })

  it("allocateLargestRemainder stays exact at the edge of the double path (W close to 2^51, totals up to 2^53)", () => {
    const edge = 2 ** 49
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: edge }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (weights, totalMinor) => {
          fc.pre(weights.some((w) => w > 0))
          expect(allocateLargestRemainder(totalMinor, weights)).toEqual(
            referenceLargestRemainder(totalMinor, weights.map(BigInt))
          )
        }
      ),
      runs(0.5)
    )
  })

  it("huge carts (quantity × price beyond 2^53) are exact too", () => {
    const hugeLine = fc.record({
      name: fc.string({ maxLength: 10 }),
      quantity: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      unitPriceMinor: fc.integer({ min: 0, max: MAX_EXACT_MINOR }),
      discountMinor: fc.integer({ min: 0, max: 1_000_000 }),
      taxMinor: fc.integer({ min: 0, max: MAX_EXACT_MINOR }),
    })
    fc.assert(
      fc.property(
        fc.array(hugeLine, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: MAX_EXACT_MINOR }),
        (lines, targetMinor) => {
          expect(brokenRules({ lines, targetMinor })).toEqual([])
        }
      ),
      runs(0.2)
    )
  })

  it("each line's share is its proportional quota rounded down or up (largest remainder)", () => {
    fc.assert(
      fc.property(cart, (input) => {
        const { lineAmountsMinor, weighting } = spreadToInstallmentProducts(input)
        const weights = input.lines.map((l) => {
          const gross = BigInt(l.unitPriceMinor) * BigInt(l.quantity)
          const own = gross - BigInt(l.discountMinor ?? 0) + BigInt(l.taxMinor ?? 0)
          if (weighting === "line_amounts") return own > 0n ? own : 0n
          return weighting === "gross_amounts" ? gross : BigInt(l.quantity)
        })
        const weightSum = weights.reduce((a, b) => a + b, 0n)
        weights.forEach((weight, index) => {
          const scaled = BigInt(input.targetMinor) * weight
          const floor = scaled / weightSum
          const ceil = scaled % weightSum === 0n ? floor : floor + 1n
          const share = BigInt(lineAmountsMinor[index])
          expect(share >= floor && share <= ceil).toBe(true)
        })
      }),
      RUNS
    )
  })

  it("a target equal to the lines' own amounts gives every line exactly its own amount", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 25 }), (lines) => {
        const own = lines.map((l) => l.unitPriceMinor * l.quantity - (l.discountMinor ?? 0) + (l.taxMinor ?? 0))
        fc.pre(own.some((amount) => amount > 0))
        const targetMinor = own.reduce((a, b) => a + b, 0)
        expect(spreadToInstallmentProducts({ lines, targetMinor }).lineAmountsMinor).toEqual(own)
      }),
      runs(0.2)
    )
  })

  it("is deterministic and does not depend on object identity", () => {
    fc.assert(
      fc.property(cart, (input) => {
        const copy = JSON.parse(JSON.stringify(input)) as InstallmentProductsInput
        expect(toInstallmentProducts(copy)).toEqual(toInstallmentProducts(input))
      }),
      runs(0.1)
    )
  })
})
