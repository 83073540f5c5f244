import {
  authorizedLabel,
  bankStatusBadge,
  installmentStatusText,
  isCaptured,
  partialCaptureAmount,
  paymentsStateKey,
  showsCompletionDeadline,
  type TbcPaymentView,
} from "../order-payment-state"

const preauth = {
  authorized_at: "2026-11-23T00:00:00.000Z",
  deadline: "2026-12-23T00:00:00.000Z",
  days_left: 29.5,
  warning: false,
  expired: false,
  awaiting_completion: true,
  warning_days: 3,
}

function heldPayment(
  over: Partial<TbcPaymentView> = {},
  checkoutOver: Partial<NonNullable<TbcPaymentView["checkout"]>> = {}
): TbcPaymentView {
  return {
    payment_id: "pay_1",
    provider_id: "pp_tbc-checkout_tbc",
    kind: "tbc-checkout",
    amount: 20,
    currency_code: "gel",
    authorized_at: "2026-11-23T00:00:00.000Z",
    captured_at: null,
    canceled_at: null,
    checkout: {
      pay_id: "P1",
      status: "WaitingConfirm",
      method: "Card",
      card_mask: "4111****1111",
      currency: "GEL",
      authorized_amount: 20,
      confirmed_amount: 0,
      returned_amount: 0,
      released_amount: null,
      pre_auth: true,
      statement_text: null,
      ...checkoutOver,
    },
    installment: null,
    preauth,
    bank_error: null,
    ...over,
  }
}

describe("the order widget's status logic", () => {
  it("shows a standing hold as held, with its deadline", () => {
    const payment = heldPayment()
    expect(isCaptured(payment)).toBe(false)
    expect(authorizedLabel(payment)).toBe("Authorized (held)")
    expect(showsCompletionDeadline(payment)).toBe(true)
    expect(bankStatusBadge(payment)).toEqual({ label: "Authorized (held)", color: "orange" })
  })

  it("hides 'held' and 'Complete by' once captured in Medusa, even before the bank's status moved", () => {
    const payment = heldPayment({ captured_at: "2026-11-24T00:00:00.000Z" })
    expect(isCaptured(payment)).toBe(true)
    expect(authorizedLabel(payment)).toBe("Authorized")
    expect(showsCompletionDeadline(payment)).toBe(false)
  })

  it("reads a completed payment at the bank as captured", () => {
    const payment = heldPayment(
      { preauth: { ...preauth, awaiting_completion: false } },
      { status: "Succeeded", confirmed_amount: 20 }
    )
    expect(isCaptured(payment)).toBe(true)
    expect(authorizedLabel(payment)).toBe("Authorized")
    expect(showsCompletionDeadline(payment)).toBe(false)
    expect(bankStatusBadge(payment)).toEqual({ label: "Paid", color: "green" })
  })

  it("hides the deadline of a hold canceled in Medusa", () => {
    expect(showsCompletionDeadline(heldPayment({ canceled_at: "2026-11-24T00:00:00.000Z" }))).toBe(false)
  })

  it("puts bank statuses into words: partly refunded, refunded, installment names instead of ids", () => {
    expect(bankStatusBadge(heldPayment({}, { status: "PartialReturned" }))?.label).toBe("Partly refunded")
    expect(bankStatusBadge(heldPayment({}, { status: "Returned" }))?.label).toBe("Refunded")
    const installment = {
      session_id: "s1",
      status_id: 9,
      description: "Installment pending Disbursed (Confirmed from both side)",
    }
    const payment = heldPayment({ checkout: null, preauth: null, installment })
    expect(bankStatusBadge(payment)?.label).toBe("Confirmed, disbursement pending")
    expect(installmentStatusText(installment)).toBe("Confirmed, disbursement pending")
    expect(installmentStatusText({ session_id: "s1", status_id: 77, description: "A new bank status" })).toBe(
      "A new bank status"
    )
    expect(installmentStatusText({ session_id: "s1", status_id: 77, description: null })).toBe("Unknown status 77")
  })
})

describe("paymentsStateKey", () => {
  const order = (payment: Record<string, unknown>, refunds: { id: string }[] = []) => ({
    id: "order_1",
    payment_status: "authorized",
    payment_collections: [
      {
        id: "pc_1",
        status: "authorized",
        captured_amount: 0,
        refunded_amount: 0,
        payments: [{ id: "pay_1", ...payment, refunds }],
      },
    ],
  })

  it("changes when a payment is captured, refunded or canceled, and only then", () => {
    const before = paymentsStateKey(order({ captured_at: null }))
    expect(paymentsStateKey(order({ captured_at: null }))).toBe(before)
    const captured = paymentsStateKey(order({ captured_at: "2026-11-24" }))
    expect(captured).not.toBe(before)
    expect(paymentsStateKey(order({ captured_at: "2026-11-24" }, [{ id: "ref_1" }]))).not.toBe(captured)
    expect(paymentsStateKey(order({ canceled_at: "2026-11-24" }))).not.toBe(before)
    expect(paymentsStateKey({ ...order({}), payment_status: "partially_refunded" })).not.toBe(
      paymentsStateKey(order({}))
    )
  })

  it("works for an order without payment collections", () => {
    expect(paymentsStateKey({ id: "order_2" })).toBe(JSON.stringify([null, []]))
  })
})

describe("partialCaptureAmount (the widget's 'Capture less than the hold')", () => {
  it("takes an amount of at most 2 decimals below the hold, a comma as the decimal mark too", () => {
    expect(partialCaptureAmount("12.50", 20)).toEqual({ amount: 12.5 })
    expect(partialCaptureAmount(" 12,5 ", 20)).toEqual({ amount: 12.5 })
    expect(partialCaptureAmount("19.99", 20)).toEqual({ amount: 19.99 })
    expect(partialCaptureAmount("0.01", 20)).toEqual({ amount: 0.01 })
  })

  it("says why it refuses what is not a smaller capture", () => {
    expect(partialCaptureAmount("", 20)).toEqual({ error: "Enter an amount with at most 2 decimals, e.g. 12.50." })
    expect(partialCaptureAmount("abc", 20)).toEqual({ error: "Enter an amount with at most 2 decimals, e.g. 12.50." })
    expect(partialCaptureAmount("1.005", 20)).toEqual({ error: "Enter an amount with at most 2 decimals, e.g. 12.50." })
    expect(partialCaptureAmount("0", 20)).toEqual({ error: "Enter an amount greater than 0." })
    expect(partialCaptureAmount("20", 20)).toEqual({
      error: "Less than the 20.00 held: the whole hold is Medusa's own Capture.",
    })
    expect(partialCaptureAmount("25", 20)).toMatchObject({ error: /^Less than the 20\.00 held/ })
  })
})
