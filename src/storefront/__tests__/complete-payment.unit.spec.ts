import {
  DECLINED_MESSAGE,
  EXPIRED_MESSAGE,
  NOT_PAID_YET_MESSAGE,
  RETURNED_MESSAGE,
  STILL_PROCESSING_MESSAGE,
} from "../../lib/checkout-status"
import { paymentMismatch } from "../../lib/payment-match"
import { INSTALLMENT_STATUS } from "../../lib/tbc/types"
import { CHECKING_PAYMENT_MESSAGE } from "../../providers/tbc-checkout/saved-cards/saved-card-payment"
import { notApprovedYetMessage } from "../../providers/tbc-installments/service"
import fc from "fast-check"
import {
  classifyStoreMessage,
  completeTbcPayment,
  createTbcStoreClient,
  TbcPaymentError,
  TBC_SHOPPER_MESSAGES,
  waitForTbcDecision,
} from ".."
import { CHECKOUT, COMPLETE, INSTALLMENTS, NOT_APPROVED_YET, cartWith, order, setup } from "./complete-payment-fixtures"

describe("completeTbcPayment", () => {
  it("returns the order at once when the bank has the money", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [order()] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock })
    expect(result).toEqual({
      order: { id: "order_1", display_id: 7, payment_collections: [{ status: "completed" }] },
      paymentPending: false,
      message: null,
    })
    expect(completions()).toBe(1)
  })

  it("waits while the bank has not confirmed yet, then places the order (the callback got there)", async () => {
    const { client, clock, completions } = setup({
      [COMPLETE]: [cartWith(NOT_PAID_YET_MESSAGE), cartWith(NOT_PAID_YET_MESSAGE), order()],
    })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, intervalMs: 1000 })
    expect(result.order.id).toBe("order_1")
    expect(completions()).toBe(3)
    expect(clock.now()).toBe(2000)
  })

  it("retries while the callback completes the same cart (409)", async () => {
    const busy = { status: 409, body: { message: "Cart is already being completed by another request" } }
    const { client, clock, completions } = setup({ [COMPLETE]: [busy, order()] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock })).resolves.toMatchObject({
      order: { id: "order_1" },
    })
    expect(completions()).toBe(2)
  })

  it("stops at the deadline with 'we are checking your payment' when the bank never confirms", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(NOT_PAID_YET_MESSAGE)] })
    const error = await completeTbcPayment("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 10_000,
      intervalMs: 2_000,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(TbcPaymentError)
    expect(error.code).toBe("payment_pending")
    expect(error.message).toBe(TBC_SHOPPER_MESSAGES.payment_pending)
    expect(error.canPayAgain).toBe(false)
    // attempts at 0, 2, 4, 6, 8 and 10 s: the last one at the deadline, none after it
    expect(completions()).toBe(6)
    expect(clock.now()).toBe(10_000)
  })

  it("ends at once on a decline, with a message for the shopper and the cart open for another try", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(DECLINED_MESSAGE)] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "declined", canPayAgain: true, storeMessage: DECLINED_MESSAGE })
    expect(error.message).toMatch(/declined by the bank/)
    expect(completions()).toBe(1)
  })

  it("tells a refused installment apart by the session's status (Medusa gives no reason)", async () => {
    const refused = { status: 400, body: { message: "Session: payses_1 was not authorized with the provider." } }
    const { client, clock } = setup({
      [COMPLETE]: [refused],
      "GET /store/carts/cart_1": [cartWith("", "error", INSTALLMENTS)],
    })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock, providerId: INSTALLMENTS }).catch((e) => e)
    expect(error).toMatchObject({
      code: "installment_declined",
      message: "The bank did not approve the installment.",
      canPayAgain: true,
    })
    expect(error.message).not.toMatch(/payses_|Session:/)
  })

  it("a preauthorized card payment is not pending", async () => {
    const { client, clock } = setup({ [COMPLETE]: [order("authorized")] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock, providerId: CHECKOUT })).resolves.toMatchObject({
      paymentPending: false,
    })
  })

  it("a card payment the bank is still processing: no order yet, asked again until the callback placed it", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(STILL_PROCESSING_MESSAGE), order()] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, providerId: CHECKOUT })
    expect(result).toMatchObject({ order: { id: "order_1" }, paymentPending: false })
    expect(completions()).toBe(2)
  })

  it("a saved-card charge the bank has not answered readably: 'we are checking your payment', never 'pay again'", async () => {
    const { client, clock } = setup({ [COMPLETE]: [{ status: 400, body: { message: CHECKING_PAYMENT_MESSAGE } }] })
    const error = await completeTbcPayment("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 3_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error).toMatchObject({ code: "payment_pending", canPayAgain: false, storeMessage: CHECKING_PAYMENT_MESSAGE })
  })

  it("never shows Medusa's session id wording, even without getCart to look closer", async () => {
    const refused = { status: 400, body: { message: "Session: payses_1 was not authorized with the provider." } }
    const { store, clock } = setup({ [COMPLETE]: [refused] })
    const completeCart = createTbcStoreClient({
      backendUrl: "http://api.test",
      publishableKey: "pk_1",
      fetch: store.fetch,
    }).completeCart
    const error = await completeTbcPayment("cart_1", { completeCart, ...clock }).catch((e) => e)
    expect(error).toMatchObject({
      code: "failed",
      message: expect.stringMatching(/^The bank did not authorize the payment/),
    })
    expect(error.storeMessage).toMatch(/payses_1/)
  })

  it("an installment not approved yet: installment_pending (not failed, not 'pay again'), no order", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(NOT_APPROVED_YET, "pending", INSTALLMENTS)] })
    const error = await completeTbcPayment("cart_1", {
      ...client,
      ...clock,
      providerId: INSTALLMENTS,
      timeoutMs: 2_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(TbcPaymentError)
    expect(error).toMatchObject({ code: "installment_pending", canPayAgain: false, storeMessage: NOT_APPROVED_YET })
    expect(error.message).toBe(TBC_SHOPPER_MESSAGES.installment_pending)
    expect(completions()).toBe(3)
  })

  it("keeps trying through a network failure until the deadline, then says the store is unreachable", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [new TypeError("Failed to fetch")] })
    const error = await completeTbcPayment("cart_1", {
      ...client,
      ...clock,
      timeoutMs: 3_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error.code).toBe("store_unreachable")
    expect(completions()).toBe(4)
  })

  it("shows the store's own words for an unknown refusal", async () => {
    const { client, clock } = setup({
      [COMPLETE]: [{ status: 400, body: { message: "Shipping address is required" } }],
    })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock })).rejects.toMatchObject({
      code: "failed",
      message: "Shipping address is required",
      status: 400,
    })
  })
})

