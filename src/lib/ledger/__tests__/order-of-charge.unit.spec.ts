import { isPaymentOfCharge, orderStepOf, type MedusaFactsOfCharge } from "../order-of-charge"

const facts = (over: Partial<MedusaFactsOfCharge> = {}): MedusaFactsOfCharge => ({
  sessionExists: true,
  livePayment: false,
  paymentOrderId: null,
  cartId: "cart_1",
  cartOrderId: null,
  cartOrderPaid: false,
  ...over,
})

describe("orderStepOf", () => {
  it("records the order a Medusa payment of the session belongs to, whatever else is true", () => {
    expect(orderStepOf(facts({ livePayment: true, paymentOrderId: "order_1" }))).toEqual({
      step: "mark_order",
      orderId: "order_1",
    })
    // Medusa keeps a session with a payment; even if it did not, the payment owns the money
    expect(
      orderStepOf(facts({ livePayment: true, paymentOrderId: "order_1", sessionExists: false, cartOrderId: "x" }))
    ).toEqual({ step: "mark_order", orderId: "order_1" })
  })

  it("waits while Medusa has a payment from the session but no order yet (never completes twice)", () => {
    expect(orderStepOf(facts({ livePayment: true }))).toEqual({ step: "wait" })
  })

  it("completes the cart again for a payment no order followed long after the authorization (its completion failed after authorizing)", () => {
    const stranded = { livePayment: true, authorizedLongAgo: true }
    expect(orderStepOf(facts(stranded))).toEqual({ step: "complete_cart", cartId: "cart_1" })
    // not while the session is gone, the cart is unknown or already an order: nothing to complete
    expect(orderStepOf(facts({ ...stranded, sessionExists: false }))).toEqual({ step: "wait" })
    expect(orderStepOf(facts({ ...stranded, cartId: null }))).toEqual({ step: "wait" })
    expect(orderStepOf(facts({ ...stranded, cartOrderId: "order_2" }))).toEqual({ step: "wait" })
  })

  it("hands a deleted session to the orphan sweep instead of completing its cart", () => {
    expect(orderStepOf(facts({ sessionExists: false }))).toEqual({ step: "session_gone" })
    expect(orderStepOf(facts({ sessionExists: false, cartOrderId: "order_2" }))).toEqual({ step: "session_gone" })
  })

  it("never completes a cart that became an order with other money", () => {
    expect(orderStepOf(facts({ cartOrderId: "order_2", cartOrderPaid: true }))).toEqual({
      step: "ordered_elsewhere",
      orderId: "order_2",
    })
  })

  it("a second charge of the same session never owns the order another charge of it paid: ordered elsewhere, or wait while that order is placed", () => {
    // the session's Medusa payment names the other charge (livePayment false for this one)
    const other = { sessionPaidByOther: true }
    expect(orderStepOf(facts({ ...other, cartOrderId: "order_2", cartOrderPaid: true }))).toEqual({
      step: "ordered_elsewhere",
      orderId: "order_2",
    })
    expect(orderStepOf(facts(other))).toEqual({ step: "wait" })
    // Medusa deleted the session: the orphan sweep's, as for any charge
    expect(orderStepOf(facts({ ...other, sessionExists: false }))).toEqual({ step: "session_gone" })
  })

  it("pays an order the cart became without money (never leaves an unpaid order beside held money)", () => {
    expect(orderStepOf(facts({ cartOrderId: "order_2" }))).toEqual({ step: "attach_to_order", orderId: "order_2" })
  })

  it("completes the cart of a live session without a payment, or authorizes a cartless one", () => {
    expect(orderStepOf(facts())).toEqual({ step: "complete_cart", cartId: "cart_1" })
    expect(orderStepOf(facts({ cartId: null }))).toEqual({ step: "process_payment" })
  })
})

describe("isPaymentOfCharge", () => {
  it("a Medusa payment is the charge's whose payId its data names, never another charge's of the same session", () => {
    expect(isPaymentOfCharge({ payId: "PAY1", status: "Succeeded" }, "PAY1")).toBe(true)
    expect(isPaymentOfCharge({ payId: "PAY2", status: "Succeeded" }, "PAY1")).toBe(false)
  })

  it("a payment that names no payId (another provider's data) is the session's, as before", () => {
    for (const data of [undefined, null, {}, { payId: "" }, { payId: 7 }, "PAY2"]) {
      expect(isPaymentOfCharge(data, "PAY1")).toBe(true)
    }
    // a charge without a payId cannot be told apart: the session's payment
    expect(isPaymentOfCharge({ payId: "PAY2" }, null)).toBe(true)
  })
})
