import { TbcValidationError } from "../../errors"
import {
  checkExecuteSavedCardRequest,
  checkOperationAmount,
  validateExecuteSavedCardRequest,
  validateOperationAmount,
} from "../execution"

const valid = () => ({ recId: "rec-1", money: { amount: 9.99, currency: "GEL" } })

describe("checkExecuteSavedCardRequest", () => {
  it("accepts a valid request and drops unknown keys", () => {
    const full = { ...valid(), preAuth: true, initiator: "merchant", merchantPaymentId: "m1", extra: "E", extra2: "E2" }
    expect(validateExecuteSavedCardRequest({ ...full, other: 1 })).toEqual(full)
  })

  it.each([
    ["recId missing", { money: valid().money }, "recId", "required"],
    ["recId empty", { ...valid(), recId: "" }, "recId", "required"],
    ["money missing", { recId: "r" }, "money", "required"],
    ["amount zero", { ...valid(), money: { amount: 0, currency: "GEL" } }, "money.amount", "positive"],
    ["amount decimals", { ...valid(), money: { amount: 0.015, currency: "GEL" } }, "money.amount", "max_2_decimals"],
    ["amount negative", { ...valid(), money: { amount: -1, currency: "GEL" } }, "money.amount", "non_negative"],
    ["currency", { ...valid(), money: { amount: 1, currency: "gel" } }, "money.currency", "enum"],
    ["preAuth", { ...valid(), preAuth: "yes" }, "preAuth", "type"],
    ["extra", { ...valid(), extra: "ü" }, "extra", "ans_only"],
    ["extra2", { ...valid(), extra2: "e".repeat(53) }, "extra2", "max_length"],
    ["merchantPaymentId", { ...valid(), merchantPaymentId: 5 }, "merchantPaymentId", "type"],
  ])("%s", (_name, input, field, rule) => {
    const result = checkExecuteSavedCardRequest(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.issues).toContainEqual(expect.objectContaining({ field, rule }))
    expect(() => validateExecuteSavedCardRequest(input)).toThrow(TbcValidationError)
  })
})

describe("checkOperationAmount", () => {
  it("accepts amounts up to the maximum, compared in tetri", () => {
    expect(validateOperationAmount("amount", 0.3, { maxAmount: 0.1 + 0.2 })).toBe(0.3)
    expect(validateOperationAmount("amount", 10)).toBe(10)
  })

  it.each([
    [0, "positive"],
    [-1, "non_negative"],
    [1.001, "max_2_decimals"],
    ["1", "type"],
    [undefined, "required"],
  ])("%p → %s", (amount, rule) => {
    expect(checkOperationAmount("completion.amount", amount)).toEqual({
      ok: false,
      issues: [expect.objectContaining({ field: "completion.amount", rule })],
    })
  })

  it("refuses more than maxAmount and says the maximum", () => {
    const result = checkOperationAmount("amount", 10.01, { maxAmount: 10 })
    expect(result).toEqual({
      ok: false,
      issues: [{ field: "amount", rule: "max_amount", message: "must be at most 10" }],
    })
    expect(() => validateOperationAmount("amount", 10.01, { maxAmount: 10 })).toThrow(/at most 10/)
  })
})
