/** The order page's card and method: the route the kit calls, with the cart id for guests, and its words. */
import { createTbcStoreClient, orderPaymentLines, StoreRequestError, type TbcOrderPayment } from ".."
import { fakeStore } from "./fake-store"

const PAID: TbcOrderPayment = {
  card_mask: "************1111",
  card_last4: "1111",
  payment_method: 9,
  payment_method_label: "Apple Pay",
}

describe("getOrderPayment", () => {
  it("asks GET /store/tbc/orders/:id/payment, with the cart id when given, and returns the payment", async () => {
    const seen: string[] = []
    const store = fakeStore({
      "GET /store/tbc/orders/order_1/payment": (call) => {
        seen.push(call.path)
        return { body: { order_id: "order_1", payment: PAID } }
      },
    })
    const urls: string[] = []
    const client = createTbcStoreClient({
      backendUrl: "http://api.test/",
      publishableKey: "pk_1",
      authToken: () => "customer-token",
      fetch: (url, init) => {
        urls.push(url)
        return store.fetch(url, init)
      },
    })
    expect(await client.getOrderPayment("order_1", "cart_01ABC")).toEqual(PAID)
    expect(urls).toEqual(["http://api.test/store/tbc/orders/order_1/payment?cart_id=cart_01ABC"])
    expect(store.calls[0].headers).toMatchObject({
      "x-publishable-api-key": "pk_1",
      authorization: "Bearer customer-token",
    })
    await client.getOrderPayment("order_1")
    expect(urls[1]).toBe("http://api.test/store/tbc/orders/order_1/payment")
  })

  it("a stranger's 404 is a StoreRequestError; the lines are the method and the card in the shopper's language", async () => {
    const store = fakeStore({
      "GET /store/tbc/orders/order_1/payment": [{ status: 404, body: { message: "Order order_1 was not found" } }],
    })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk_1", fetch: store.fetch })
    await expect(client.getOrderPayment("order_1")).rejects.toBeInstanceOf(StoreRequestError)
    expect(orderPaymentLines(PAID, "ru")).toEqual([
      { label: "Способ оплаты", value: "Apple Pay" },
      { label: "Карта", value: "************1111" },
    ])
    // a method number the kit does not know: the store's English label
    expect(
      orderPaymentLines({ ...PAID, payment_method: 42, payment_method_label: "Method 42", card_mask: null }, "ka")
    ).toEqual([{ label: "გადახდის საშუალება", value: "Method 42" }])
  })
})
