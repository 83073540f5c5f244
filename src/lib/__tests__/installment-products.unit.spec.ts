/**
 * Example tests of the cart → installment products mapping: hand-computed carts, the edge cases
 * named in issue 3 (free items, shipping only, targets below/above the lines, huge quantities,
 * 100,000 lines) and the errors for impossible input.
 */
import {
  allocateLargestRemainder,
  fitProductName,
  spreadToInstallmentProducts,
  toInstallmentProducts,
  type InstallmentCartLine,
} from "../installment-products"
import { TbcValidationError } from "../tbc/errors"
import { productsSumIssue, sumProductPricesMinor, sumProductsMinor } from "../tbc/validation/products"
import { LIMITS } from "../tbc/validation/fields"
import { MAX_EXACT_MINOR, majorToMinorExact } from "../money"

function issuesOf(run: () => unknown): Array<{ field: string; rule: string }> {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(TbcValidationError)
    return (error as TbcValidationError).issues.map(({ field, rule }) => ({ field, rule }))
  }
  throw new Error("expected a TbcValidationError")
}

describe("allocateLargestRemainder", () => {
  it("splits 100 over three equal weights as 34/33/33, the tie going to the first line", () => {
    expect(allocateLargestRemainder(100, [1n, 1n, 1n])).toEqual([34, 33, 33])
  })

  it("gives the leftover tetri to the largest remainders, not to the largest weights", () => {
    // quotas 10 × (1, 2, 7) / 10.5 = 0.952, 1.905, 6.667 → floors 0, 1, 6 → 2 left: remainders .952, .905
    expect(allocateLargestRemainder(10, [2n, 4n, 15n])).toEqual([1, 2, 7])
  })

  it("gives nothing to a zero weight and everything to the only positive one", () => {
    expect(allocateLargestRemainder(999, [0n, 5n, 0n])).toEqual([0, 999, 0])
  })

  it("refuses weights that add up to 0", () => {
    expect(() => allocateLargestRemainder(5, [0n, 0n])).toThrow(/more than 0/)
  })
})