describe("the provider's messages and the kit stay in step", () => {
  it.each([
    [DECLINED_MESSAGE, "declined"],
    [EXPIRED_MESSAGE, "expired"],
    [RETURNED_MESSAGE, "canceled"],
    [NOT_PAID_YET_MESSAGE, "payment_pending"],
    [STILL_PROCESSING_MESSAGE, "payment_pending"],
    [CHECKING_PAYMENT_MESSAGE, "payment_pending"],
  ])("%s → %s", (message, code) => {
    expect(classifyStoreMessage(message)).toBe(code)
  })

  const undecided = [
    INSTALLMENT_STATUS.Pending,
    INSTALLMENT_STATUS.InProgress,
    INSTALLMENT_STATUS.NeedConfirmation,
    INSTALLMENT_STATUS.WaitingForIncomeDocumentsUpload,
    INSTALLMENT_STATUS.WaitingForIncomeDocumentsVerification,
  ]
  it("every 'not approved yet' of the installments provider → installment_pending, whatever the bank's description", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...undecided),
        fc.option(fc.string(), { nil: undefined }),
        (statusId, description) => {
          expect(classifyStoreMessage(notApprovedYetMessage({ statusId, description, raw: {} }))).toBe(
            "installment_pending"
          )
        }
      )
    )
  })

  it("an amount or currency mismatch is a readable refusal in the store's own words (no code of its own)", async () => {
    const mismatch = paymentMismatch({ amount: 10, currency: "GEL" }, { amount: 9.99, currency: "GEL" })!
    expect(classifyStoreMessage(mismatch)).toBeNull()
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(mismatch, "error")] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "failed", message: mismatch, canPayAgain: false })
    expect(completions()).toBe(1)
  })
})

describe("waitForTbcDecision", () => {
  it("keeps completing the cart while the installment is under review, until the order appears", async () => {
    const pending = cartWith(NOT_APPROVED_YET, "pending", INSTALLMENTS)
    const { client, clock, completions } = setup({ [COMPLETE]: [pending, pending, pending, order()] })
    const result = await waitForTbcDecision("cart_1", { ...client, ...clock, providerId: INSTALLMENTS })
    expect(result.order.id).toBe("order_1")
    expect(completions()).toBe(4)
    expect(clock.now()).toBe(15_000) // every 5 s by default
  })

  it("ends at once when the bank declines the installment, the cart open to pay again", async () => {
    const refused = { status: 400, body: { message: "Session: payses_1 was not authorized with the provider." } }
    const { client, clock } = setup({
      [COMPLETE]: [cartWith(NOT_APPROVED_YET, "pending", INSTALLMENTS), refused],
      "GET /store/carts/cart_1": [cartWith("", "error", INSTALLMENTS)],
    })
    const error = await waitForTbcDecision("cart_1", { ...client, ...clock, providerId: INSTALLMENTS }).catch((e) => e)
    expect(error).toMatchObject({ code: "installment_declined", canPayAgain: true })
  })

  it("gives up at its deadline still pending (the store places the order when the bank decides)", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(NOT_APPROVED_YET, "pending", INSTALLMENTS)] })
    const error = await waitForTbcDecision("cart_1", {
      ...client,
      ...clock,
      providerId: INSTALLMENTS,
      timeoutMs: 5_000,
      intervalMs: 1_000,
    }).catch((e) => e)
    expect(error).toMatchObject({ code: "installment_pending", canPayAgain: false })
    expect(completions()).toBe(6)
  })
})
