import { DECLINED_MESSAGE, EXPIRED_MESSAGE, NOT_PAID_YET_MESSAGE, RETURNED_MESSAGE } from "../../lib/checkout-status"
import fc from "fast-check"
import {
  classifyStoreMessage,
  completeTbcPayment,
  createTbcStoreClient,
  judgeCompletion,
  judgeSession,
  TbcPaymentError,
  TBC_SHOPPER_MESSAGES,
  waitForTbcDecision,
} from ".."
import { fakeClock, fakeStore } from "./fake-store"

const CHECKOUT = "pp_tbc-checkout_tbc"
const INSTALLMENTS = "pp_tbc-installments_tbc"
const COMPLETE = "POST /store/carts/cart_1/complete"
/** complete-cart's answer: the order with its payment collections (no payment_status there). */
const order = (collectionStatus = "completed") => ({
  body: { type: "order", order: { id: "order_1", display_id: 7, payment_collections: [{ status: collectionStatus }] } },
})
const cartWith = (message: string, status = "pending", provider_id = CHECKOUT) => ({
  body: {
    type: "cart",
    cart: { id: "cart_1", payment_collection: { id: "paycol_1", payment_sessions: [{ id: "payses_1", provider_id, status, data: {} }] } },
    error: { message, type: "payment_authorization_error" },
  },
})

function setup(routes: Parameters<typeof fakeStore>[0]) {
  const store = fakeStore(routes)
  const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
  const clock = fakeClock()
  const completions = () => store.calls.filter((call) => call.path === "/store/carts/cart_1/complete").length
  return { store, client, clock, completions }
}

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
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(NOT_PAID_YET_MESSAGE), cartWith(NOT_PAID_YET_MESSAGE), order()] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, intervalMs: 1000 })
    expect(result.order.id).toBe("order_1")
    expect(completions()).toBe(3)
    expect(clock.now()).toBe(2000)
  })

  it("retries while the callback completes the same cart (409)", async () => {
    const busy = { status: 409, body: { message: "Cart is already being completed by another request" } }
    const { client, clock, completions } = setup({ [COMPLETE]: [busy, order()] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock })).resolves.toMatchObject({ order: { id: "order_1" } })
    expect(completions()).toBe(2)
  })

  it("stops at the deadline with 'we are checking your payment' when the bank never confirms", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [cartWith(NOT_PAID_YET_MESSAGE)] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock, timeoutMs: 10_000, intervalMs: 2_000 }).catch((e) => e)
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
    expect(error).toMatchObject({ code: "installment_declined", message: "The bank did not approve the installment.", canPayAgain: true })
    expect(error.message).not.toMatch(/payses_|Session:/)
  })

  it("a preauthorized card payment is not pending", async () => {
    const { client, clock } = setup({ [COMPLETE]: [order("authorized")] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock, providerId: CHECKOUT })).resolves.toMatchObject({ paymentPending: false })
  })

  it("a card payment the bank is still processing: placed, 'we are checking your payment'", async () => {
    const { client, clock } = setup({ [COMPLETE]: [order("awaiting")] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, providerId: CHECKOUT })
    expect(result).toMatchObject({ paymentPending: true, message: expect.stringMatching(/checking your payment with the bank/) })
  })

  it("never shows Medusa's session id wording, even without getCart to look closer", async () => {
    const refused = { status: 400, body: { message: "Session: payses_1 was not authorized with the provider." } }
    const { store, clock } = setup({ [COMPLETE]: [refused] })
    const completeCart = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch }).completeCart
    const error = await completeTbcPayment("cart_1", { completeCart, ...clock }).catch((e) => e)
    expect(error).toMatchObject({ code: "failed", message: expect.stringMatching(/^The bank did not authorize the payment/) })
    expect(error.storeMessage).toMatch(/payses_1/)
  })

  it("says an installment is not approved yet when the order is placed awaiting the bank", async () => {
    const { client, clock } = setup({ [COMPLETE]: [order("awaiting")] })
    const result = await completeTbcPayment("cart_1", { ...client, ...clock, providerId: INSTALLMENTS })
    expect(result.paymentPending).toBe(true)
    expect(result.message).toMatch(/has not approved the installment yet/)
  })

  it("keeps trying through a network failure until the deadline, then says the store is unreachable", async () => {
    const { client, clock, completions } = setup({ [COMPLETE]: [new TypeError("Failed to fetch")] })
    const error = await completeTbcPayment("cart_1", { ...client, ...clock, timeoutMs: 3_000, intervalMs: 1_000 }).catch((e) => e)
    expect(error.code).toBe("store_unreachable")
    expect(completions()).toBe(4)
  })

  it("shows the store's own words for an unknown refusal", async () => {
    const { client, clock } = setup({ [COMPLETE]: [{ status: 400, body: { message: "Shipping address is required" } }] })
    await expect(completeTbcPayment("cart_1", { ...client, ...clock })).rejects.toMatchObject({ code: "failed", message: "Shipping address is required", status: 400 })
  })
})

