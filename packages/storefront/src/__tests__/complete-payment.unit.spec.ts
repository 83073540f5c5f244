import { completeTbcPayment, TbcPaymentError, tbcMessage, waitForTbcDecision } from ".."
import {
  CHECKOUT,
  COMPLETE,
  DECIDED,
  INSTALLMENT_PENDING,
  INSTALLMENTS,
  NOT_APPROVED_YET,
  PENDING,
  STATUS,
  cartWith,
  order,
  setup,
  status,
} from "./complete-payment-fixtures"

describe("completeTbcPayment: asks the read-only status, completes only once the bank decided", () => {
  it("decided: completes once and returns the order", async () => {
    const { client, clock, completions, questions } = setup({ [STATUS]: [DECIDED], [COMPLETE]: [order()] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock })
    expect(result).toEqual({
      order: { id: "order_1", display_id: 7, payment_collections: [{ status: "completed" }] },
      paymentPending: false,
      message: null,
    })
    expect([questions(), completions()]).toEqual([1, 1])
  })

  it("pending: asks again without completing, and completes once when the bank decided", async () => {
    const { client, clock, completions, questions } = setup({
      [STATUS]: [PENDING, PENDING, PENDING, DECIDED],
      [COMPLETE]: [order()],
    })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, intervalMs: 1000 })
    expect(result.order.id).toBe("order_1")
    expect([questions(), completions()]).toEqual([4, 1])
    expect(clock.now()).toBe(3000)
  })

  it("stops at the deadline with 'we are checking your payment', never having completed the cart", async () => {
    const { client, clock, completions, questions } = setup({ [STATUS]: [PENDING] })
    const error = await completeTbcPayment("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 10_000,
      intervalMs: 2_000,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(TbcPaymentError)
    expect(error).toMatchObject({ code: "payment_pending", canPayAgain: false, message: tbcMessage("payment_pending") })
    // questions at 0, 2, 4, 6, 8 and 10 s: the last one at the deadline, none after it
    expect([questions(), completions()]).toEqual([6, 0])
    expect(clock.now()).toBe(10_000)
  })

  it("failed: ends at once with the shopper's words (the decline reason from resultCode), no completion", async () => {
    const declined = status({ status: "failed", reason: "declined", result_code: "116" })
    const { client, clock, completions } = setup({ [STATUS]: [declined] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "declined", canPayAgain: true, resultCode: "116" })
    expect(error.message).toMatch(/not enough money on the card/)
    expect(error.messageIn("ka")).toMatch(/საკმარისი თანხა/)
    expect(error.messageIn("ru")).toMatch(/недостаточно средств/)
    expect(completions()).toBe(0)
  })

  it("the cart changed at the bank: cart_changed with 'pay again', not Medusa's words", async () => {
    const { client, clock } = setup({ [STATUS]: [status({ status: "failed", reason: "cart_changed" })] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "cart_changed", canPayAgain: true })
    expect(error.message).not.toMatch(/Payment sessions are required/)
  })

  it("an unknown cart (404): cart_not_found, never 'Cart with id … not found'", async () => {
    const missing = { status: 404, body: { type: "not_found", message: "Cart with id: cart_1 was not found" } }
    const { client, clock } = setup({ [STATUS]: [missing] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "cart_not_found", status: 404 })
    expect(error.message).not.toMatch(/cart_1|Cart with id/)
    expect(error.storeMessage).toMatch(/cart_1/)
  })

  it("retries while the callback completes the same cart (409), asking the status in between", async () => {
    const busy = { status: 409, body: { message: "Cart is already being completed by another request" } }
    const { client, clock, completions, questions } = setup({ [STATUS]: [DECIDED], [COMPLETE]: [busy, order()] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock })).resolves.toMatchObject({
      order: { id: "order_1" },
    })
    expect([questions(), completions()]).toEqual([2, 2])
  })

  it("a completion refused after 'decided' is tried at most 3 times, then the shopper's words", async () => {
    const refused = { status: 400, body: { message: "Shipping address is required" } }
    const { client, clock, completions } = setup({ [STATUS]: [DECIDED], [COMPLETE]: [refused] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "failed", status: 400, storeMessage: "Shipping address is required" })
    expect(error.message).toBe(tbcMessage("failed"))
    expect(completions()).toBe(3)
  })

  it("keeps asking through a network failure until the deadline, then says the store is unreachable", async () => {
    const { client, clock, completions, questions } = setup({ [STATUS]: [new TypeError("Failed to fetch")] })
    const error = await completeTbcPayment("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 3_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error.code).toBe("store_unreachable")
    expect([questions(), completions()]).toEqual([4, 0])
  })

  it("a saved card (completeFirst): completing is the charge, so it completes before any question", async () => {
    const { client, clock, completions, questions } = setup({ [STATUS]: [PENDING], [COMPLETE]: [order()] })
    await completeTbcPayment("cart_1", { ...client, ...clock, completeFirst: true })
    expect([questions(), completions()]).toEqual([0, 1])
  })

  it("a saved-card charge answered unreadably: then the status decides", async () => {
    const checking = cartWith("We are checking your payment with the bank.")
    const { client, clock, completions } = setup({ [STATUS]: [PENDING, DECIDED], [COMPLETE]: [checking, order()] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, completeFirst: true })
    expect(result.order.id).toBe("order_1")
    expect(completions()).toBe(2)
  })

  it("an order still awaiting the bank is placed but pending, with the words for it", async () => {
    const { client, clock } = setup({ [STATUS]: [DECIDED], [COMPLETE]: [order("awaiting")] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock, providerId: CHECKOUT })).resolves.toMatchObject({
      paymentPending: true,
      message: tbcMessage("payment_pending"),
    })
  })

  it("says clearly when the status function is missing (a storefront written for the completing kit)", async () => {
    const { client } = setup({})
    const { completeCart } = client
    await expect(completeTbcPayment("cart_1", { completeCart } as never)).rejects.toThrow(
      /getPaymentStatus is required/
    )
  })
})

