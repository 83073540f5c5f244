import { MedusaError } from "@medusajs/framework/utils"
import {
  TbcApiError,
  TbcConfigError,
  TbcNetworkError,
  TbcTimeoutError,
  TbcValidationError,
  type PaymentDetails,
} from "../../../../../lib/tbc"
import { bankProblemOf } from "../../../../../use-cases/bank-problem"
import { checkoutBankView } from "../bank-payment-view"

describe("bankProblemOf", () => {
  it("puts the bank's problem-JSON title and detail into words", () => {
    const error = new TbcApiError("POST /v1/tpay/access-token", {
      status: 401,
      title: "Unauthorized",
      detail: "invalid client credentials",
    })
    expect(bankProblemOf(error)).toEqual({ title: "Unauthorized", detail: "invalid client credentials", status: 401 })
  })

  it("falls back to the tpay business fields and to the status", () => {
    expect(
      bankProblemOf(
        new TbcApiError("GET x", { status: 400, developerMessage: "Payment not found", userMessage: "Not found" })
      )
    ).toEqual({ title: "Not found", detail: "Payment not found", status: 400 })
    expect(bankProblemOf(new TbcApiError("GET x", { status: 503 }))).toEqual({
      title: "The bank answered 503",
      detail: null,
      status: 503,
    })
  })

  it("explains unreachable, slow, misconfigured and unknown failures without their internals", () => {
    expect(bankProblemOf(new TbcNetworkError("GET x", false, "ECONNREFUSED"))).toEqual({
      title: "The bank could not be reached",
      detail: "Network error ECONNREFUSED",
      status: null,
    })
    expect(bankProblemOf(new TbcTimeoutError("GET x", 10_000)).detail).toBe("No answer within 10000 ms")
    const config = bankProblemOf(
      new TbcConfigError([{ field: "environment", rule: "environment", message: "must be a URL" }])
    )
    expect(config).toEqual({
      title: "The provider options are invalid",
      detail: "environment: must be a URL",
      status: null,
    })
    const options = bankProblemOf(
      new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid tbc-checkout options: storeUrl: is required")
    )
    expect(options.detail).toMatch(/storeUrl: is required/)
    expect(
      bankProblemOf(new TbcValidationError("payId", [{ field: "payId", rule: "required", message: "is required" }]))
        .title
    ).toMatch(/payId/)
    const unknown = bankProblemOf(new TypeError("secret-ish internal message"))
    expect(unknown).toEqual({ title: "Unexpected error", detail: "TypeError", status: null })
  })
})

describe("checkoutBankView", () => {
  const details = (over: Partial<PaymentDetails>): PaymentDetails => ({
    payId: "P1",
    status: "WaitingConfirm",
    links: [],
    raw: {},
    ...over,
  })

  it("names the method, prefers the card number, keeps the amounts", () => {
    expect(
      checkoutBankView(
        details({
          paymentMethod: 5,
          paymentCardNumber: "4111****1111",
          amount: 12.34,
          confirmedAmount: 0,
          returnedAmount: 0,
          currency: "GEL",
          preAuth: true,
        }),
        false
      )
    ).toEqual({
      pay_id: "P1",
      status: "WaitingConfirm",
      method: "Card",
      card_mask: "4111****1111",
      currency: "GEL",
      authorized_amount: 12.34,
      confirmed_amount: 0,
      returned_amount: 0,
      released_amount: null,
      pre_auth: true,
      statement_text: null,
    })
  })

  it("shows the statement text the bank keeps for the payment word for word (what it prints)", () => {
    expect(checkoutBankView(details({ extra: "A LONG SHOP NAME 01JD7K4Z" }), false).statement_text).toBe(
      "A LONG SHOP NAME 01JD7K4Z"
    )
    expect(checkoutBankView(details({ extra: "  " }), false).statement_text).toBeNull()
  })

  it("names the rest of the hold a smaller completion returned (partial capture), and only then", () => {
    const partial = { amount: 100, confirmedAmount: 60.5, returnedAmount: 39.5, preAuth: true }
    expect(checkoutBankView(details({ ...partial, status: "Succeeded" }), true)).toMatchObject({
      authorized_amount: 100,
      confirmed_amount: 60.5,
      returned_amount: 39.5,
      released_amount: 39.5,
    })
    // refunded afterwards: the bank's returned figure grows, the released rest does not
    expect(
      checkoutBankView(details({ ...partial, returnedAmount: 49.5, status: "PartialReturned" }), true)
    ).toMatchObject({ returned_amount: 49.5, released_amount: 39.5 })
    expect(checkoutBankView(details({ amount: 100, confirmedAmount: 100, returnedAmount: 0 }), true)).toMatchObject({
      released_amount: null,
    })
    expect(checkoutBankView(details({ amount: 100, confirmedAmount: 0 }), true)).toMatchObject({
      released_amount: null,
    })
  })

  it("uses the saved card's mask, unknown method numbers and the session's preAuth when the bank omits it", () => {
    const view = checkoutBankView(
      details({ paymentMethod: 99, recurringCard: { recId: "r", cardMask: "5***1234" } }),
      true
    )
    expect(view).toMatchObject({ method: "Method 99", card_mask: "5***1234", pre_auth: true, authorized_amount: null })
    expect(checkoutBankView(details({}), false)).toMatchObject({ method: null, card_mask: null, pre_auth: false })
  })
})
