import { TbcValidationError } from "../../errors"
import { checkCreateApplicationRequest, validateCreateApplicationRequest } from "../installments"

const valid = () => ({
  priceTotal: 100.5,
  products: [
    { name: "Phone", price: 100, quantity: 1 },
    { name: "Case", price: 0.25, quantity: 2 },
  ],
})

describe("checkCreateApplicationRequest", () => {
  it("accepts a valid request with PascalCase products and a numeric campaignId", () => {
    const value = validateCreateApplicationRequest({
      merchantKey: "SandboxMerchant",
      campaignId: 204,
      invoiceId: "inv-1",
      priceTotal: 3,
      products: [{ Name: "A", Price: 1, Quantity: 3 }],
      currency: "GEL",
    })
    expect(value).toEqual({
      merchantKey: "SandboxMerchant",
      campaignId: "204",
      invoiceId: "inv-1",
      priceTotal: 3,
      products: [{ name: "A", price: 1, quantity: 3 }],
    })
    expect(checkCreateApplicationRequest(valid()).ok).toBe(true)
  })

  it.each([
    ["priceTotal missing", { products: valid().products }, "priceTotal", "required"],
    ["priceTotal zero", { ...valid(), priceTotal: 0, products: [{ name: "a", price: 0, quantity: 1 }] }, "priceTotal", "positive"],
    ["priceTotal decimals", { ...valid(), priceTotal: 100.505 }, "priceTotal", "max_2_decimals"],
    ["products missing", { priceTotal: 1 }, "products", "required"],
    ["products empty", { priceTotal: 1, products: [] }, "products", "required"],
    ["product price", { priceTotal: 1, products: [{ name: "a", price: -1, quantity: 1 }] }, "products.0.price", "non_negative"],
    ["product quantity", { priceTotal: 1, products: [{ name: "a", price: 1, Quantity: "1" }] }, "products.0.quantity", "type"],
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