describe("toInstallmentProducts", () => {
  it("passes a cart through unchanged when the target is exactly its lines' amounts", () => {
    const products = toInstallmentProducts({
      lines: [
        { name: "Khinkali set", quantity: 2, unitPriceMinor: 4999 },
        { name: "Family set", quantity: 1, unitPriceMinor: 123456 },
      ],
      targetMinor: 2 * 4999 + 123456,
    })
    // one product per line, quantity 1, the line total as the price: Σ price = Σ price × quantity
    expect(products).toEqual([
      { name: "Khinkali set \u00d7 2", price: 99.98, quantity: 1 },
      { name: "Family set", price: 1234.56, quantity: 1 },
    ])
    expect(sumProductPricesMinor(products)).toBe(2 * 4999 + 123456)
    expect(sumProductsMinor(products)).toBe(2 * 4999 + 123456)
  })

  it("applies an item discount to its own line and spreads shipping by the lines' amounts", () => {
    // own amounts: A 3 × 10.00 − 3.00 = 27.00, B 1 × 63.00 = 63.00 (Σ 90.00); shipping 9.00 → 99.00
    // shares: A 27/90 × 99 = 29.70, B 63/90 × 99 = 69.30
    const products = toInstallmentProducts({
      lines: [
        { name: "A", quantity: 3, unitPriceMinor: 1000, discountMinor: 300 },
        { name: "B", quantity: 1, unitPriceMinor: 6300 },
      ],
      targetMinor: 9900,
    })
    expect(products).toEqual([
      { name: "A \u00d7 3", price: 29.7, quantity: 1 },
      { name: "B", price: 69.3, quantity: 1 },
    ])
  })

  it("keeps a share that does not divide by the quantity whole: one product with the line total", () => {
    const products = toInstallmentProducts({
      lines: [{ name: "Pens", quantity: 3, unitPriceMinor: 100 }],
      targetMinor: 301,
    })
    expect(products).toEqual([{ name: "Pens \u00d7 3", price: 3.01, quantity: 1 }])
    for (const rule of ["unit", "line", "either", "both"] as const) {
      expect(productsSumIssue("installmentProducts", products, 3.01, rule)).toBeNull()
    }
  })

  it("satisfies giorgijorji's documented example under both readings (12.33 × 1 + 24.66 × 2 = 36.99 read as line totals)", () => {
    const products = toInstallmentProducts({
      lines: [
        { name: "A", quantity: 1, unitPriceMinor: 1233 },
        { name: "B", quantity: 2, unitPriceMinor: 1233 },
      ],
      targetMinor: 3699,
    })
    expect(products).toEqual([
      { name: "A", price: 12.33, quantity: 1 },
      { name: "B \u00d7 2", price: 24.66, quantity: 1 },
    ])
    expect(productsSumIssue("products", products, 36.99, "both")).toBeNull()
  })

  it("keeps free items at 0 when other lines carry the amount", () => {
    const products = toInstallmentProducts({
      lines: [
        { name: "Gift", quantity: 1, unitPriceMinor: 0 },
        { name: "Tea", quantity: 2, unitPriceMinor: 1500 },
      ],
      targetMinor: 3500,
    })
    expect(products).toEqual([
      { name: "Gift", price: 0, quantity: 1 },
      { name: "Tea \u00d7 2", price: 35, quantity: 1 },
    ])
  })

  it("spreads shipping over the units when every line is free (by quantity)", () => {
    const result = spreadToInstallmentProducts({
      lines: [
        { name: "Sample", quantity: 1, unitPriceMinor: 0 },
        { name: "Sticker", quantity: 3, unitPriceMinor: 0 },
      ],
      targetMinor: 500,
    })
    expect(result.weighting).toBe("quantities")
    expect(result.lineAmountsMinor).toEqual([125, 375])
    expect(sumProductsMinor(result.installmentProducts)).toBe(500)
  })

  it("uses the gross amounts when discounts made every line 0 but shipping is due", () => {
    const result = spreadToInstallmentProducts({
      lines: [
        { name: "A", quantity: 1, unitPriceMinor: 1000, discountMinor: 1000 },
        { name: "B", quantity: 1, unitPriceMinor: 3000, discountMinor: 3000 },
      ],
      targetMinor: 400,
    })
    expect(result.weighting).toBe("gross_amounts")
    expect(result.lineAmountsMinor).toEqual([100, 300])
  })

  it("never goes negative when a cart discount takes the target far below the lines", () => {
    const products = toInstallmentProducts({
      lines: [
        { name: "A", quantity: 7, unitPriceMinor: 99_999 },
        { name: "B", quantity: 1, unitPriceMinor: 1 },
      ],
      targetMinor: 3,
    })
    expect(products.every((p) => p.price >= 0)).toBe(true)
    expect(sumProductsMinor(products)).toBe(3)
  })

  it("adds tax and shipping above the lines' sum", () => {
    const lines: InstallmentCartLine[] = [
      { name: "A", quantity: 2, unitPriceMinor: 1234, taxMinor: 444 },
      { name: "B", quantity: 5, unitPriceMinor: 77, discountMinor: 35, taxMinor: 63 },
    ]
    const targetMinor = 2 * 1234 + 444 + 5 * 77 - 35 + 63 + 700
    expect(sumProductsMinor(toInstallmentProducts({ lines, targetMinor }))).toBe(targetMinor)
  })

  it("handles a billion units of a line to the tetri", () => {
    const products = toInstallmentProducts({
      lines: [{ name: "Grain (g)", quantity: 1_000_000_000, unitPriceMinor: 1 }],
      targetMinor: 1_000_000_000 + 123_456_789,
    })
    expect(products).toEqual([{ name: "Grain (g) \u00d7 1000000000", price: 11_234_567.89, quantity: 1 }])
  })

  it("maps 100,000 lines exactly", () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => ({
      name: `Line ${i}`,
      quantity: (i % 7) + 1,
      unitPriceMinor: (i * 7919) % 100_000,
    }))
    const own = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceMinor, 0)
    const targetMinor = Math.round(own * 0.87) + 1_999
    const products = toInstallmentProducts({ lines, targetMinor })
    // summed here without the zod validator, which needs seconds for 100,000 products
    expect(products.reduce((sum, p) => sum + majorToMinorExact(p.price)! * p.quantity, 0)).toBe(targetMinor)
    expect(products.reduce((sum, p) => sum + majorToMinorExact(p.price)!, 0)).toBe(targetMinor)
    expect(products.length).toBe(100_000)
  })

  it("stays exact when quantity × price is beyond 2^53 tetri (the BigInt path)", () => {
    const lines = [
      { name: "Bulk", quantity: 9_000_000_000_000, unitPriceMinor: 99_999 },
      { name: "Tiny", quantity: 3, unitPriceMinor: 1 },
    ]
    const result = spreadToInstallmentProducts({ lines, targetMinor: MAX_EXACT_MINOR })
    expect(result.lineAmountsMinor.reduce((a, b) => a + b, 0)).toBe(MAX_EXACT_MINOR)
    expect(result.lineAmountsMinor[1]).toBe(0) // 3 / 9e17 of the target is far below one tetri
    expect(sumProductsMinor(result.installmentProducts)).toBe(MAX_EXACT_MINOR)
  })

  it("returns zero prices for a zero target", () => {
    expect(toInstallmentProducts({ lines: [{ name: "A", quantity: 2, unitPriceMinor: 500 }], targetMinor: 0 })).toEqual(
      [{ name: "A \u00d7 2", price: 0, quantity: 1 }]
    )
  })
})

