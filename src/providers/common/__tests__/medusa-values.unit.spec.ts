import { BigNumber, PaymentActions, PaymentCollectionStatus, PaymentSessionStatus } from "@medusajs/framework/utils"
import { SESSION_STATUS, WEBHOOK_ACTION } from "../../../lib/medusa-statuses"
import { COLLECTION_STATUSES } from "../../../lib/collection-status"
import { medusaAmountToMinor, medusaAmountToMinorOr0, toPaymentAction, toSessionStatus } from "../medusa-values"

describe("src/lib's copies of Medusa's payment enums", () => {
  it("SESSION_STATUS is PaymentSessionStatus: the same names with the same values", () => {
    expect(SESSION_STATUS).toEqual({ ...PaymentSessionStatus })
    for (const status of Object.values(SESSION_STATUS)) expect(toSessionStatus(status)).toBe(status)
  })

  it("WEBHOOK_ACTION is PaymentActions: the same names with the same values", () => {
    expect(WEBHOOK_ACTION).toEqual({ ...PaymentActions })
    for (const action of Object.values(WEBHOOK_ACTION)) expect(toPaymentAction(action)).toBe(action)
  })

  it("COLLECTION_STATUSES are values of PaymentCollectionStatus", () => {
    expect(Object.values(PaymentCollectionStatus)).toEqual(expect.arrayContaining([...COLLECTION_STATUSES]))
  })
})

describe("medusaAmountToMinorOr0", () => {
  it("a missing amount is 0, any other as medusaAmountToMinor", () => {
    expect([undefined, null, "12.345", { value: "1.5", precision: 20 }].map(medusaAmountToMinorOr0)).toEqual([
      0, 0, 1235, 150,
    ])
  })
})

describe("medusaAmountToMinor", () => {
  it.each([
    [12.34, 1234],
    ["12.345", 1235],
    ["12.344999", 1234],
    [1.005, 101],
    [20.2, 2020],
    [{ value: "100.25", precision: 20 }, 10025],
    [{ value: "33.3333333333", precision: 20 }, 3333],
    [new BigNumber("0.005"), 1],
    [new BigNumber(10.1), 1010],
    ["-1.005", -101],
    ["-0.001", 0],
  ])("%p → %p", (input, expected) => {
    expect(medusaAmountToMinor(input)).toBe(expected)
  })

  it("throws on NaN, non-finite, missing and huge amounts, naming the amount", () => {
    expect(() => medusaAmountToMinor(NaN)).toThrow(/finite|Invalid/)
    expect(() => medusaAmountToMinor("abc")).toThrow("Amount must be a finite number, got abc")
    expect(() => medusaAmountToMinor(Infinity)).toThrow(/finite/)
    expect(() => medusaAmountToMinor({ value: "NaN", precision: 20 })).toThrow('got {"value":"NaN","precision":20}')
    expect(() => medusaAmountToMinor(undefined as unknown as number)).toThrow(/required/)
    expect(() => medusaAmountToMinor("1e20")).toThrow("Amount 100000000000000000000 is too large")
  })
})
