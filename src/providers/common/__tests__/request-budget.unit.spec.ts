/**
 * requestBudgetMs as an option of both providers, and what a shopper reads when the bank does not
 * answer within it (forShopper).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { TbcBudgetExceededError } from "../../../lib/tbc/budget"
import { TbcApiError, TbcNetworkError, TbcTimeoutError } from "../../../lib/tbc/errors"
import { parseCheckoutOptions } from "../../tbc-checkout/options"
import { parseInstallmentsOptions } from "../../tbc-installments/options"
import { BANK_NOT_ANSWERING_MESSAGE, forShopper, isBankNotAnswering, toMedusaError } from "../errors"

const CHECKOUT = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "s",
  environment: "test",
  storeUrl: "https://shop.example",
  returnUrl: "https://shop.example/r",
}
const INSTALLMENTS = { apiKey: "k", apiSecret: "s", merchantKey: "m", environment: "test" }

describe("requestBudgetMs option", () => {
  it("defaults to 12 s for both providers and accepts 1 s … 60 s", () => {
    expect(parseCheckoutOptions(CHECKOUT).requestBudgetMs).toBe(12_000)
    expect(parseInstallmentsOptions(INSTALLMENTS).requestBudgetMs).toBe(12_000)
    expect(parseCheckoutOptions({ ...CHECKOUT, requestBudgetMs: 3_000 }).requestBudgetMs).toBe(3_000)
    expect(parseInstallmentsOptions({ ...INSTALLMENTS, requestBudgetMs: 60_000 }).requestBudgetMs).toBe(60_000)
  })

  it.each([
    [999, /requestBudgetMs: must be at least 1000 ms/],
    [60_001, /requestBudgetMs: must be at most 60000 ms/],
    [1500.5, /requestBudgetMs: must be a whole number of milliseconds/],
    ["12000", /requestBudgetMs: must be a number of milliseconds/],
  ])("refuses %p naming the option and the rule", (value, message) => {
    expect(() => parseCheckoutOptions({ ...CHECKOUT, requestBudgetMs: value })).toThrow(message)
    expect(() => parseInstallmentsOptions({ ...INSTALLMENTS, requestBudgetMs: value })).toThrow(message)
  })
})

describe("forShopper", () => {
  it("turns a bank that did not answer (budget, timeout, no connection) into the one readable message", () => {
    for (const cause of [
      new TbcBudgetExceededError("GET /v1/tpay/payments/{payId}", 12_000),
      new TbcTimeoutError("POST /v1/tpay/payments", 15_000),
      new TbcNetworkError("GET /v1/tpay/payments/{payId}", false, "ECONNREFUSED"),
    ]) {
      const mapped = toMedusaError(cause, "confirm the payment with the bank")
      expect(isBankNotAnswering(mapped)).toBe(true)
      const shown = forShopper(mapped, MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR) as MedusaError
      expect(shown.message).toBe(BANK_NOT_ANSWERING_MESSAGE)
      expect(shown.type).toBe(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR)
    }
  })

  it("leaves every other error as it is (a refusal, a decline, a bank 4xx)", () => {
    const declined = new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, "The card was declined.")
    expect(forShopper(declined)).toBe(declined)
    const refused = toMedusaError(
      new TbcApiError("POST /v1/tpay/payments", { status: 400, title: "Bad Request" }),
      "start the payment"
    )
    expect(isBankNotAnswering(refused)).toBe(false)
    expect(forShopper(refused)).toBe(refused)
  })
})
