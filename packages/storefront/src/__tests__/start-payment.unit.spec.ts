import fc from "fast-check"
import {
  createTbcStoreClient,
  startTbcPayment,
  redirectToBank,
  tbcRedirectUrl,
  tbcSessionData,
  cartIdFromReturnUrl,
  TbcPaymentError,
  tbcMessage,
} from ".."
import { fakeStore } from "./fake-store"

const CHECKOUT = "pp_tbc-checkout_tbc"
const INSTALLMENTS = "pp_tbc-installments_tbc"
const BANK_PAGE = "http://127.0.0.1:4010/pay/abc"

function storeWithSession(providerId: string, sessionData: Record<string, unknown>, status = "pending") {
  return fakeStore({
    "GET /store/carts/cart_1": [{ body: { cart: { id: "cart_1", payment_collection: null } } }],
    "POST /store/payment-collections": [{ body: { payment_collection: { id: "paycol_1" } } }],
    "POST /store/payment-collections/paycol_1/payment-sessions": [
      {
        body: {
          payment_collection: {
            id: "paycol_1",
            payment_sessions: [{ id: "payses_1", provider_id: providerId, status, data: sessionData }],
          },
        },
      },
    ],
  })
}

describe("startTbcPayment", () => {
  it("creates the payment collection and a checkout session with the return URL, and returns the bank's page", async () => {
    const store = storeWithSession(CHECKOUT, { payId: "p1", redirect_url: BANK_PAGE })
    const client = createTbcStoreClient({
      backendUrl: "http://api.test/",
      publishableKey: "pk_1",
      fetch: store.fetch,
      authToken: () => "jwt",
    })
    const started = await startTbcPayment(client, "cart_1", {
      providerId: CHECKOUT,
      returnUrl: "http://shop.test/return?cart=cart_1",
      saveCard: true,
    })
    expect(started.redirectUrl).toBe(BANK_PAGE)
    expect(store.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "GET /store/carts/cart_1",
      "POST /store/payment-collections",
      "POST /store/payment-collections/paycol_1/payment-sessions",
    ])
    expect(store.calls[1].body).toEqual({ cart_id: "cart_1" })
    expect(store.calls[2].body).toEqual({
      provider_id: CHECKOUT,
      data: { return_url: "http://shop.test/return?cart=cart_1", save_card: true },
    })
    for (const call of store.calls) {
      expect(call.headers["x-publishable-api-key"]).toBe("pk_1")
      expect(call.headers.authorization).toBe("Bearer jwt")
    }
  })

  it("reads installments' redirectUrl and sends no checkout-only fields", async () => {
    const store = storeWithSession(INSTALLMENTS, { sessionId: "s1", redirectUrl: BANK_PAGE })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
    const started = await startTbcPayment(client, "cart_1", {
      providerId: INSTALLMENTS,
      returnUrl: "http://shop.test/",
      saveCard: true,
    })
    expect(started.redirectUrl).toBe(BANK_PAGE)
    expect(store.calls[2].body).toEqual({ provider_id: INSTALLMENTS })
    expect(store.calls[2].headers.authorization).toBeUndefined()
  })

  it("pays a saved card with no bank page and no return URL", async () => {
    const store = storeWithSession(CHECKOUT, { saved_card_mask: "4111…" })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
    const started = await startTbcPayment(client, "cart_1", {
      providerId: CHECKOUT,
      savedCardId: "tbccard_1",
      returnUrl: "http://shop.test/",
      saveCard: true,
    })
    expect(started.redirectUrl).toBeNull()
    expect(store.calls[2].body).toEqual({ provider_id: CHECKOUT, data: { saved_card_id: "tbccard_1" } })
  })

  it("reuses the cart's payment collection", async () => {
    const store = storeWithSession(CHECKOUT, { redirect_url: BANK_PAGE })
    store.calls.length = 0
    const client = createTbcStoreClient({
      backendUrl: "http://api.test",
      publishableKey: "pk_1",
      fetch: (url, init) =>
        url.endsWith(
          "/store/carts/cart_1?fields=" +
            encodeURIComponent("id,completed_at,*payment_collection,*payment_collection.payment_sessions")
        )
          ? Promise.resolve({
              ok: true,
              status: 200,
              text: async () => JSON.stringify({ cart: { id: "cart_1", payment_collection: { id: "paycol_1" } } }),
            })
          : store.fetch(url, init),
    })
    await startTbcPayment(client, "cart_1", { providerId: CHECKOUT })
    expect(store.calls.map((call) => call.path)).toEqual(["/store/payment-collections/paycol_1/payment-sessions"])
  })

  it("turns the store's refusal into a TbcPaymentError: shopper words, the store's words kept for logs", async () => {
    const store = fakeStore({
      "GET /store/carts/cart_1": [{ body: { cart: { id: "cart_1", payment_collection: { id: "paycol_1" } } } }],
      "POST /store/payment-collections/paycol_1/payment-sessions": [
        { status: 400, body: { message: "Something the store says" } },
        { status: 400, body: { message: "data.save_card: not with method 8" } },
      ],
    })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
    const error = await startTbcPayment(client, "cart_1", { providerId: CHECKOUT, saveCard: true }).catch((e) => e)
    expect(error).toBeInstanceOf(TbcPaymentError)
    expect(error).toMatchObject({
      code: "failed",
      status: 400,
      message: tbcMessage("failed"),
      storeMessage: "Something the store says",
    })
    // a refusal the plugin words (src/lib/shopper-texts.ts) gets its own sentence
    const known = await startTbcPayment(client, "cart_1", { providerId: CHECKOUT, saveCard: true }).catch((e) => e)
    expect(known).toMatchObject({
      code: "save_card_not_allowed",
      message: tbcMessage("save_card_not_allowed"),
      storeMessage: "data.save_card: not with method 8",
    })
  })

  it("fails clearly when a TBC session comes back without a bank page", async () => {
    const store = storeWithSession(CHECKOUT, { payId: "p1" })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
    await expect(startTbcPayment(client, "cart_1", { providerId: CHECKOUT })).rejects.toMatchObject({
      code: "failed",
      message: tbcMessage("failed"),
      storeMessage: expect.stringMatching(/no redirect_url/),
    })
  })

  it("says the store is unreachable when fetch itself fails", async () => {
    const store = fakeStore({ "GET /store/carts/cart_1": [new TypeError("Failed to fetch")] })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
    await expect(startTbcPayment(client, "cart_1", { providerId: CHECKOUT })).rejects.toMatchObject({
      code: "store_unreachable",
    })
  })
})