describe("fitProductName", () => {
  it("names an empty or blank line after its position", () => {
    expect(fitProductName("", 0)).toBe("Item 1")
    expect(fitProductName("   ", 4)).toBe("Item 5")
    expect(fitProductName(undefined, 2)).toBe("Item 3")
  })

  it("cuts long names to the validator's limit without splitting an emoji", () => {
    expect(fitProductName("x".repeat(1000), 0)).toHaveLength(LIMITS.productName)
    const emoji = "ab" + "\u{1F95F}".repeat(200) // the 255th UTF-16 unit is the first half of a pair
    const cut = fitProductName(emoji, 0)
    expect(cut.length).toBe(LIMITS.productName - 1)
    expect(cut.endsWith("\u{1F95F}")).toBe(true)
  })
})

describe("impossible input", () => {
  it("names a negative or fractional target", () => {
    expect(
      issuesOf(() => toInstallmentProducts({ lines: [{ name: "A", quantity: 1, unitPriceMinor: 1 }], targetMinor: -1 }))
    ).toEqual([{ field: "targetMinor", rule: "non_negative_minor" }])
    expect(
      issuesOf(() =>
        toInstallmentProducts({ lines: [{ name: "A", quantity: 1, unitPriceMinor: 1 }], targetMinor: 1.5 })
      )[0].field
    ).toBe("targetMinor")
  })

  it("names the missing lines when there is nothing to attribute the amount to", () => {
    expect(issuesOf(() => toInstallmentProducts({ lines: [], targetMinor: 500 }))).toEqual([
      { field: "lines", rule: "required" },
    ])
  })

  it("names a bad quantity or amount of a line by its index", () => {
    expect(
      issuesOf(() =>
        toInstallmentProducts({
          lines: [
            { name: "A", quantity: 1, unitPriceMinor: 1 },
            { name: "B", quantity: 0, unitPriceMinor: -5, discountMinor: 0.5 },
          ],
          targetMinor: 10,
        })
      )
    ).toEqual([
      { field: "lines[1].quantity", rule: "positive_integer" },
      { field: "lines[1].unitPriceMinor", rule: "non_negative_minor" },
      { field: "lines[1].discountMinor", rule: "non_negative_minor" },
    ])
  })
})