describe("waitForTbcDecision", () => {
  it("keeps asking while the installment is under review, then completes once", async () => {
    const { client, clock, completions, questions } = setup({
      [STATUS]: [INSTALLMENT_PENDING, INSTALLMENT_PENDING, INSTALLMENT_PENDING, DECIDED],
      [COMPLETE]: [order()],
    })
    const result = await waitForTbcDecision("cart_1", { ...client, ...clock, providerId: INSTALLMENTS })
    expect(result.order.id).toBe("order_1")
    expect([questions(), completions()]).toEqual([4, 1])
    expect(clock.now()).toBe(15_000) // every 5 s by default
  })

  it("ends at once when the bank declines the installment, the cart open to pay again", async () => {
    const declined = status({ status: "failed", reason: "installment_declined", provider_id: INSTALLMENTS })
    const { client, clock } = setup({ [STATUS]: [INSTALLMENT_PENDING, declined] })
    const error = await waitForTbcDecision("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "installment_declined", canPayAgain: true })
  })

  it("gives up at its deadline still pending (the store places the order when the bank decides)", async () => {
    const { client, clock, completions, questions } = setup({ [STATUS]: [INSTALLMENT_PENDING] })
    const error = await waitForTbcDecision("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 5_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error).toMatchObject({ code: "installment_pending", canPayAgain: false })
    expect([questions(), completions()]).toEqual([6, 0])
  })

  it("the installment provider's 'not approved yet' answer to a completion is read as pending", async () => {
    const { client, clock } = setup({
      [STATUS]: [DECIDED],
      [COMPLETE]: [cartWith(NOT_APPROVED_YET, "pending", INSTALLMENTS)],
    })
    const error = await waitForTbcDecision("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 2_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error).toMatchObject({ code: "installment_pending" })
  })
})
