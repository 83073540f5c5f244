/**
 * The Medusa line item → mapping line adapter: names, amounts from Medusa's BigNumber shapes,
 * tax only where the price excludes it, and a clear error for a broken quantity.
 */
import { cartLinesFromItems, lineItemName } from "../cart-installment-products"

describe("lineItemName", () => {
  it("joins product and variant titles, leaving out default or repeated variants", () => {
    expect(lineItemName({ product_title: "Khinkali set", variant_title: "Family" })).toBe("Khinkali set (Family)")
    expect(lineItemName({ product_title: "Tea", variant_title: "Default variant" })).toBe("Tea")
    expect(lineItemName({ product_title: "Tea", variant_title: "Tea" })).toBe("Tea")
    expect(lineItemName({ title: "Custom line", subtitle: null })).toBe("Custom line")
    expect(lineItemName({})).toBe("")
  })
})

describe("cartLinesFromItems", () => {
  it("reads numbers, numeric strings and raw big-number objects in tetri", () => {
    const [line] = cartLinesFromItems([
      {
        product_title: "Churchkhela",
        quantity: { value: "7", precision: 20 } as never,
        unit_price: "7.77",
        discount_total: { value: "8.1585", precision: 20 } as never,
        tax_total: 8.32,
        is_tax_inclusive: false,
      },
    ])
    expect(line).toEqual({ name: "Churchkhela", quantity: 7, unitPriceMinor: 777, discountMinor: 816, taxMinor: 832 })
  })

  it("adds no tax on top of a tax-inclusive price", () => {
    const [line] = cartLinesFromItems([{ quantity: 1, unit_price: 118, tax_total: 18, is_tax_inclusive: true }])
    expect(line.taxMinor).toBe(0)
  })

  it("treats missing totals as 0 and never passes a negative amount on", () => {
    const [line] = cartLinesFromItems([{ quantity: 2, unit_price: -5 }])
    expect(line).toMatchObject({ unitPriceMinor: 0, discountMinor: 0, taxMinor: 0 })
  })

  it("names the item whose quantity is not a positive integer", () => {
    expect(() =>
      cartLinesFromItems([
        { quantity: 1, unit_price: 1 },
        { quantity: 0, unit_price: 1 },
      ])
    ).toThrow(/items\[1\]\.quantity: must be a positive integer/)
    expect(() => cartLinesFromItems([{ quantity: 1.5, unit_price: 1 }])).toThrow(/items\[0\]\.quantity/)
    expect(() => cartLinesFromItems([{ unit_price: 1 }])).toThrow(/items\[0\]\.quantity/)
  })
})
