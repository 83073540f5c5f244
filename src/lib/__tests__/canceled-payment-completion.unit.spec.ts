import { canceledPaymentCompletionVerdict } from "../canceled-payment-completion"
import { PAYMENT_RELEASED_MESSAGE, shopperTextCode } from "../shopper-texts"

const AUTHORIZED_AT = "2026-01-01T10:00:00.000Z"
const CANCELED_AT = "2026-01-01T10:00:05.000Z"

describe("canceledPaymentCompletionVerdict", () => {
  it("refuses a TBC session whose payment Medusa's compensation canceled (Medusa would reuse it)", () => {
    expect(
      canceledPaymentCompletionVerdict([
        {
          id: "payses_1",
          provider_id: "pp_tbc-checkout_tbc",
          authorized_at: AUTHORIZED_AT,
          payment: { id: "pay_1", canceled_at: CANCELED_AT },
        },
      ])
    ).toEqual({ allowed: false, sessionId: "payses_1", message: PAYMENT_RELEASED_MESSAGE })
  })

  it("lets through a live payment (its cancel failed: the order may follow), a new session, and an empty cart", () => {
    const provider_id = "pp_tbc-checkout_tbc"
    expect(
      canceledPaymentCompletionVerdict([
        { id: "payses_live", provider_id, authorized_at: AUTHORIZED_AT, payment: { id: "pay_2", canceled_at: null } },
        { id: "payses_new", provider_id, authorized_at: null, payment: null },
      ])
    ).toEqual({ allowed: true })
    expect(canceledPaymentCompletionVerdict([])).toEqual({ allowed: true })
  })

  it("leaves other providers' sessions alone, and a canceled payment never authorized through the session", () => {
    expect(
      canceledPaymentCompletionVerdict([
        {
          id: "payses_other",
          provider_id: "pp_system_default",
          authorized_at: AUTHORIZED_AT,
          payment: { canceled_at: CANCELED_AT },
        },
        {
          id: "payses_tbc",
          provider_id: "pp_tbc-apple-pay_tbc",
          authorized_at: null,
          payment: { canceled_at: CANCELED_AT },
        },
      ])
    ).toEqual({ allowed: true })
  })

  it("answers with a sentence the storefront kit offers 'pay again' for", () => {
    expect(shopperTextCode(PAYMENT_RELEASED_MESSAGE)).toBe("canceled")
  })
})
