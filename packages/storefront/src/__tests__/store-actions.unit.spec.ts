/**
 * The kit's calls through a storefront's server action (store-actions.ts): only the kit's calls
 * pass, each to its own path with the customer's login; refusals come back as data that the
 * browser side turns into the same errors the kit shows without a server.
 */
import { asTbcPaymentError, checkTbcStoreCall, runTbcStoreCall, tbcStoreOverAction, type TbcStoreCall } from ".."
import { fakeStore } from "./fake-store"

const BACKEND = { backendUrl: "http://api.test", publishableKey: "pk_1" }
const LOGGED_IN = { authorization: "Bearer customer-token" }

describe("runTbcStoreCall (the storefront's server)", () => {
  it("refuses anything but the kit's calls, naming the field and its rule", () => {
    const problems = [
      [{ op: "get-anything", path: "/admin/users" }, /^op: must be one of payment-options, saved-cards/],
      [{ op: "payment-status", cartId: "../admin" }, /^cartId: must be a cart id/],
      [{ op: "order-payment", orderId: "order_1", cartId: "x" }, /^cartId: must be a cart id/],
      [{ op: "delete-saved-card", cardId: "rec_123" }, /^cardId: must be a saved card id \(tbccard_…\)/],
      [{ op: "saved-cards", path: "/store/customers/me" }, /^path: is not a field of the saved-cards call/],
      [null, /^op: must be one of/],
    ] as const
    for (const [call, problem] of problems) {
      expect(checkTbcStoreCall(call)).toEqual({ problem: expect.stringMatching(problem) })
    }
    expect(checkTbcStoreCall({ op: "order-payment", orderId: "order_1" })).toEqual({
      call: { op: "order-payment", orderId: "order_1" },
    })
  })

  it("asks each call's own path with the publishable key and the customer's login", async () => {
    const store = fakeStore({
      "GET /store/tbc/payment-options": [
        { body: { payment_options: [{ provider_id: "pp_tbc-checkout_tbc", available: true }] } },
      ],
      "GET /store/customers/me/tbc-cards": [
        { body: { cards: [{ id: "tbccard_1", card_mask: "4***1111", expiry_date: "0527" }] } },
      ],
      "DELETE /store/customers/me/tbc-cards/tbccard_1": [{ body: { id: "tbccard_1", deleted: true } }],
      "GET /store/tbc/orders/order_1/payment": [{ body: { order_id: "order_1", payment: null } }],
    })
    const run = (call: TbcStoreCall) => runTbcStoreCall(call, { ...BACKEND, headers: LOGGED_IN, fetch: store.fetch })
    expect(await run({ op: "payment-options", cartId: "cart_1" })).toEqual({
      ok: true,
      value: [{ provider_id: "pp_tbc-checkout_tbc", available: true }],
      placedOrder: false,
    })
    expect(await run({ op: "saved-cards" })).toMatchObject({ ok: true, value: [{ id: "tbccard_1" }] })
    expect(await run({ op: "delete-saved-card", cardId: "tbccard_1" })).toEqual({
      ok: true,
      value: null,
      placedOrder: false,
    })
    expect(await run({ op: "order-payment", orderId: "order_1" })).toMatchObject({ ok: true, value: null })
    expect(store.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /store/tbc/payment-options",
      "GET /store/customers/me/tbc-cards",
      "DELETE /store/customers/me/tbc-cards/tbccard_1",
      "GET /store/tbc/orders/order_1/payment",
    ])
    for (const call of store.calls) {
      expect(call.headers).toMatchObject({ "x-publishable-api-key": "pk_1", authorization: "Bearer customer-token" })
    }
  })

  it("a guest has no saved cards (the store is not asked); a placed order says so; a refusal is data with its status and code", async () => {
    const store = fakeStore({
      "POST /store/carts/cart_1/complete": [{ body: { type: "order", order: { id: "order_1" } } }],
      "GET /store/tbc/carts/cart_2/payment-status": [{ status: 404, body: { message: "Cart cart_2 was not found" } }],
      "DELETE /store/customers/me/tbc-cards/tbccard_1": [
        { status: 401, body: { code: "login_required", message: "Log in to delete a saved card." } },
      ],
    })
    const guest = (call: TbcStoreCall) => runTbcStoreCall(call, { ...BACKEND, headers: {}, fetch: store.fetch })
    expect(await guest({ op: "saved-cards" })).toEqual({ ok: true, value: null, placedOrder: false })
    expect(store.calls).toEqual([])
    expect(await guest({ op: "complete-cart", cartId: "cart_1" })).toMatchObject({ ok: true, placedOrder: true })
    const missing = await guest({ op: "payment-status", cartId: "cart_2" })
    expect(missing).toEqual({
      ok: false,
      status: 404,
      message: "Cart cart_2 was not found",
      body: { message: "Cart cart_2 was not found" },
    })
    const refused = await guest({ op: "delete-saved-card", cardId: "tbccard_1" })
    expect(refused).toMatchObject({ ok: false, status: 401, body: { code: "login_required" } })
    const unreachable = await runTbcStoreCall(
      { op: "payment-status", cartId: "cart_3" },
      {
        ...BACKEND,
        fetch: async () => {
          throw new TypeError("fetch failed")
        },
      }
    )
    expect(unreachable).toMatchObject({ ok: false, body: { code: "store_unreachable" } })
    expect(await guest({ op: "nothing" } as never)).toMatchObject({ ok: false, status: 400 })
  })
})