describe("session helpers", () => {
  it("reads the bank page under either key, checkout's first", () => {
    expect(tbcRedirectUrl({ provider_id: CHECKOUT, data: { redirect_url: BANK_PAGE } })).toBe(BANK_PAGE)
    expect(tbcRedirectUrl({ provider_id: INSTALLMENTS, data: { redirectUrl: BANK_PAGE } })).toBe(BANK_PAGE)
    expect(tbcRedirectUrl({ approvalUrl: BANK_PAGE })).toBe(BANK_PAGE)
    expect(tbcRedirectUrl({ provider_id: CHECKOUT, data: null })).toBeNull()
  })

  it("never returns a link that is not http(s) (a javascript: URL in data cannot become a redirect)", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom("redirect_url", "redirectUrl", "approvalUrl"), (value, key) => {
        const url = tbcRedirectUrl({ [key]: value })
        expect(url === null || /^https?:\/\//i.test(url)).toBe(true)
        expect(url === null ? !/^https?:\/\//i.test(value) : url === value).toBe(true)
      })
    )
    expect(() => redirectToBank("javascript:alert(1)", { assign: () => undefined })).toThrow(/not an http/)
  })

  it("passes unknown providers' data through untouched", () => {
    expect(
      tbcSessionData({ providerId: "pp_system_default", returnUrl: "http://x/", saveCard: true, data: { a: 1 } })
    ).toEqual({ a: 1 })
  })

  it("takes the cart id from the return URL only when it looks like one", () => {
    expect(cartIdFromReturnUrl("http://shop.test/?cart=cart_01ABC")).toBe("cart_01ABC")
    expect(cartIdFromReturnUrl("http://shop.test/?cart=%3Cscript%3E")).toBeNull()
    expect(cartIdFromReturnUrl("not a url")).toBeNull()
  })
})