describe("the provider's messages and the kit stay in step", () => {
  it.each([
    [DECLINED_MESSAGE, "declined"],
    [EXPIRED_MESSAGE, "expired"],
    [RETURNED_MESSAGE, "canceled"],
    [NOT_PAID_YET_MESSAGE, "payment_pending"],
  ])("%s → %s", (message, code) => {
    expect(classifyStoreMessage(message)).toBe(code)
  })
})

describe("waitForTbcDecision", () => {
  it("polls the order until the bank has decided", async () => {
    const clock = fakeClock()
    const statuses = ["awaiting", "awaiting", "authorized"]
    const getOrder = jest.fn(async () => ({ id: "order_1", payment_status: statuses.shift() }))
    await expect(waitForTbcDecision("order_1", { getOrder, ...clock })).resolves.toMatchObject({ payment_status: "authorized" })
    expect(getOrder).toHaveBeenCalledTimes(3)
  })

  it("gives up at the deadline and returns the order still awaiting", async () => {
    const clock = fakeClock()
    const getOrder = jest.fn(async () => ({ id: "order_1", payment_status: "awaiting" }))
    await expect(waitForTbcDecision("order_1", { getOrder, ...clock, timeoutMs: 5_000, intervalMs: 1_000 })).resolves.toMatchObject({
      payment_status: "awaiting",
    })
    expect(getOrder).toHaveBeenCalledTimes(6)
  })
})

describe("judgeCompletion (properties)", () => {
  const sessionStatus = fc.constantFrom("pending", "pending_authorization", "requires_more", "error", "canceled", "authorized", undefined)
  const provider = fc.constantFrom(CHECKOUT, INSTALLMENTS, "pp_system_default")

  it("an order is always the order; a 409 or 'not paid yet' is always asked again", () => {
    fc.assert(
      fc.property(fc.string(), provider, (id, providerId) => {
        expect(judgeCompletion({ response: { type: "order", order: { id } } }, providerId)).toEqual({ kind: "order", order: { id } })
        expect(judgeCompletion({ error: Object.assign(new Error("busy"), { status: 409 }) }, providerId)).toEqual({ kind: "retry", code: "cart_busy" })
        const notYet = { type: "cart" as const, cart: { id: "cart_1" }, error: { message: NOT_PAID_YET_MESSAGE } }
        expect(judgeCompletion({ response: notYet }, providerId)).toEqual({ kind: "retry", code: "payment_pending" })
      })
    )
  })

  it("a shopper never reads Medusa's session wording, whatever the session's state", () => {
    fc.assert(
      fc.property(sessionStatus, provider, fc.constantFrom("Payment authorization failed", "Session: payses_01ABC was not authorized with the provider."), (status, providerId, message) => {
        const cart = { id: "cart_1", payment_collection: { id: "paycol_1", payment_sessions: status ? [{ provider_id: providerId, status }] : [] } }
        const step = judgeSession(cart, providerId, message)
        if (step.kind === "failed") expect(step.error.message).not.toMatch(/payses_|Session:|authorization failed/)
        else expect(step.kind).toBe(status && ["pending", "pending_authorization", "requires_more"].includes(status) ? "retry" : "never")
      })
    )
  })
})