describe("runTbcStoreCall with the dtc-starter's settings", () => {
  const env = process.env
  afterEach(() => {
    process.env = env
  })

  it("reads the backend and the publishable key from the starter's env variables when not given", async () => {
    process.env = {
      ...env,
      NEXT_PUBLIC_MEDUSA_BACKEND_URL: "http://store.test:9100",
      NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: "pk_env",
    }
    const seen: string[] = []
    const answer = await runTbcStoreCall(
      { op: "payment-status", cartId: "cart_1" },
      {
        fetch: async (url, init) => {
          seen.push(`${url} ${init.headers["x-publishable-api-key"]}`)
          return { ok: true, status: 200, text: async () => JSON.stringify({ payment_status: { decided: false } }) }
        },
      }
    )
    expect(answer).toMatchObject({ ok: true })
    expect(seen).toEqual(["http://store.test:9100/store/tbc/carts/cart_1/payment-status pk_env"])
  })

  it("without a publishable key anywhere, answers a refusal that names it", async () => {
    process.env = { ...env, NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: "" }
    expect(await runTbcStoreCall({ op: "saved-cards" })).toEqual({
      ok: false,
      message: expect.stringContaining("publishableKey is required"),
    })
  })

  it("calls onOrderPlaced once the cart became an order, and only then; its failure does not undo the order's answer", async () => {
    const store = fakeStore({
      "POST /store/carts/cart_1/complete": [{ body: { type: "order", order: { id: "order_1" } } }],
      "POST /store/carts/cart_2/complete": [
        { body: { type: "cart", cart: { id: "cart_2" }, error: { message: "x" } } },
      ],
    })
    const placed: string[] = []
    const cleared = await runTbcStoreCall(
      { op: "complete-cart", cartId: "cart_1" },
      { ...BACKEND, fetch: store.fetch, onOrderPlaced: () => placed.push("cart_1") }
    )
    expect(cleared).toMatchObject({ ok: true, placedOrder: true })
    const notYet = await runTbcStoreCall(
      { op: "complete-cart", cartId: "cart_2" },
      { ...BACKEND, fetch: store.fetch, onOrderPlaced: () => placed.push("cart_2") }
    )
    expect(notYet).toMatchObject({ ok: true, placedOrder: false })
    expect(placed).toEqual(["cart_1"])

    const failing = fakeStore({
      "POST /store/carts/cart_3/complete": [{ body: { type: "order", order: { id: "order_3" } } }],
    })
    const answer = await runTbcStoreCall(
      { op: "complete-cart", cartId: "cart_3" },
      {
        ...BACKEND,
        fetch: failing.fetch,
        onOrderPlaced: async () => {
          throw new Error("cookies() outside a request")
        },
      }
    )
    expect(answer).toMatchObject({ ok: true, placedOrder: true, value: { order: { id: "order_3" } } })
  })
})

describe("tbcStoreOverAction (the browser)", () => {
  it("sends each call to the action and gives back its value, or throws its refusal as the kit's error", async () => {
    const sent: TbcStoreCall[] = []
    const store = tbcStoreOverAction(async (call) => {
      sent.push(call)
      if (call.op === "payment-status") return { ok: false, status: 404, message: "Cart cart_9 was not found" }
      if (call.op === "delete-saved-card")
        return { ok: false, status: 401, message: "Log in.", body: { code: "login_required" } }
      return { ok: true, value: call.op === "saved-cards" ? null : [], placedOrder: false }
    })
    expect(await store.listSavedCards()).toBeNull()
    expect(await store.getPaymentOptions("cart_1")).toEqual([])
    await store.getOrderPayment("order_1")
    await store.getOrderPayment("order_1", "cart_1")
    const missing = await store.getPaymentStatus("cart_9").catch((error) => error)
    expect(missing).toMatchObject({ status: 404 })
    const loggedOut = await store.deleteSavedCard("tbccard_1").catch(asTbcPaymentError)
    expect(loggedOut).toMatchObject({ code: "login_required" })
    expect(sent).toEqual([
      { op: "saved-cards" },
      { op: "payment-options", cartId: "cart_1" },
      { op: "order-payment", orderId: "order_1" },
      { op: "order-payment", orderId: "order_1", cartId: "cart_1" },
      { op: "payment-status", cartId: "cart_9" },
      { op: "delete-saved-card", cardId: "tbccard_1" },
    ])
  })
})
