/** The order page's card digits: payment data carries the last four of the bank's card mask, nothing more. */
import { dataFromDetails } from "../payment-data"
import type { PaymentDetails } from "../../../lib/tbc/types"

const details = (extra: Partial<PaymentDetails> = {}): PaymentDetails => ({
  payId: "pay_1",
  status: "Succeeded",
  links: [],
  raw: {},
  ...extra,
})

describe("card_last4 in the checkout payment data", () => {
  it("is the last four digits of the bank's masked card number", () => {
    const data = dataFromDetails({}, details({ paymentCardNumber: "4***********1111" }))
    expect(data.card_last4).toBe("1111")
    expect(JSON.stringify(data)).not.toContain("4***")
  })

  it("is kept when a later answer names no card, and absent while the bank has named none", () => {
    const first = dataFromDetails({}, details({ paymentCardNumber: "5***********4444" }))
    expect(dataFromDetails(first as unknown as Record<string, unknown>, details()).card_last4).toBe("4444")
    expect(dataFromDetails({}, details()).card_last4).toBeUndefined()
    expect(dataFromDetails({}, details({ paymentCardNumber: "****" })).card_last4).toBeUndefined()
  })
})
