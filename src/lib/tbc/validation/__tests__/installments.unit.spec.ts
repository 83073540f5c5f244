import { TbcValidationError } from "../../errors"
import { checkCreateApplicationRequest, validateCreateApplicationRequest } from "../installments"

const valid = () => ({
  priceTotal: 100.5,
  products: [
    { name: "Phone", price: 100, quantity: 1 },
    { name: "Case × 2", price: 0.5, quantity: 1 },
  ],
})

describe("checkCreateApplicationRequest", () => {
  it("accepts a valid request with PascalCase products and a numeric campaignId", () => {
    const value = validateCreateApplicationRequest({
      merchantKey: "SandboxMerchant",
      campaignId: 204,
      invoiceId: "inv-1",
      priceTotal: 3,
      products: [{ Name: "A", Price: 3, Quantity: 1 }],
      currency: "GEL",
    })
    expect(value).toEqual({
      merchantKey: "SandboxMerchant",
      campaignId: "204",
      invoiceId: "inv-1",
      priceTotal: 3,
      products: [{ name: "A", price: 3, quantity: 1 }],
    })
    expect(checkCreateApplicationRequest(valid()).ok).toBe(true)
  })

  it.each([
    ["priceTotal missing", { products: valid().products }, "priceTotal", "required"],
    [
      "priceTotal zero",
      { ...valid(), priceTotal: 0, products: [{ name: "a", price: 0, quantity: 1 }] },
      "priceTotal",
      "positive",
    ],
    ["priceTotal decimals", { ...valid(), priceTotal: 100.505 }, "priceTotal", "max_2_decimals"],
    ["products missing", { priceTotal: 1 }, "products", "required"],
    ["products empty", { priceTotal: 1, products: [] }, "products", "required"],
    [
      "product price",
      { priceTotal: 1, products: [{ name: "a", price: -1, quantity: 1 }] },
      "products.0.price",
      "non_negative",
    ],
    [
      "product quantity",
      { priceTotal: 1, products: [{ name: "a", price: 1, Quantity: "1" }] },
      "products.0.quantity",
      "type",
    ],
    ["product name", { priceTotal: 1, products: [{ price: 1, quantity: 1 }] }, "products.0.name", "required"],
    ["sum", { ...valid(), priceTotal: 100.51 }, "products", "sum_equals_total"],
    ["campaignId", { ...valid(), campaignId: true }, "campaignId", "type"],
    ["invoiceId", { ...valid(), invoiceId: 7 }, "invoiceId", "type"],
    ["merchantKey", { ...valid(), merchantKey: 7 }, "merchantKey", "type"],
  ])("%s", (_name, input, field, rule) => {
    const result = checkCreateApplicationRequest(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues).toContainEqual(expect.objectContaining({ field, rule }))
    expect(() => validateCreateApplicationRequest(input)).toThrow(TbcValidationError)
  })

  it("never echoes the merchantKey value in messages", () => {
    const result = checkCreateApplicationRequest({ merchantKey: ["SECRET-KEY"], priceTotal: 1, products: [] })
    expect(JSON.stringify(result)).not.toContain("SECRET-KEY")
  })
})

describe('the readings of "sum of prices = total" (productSum)', () => {
  // giorgijorji's documented example: price read as the line total (Σ price = 36.99)
  const lineTotals = {
    priceTotal: 36.99,
    products: [
      { name: "A", price: 12.33, quantity: 1 },
      { name: "B", price: 24.66, quantity: 2 },
    ],
  }
  // the same cart with price read as the unit price (Σ price × quantity = 36.99)
  const unitPrices = {
    priceTotal: 36.99,
    products: [
      { name: "A", price: 12.33, quantity: 1 },
      { name: "B", price: 12.33, quantity: 2 },
    ],
  }
  // every quantity 1: both readings agree
  const quantityOne = {
    priceTotal: 36.99,
    products: [
      { name: "A", price: 12.33, quantity: 1 },
      { name: "B × 2", price: 24.66, quantity: 1 },
    ],
  }

  it.each([
    ["line", [true, false, true]],
    ["unit", [false, true, true]],
    ["either", [true, true, true]],
    ["both", [false, false, true]],
  ] as const)("%s accepts line totals / unit prices / quantity 1: %j", (productSum, expected) => {
    const accepted = [lineTotals, unitPrices, quantityOne].map(
      (input) => checkCreateApplicationRequest(input, { productSum }).ok
    )
    expect(accepted).toEqual(expected)
  })

  it("the default (what the plugin's client sends) is both", () => {
    expect(checkCreateApplicationRequest(unitPrices).ok).toBe(false)
    expect(checkCreateApplicationRequest(lineTotals).ok).toBe(false)
    expect(checkCreateApplicationRequest(quantityOne).ok).toBe(true)
  })
})
