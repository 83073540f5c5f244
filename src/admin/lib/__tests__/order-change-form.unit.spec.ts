import { changedItems, refundState, type TbcPaymentView } from "../order-payment-state"

const captured = (checkout: Partial<NonNullable<TbcPaymentView["checkout"]>>): TbcPaymentView =>
  ({
    payment_id: "pay_1",
    captured_at: "2026-11-24T00:00:00.000Z",
    canceled_at: null,
    checkout: {
      pay_id: "P1",
      status: "Succeeded",
      authorized_amount: 20,
      confirmed_amount: 20,
      returned_amount: 0,
      released_amount: null,
      pre_auth: true,
      ...checkout,
    },
  }) as TbcPaymentView

describe("refundState", () => {
  it("counts refunds only: the rest of a hold a smaller capture gave back was never refunded", () => {
    expect(refundState(captured({ confirmed_amount: 12.5, returned_amount: 7.5, released_amount: 7.5 }))).toEqual({
      refunded: 0,
      refundable: 12.5,
    })
    expect(refundState(captured({ confirmed_amount: 12.5, returned_amount: 8.51, released_amount: 7.5 }))).toEqual({
      refunded: 1.01,
      refundable: 11.49,
    })
    expect(refundState(captured({ confirmed_amount: 20, returned_amount: 20 }))).toEqual({
      refunded: 20,
      refundable: 0,
    })
  })

  it("shows nothing while the bank took nothing (a hold, a decline) or cannot be read", () => {
    expect(refundState(captured({ status: "WaitingConfirm", confirmed_amount: 0 }))).toBeNull()
    expect(refundState({ ...captured({}), checkout: null })).toBeNull()
  })
})

describe("changedItems", () => {
  const items = [
    { id: "ordli_a", quantity: 2 },
    { id: "ordli_b", quantity: 1 },
  ]

  it("sends only the items whose delivered quantity differs from the order", () => {
    expect(changedItems(items, { ordli_a: "1", ordli_b: "1" })).toEqual({ items: [{ id: "ordli_a", quantity: 1 }] })
    expect(changedItems(items, { ordli_b: " 0 " })).toEqual({ items: [{ id: "ordli_b", quantity: 0 }] })
  })

  it("refuses quantities that are not whole, negative or above the order's, and a form that changes nothing", () => {
    for (const typed of ["1.5", "-1", "3", "two"]) {
      expect(changedItems(items, { ordli_a: typed })).toEqual({
        error: "Enter a whole number of items delivered, from 0 to 2.",
      })
    }
    expect(changedItems(items, { ordli_a: "2" })).toEqual({ error: "Change at least one item's delivered quantity." })
    expect(changedItems(items, {})).toEqual({ error: "Change at least one item's delivered quantity." })
  })
})
