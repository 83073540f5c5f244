import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { createTbcStoreClient, tbcMessage, tbcShopperView, type TbcReturnState } from ".."
import { createTbcReact, type ReactLike } from "../react"
import { COMPLETE, DECIDED, INSTALLMENT_PENDING, PENDING, STATUS } from "./complete-payment-fixtures"
import { fakeClock, fakeStore } from "./fake-store"

const CHECKOUT = "pp_tbc-checkout_tbc"
const BANK_PAGE = "http://127.0.0.1:4010/pay/abc"

interface FakeElement {
  type: string
  props: Record<string, unknown>
  children: unknown[]
}

/** Just enough React to call a component as a function: state is kept between "renders". */
function fakeReact() {
  const state: unknown[] = []
  const effects: Array<() => void | (() => void)> = []
  let cursor = 0
  const react: ReactLike = {
    createElement: (type, props, ...children) => ({ type, props: props ?? {}, children }) as FakeElement,
    useState<S>(initial: S) {
      const index = cursor++
      if (!(index in state)) state[index] = initial
      return [state[index] as S, (value: S) => void (state[index] = value)]
    },
    useEffect: (effect) => void effects.push(effect),
  }
  return {
    react,
    render<P>(component: (props: P) => unknown, props: P) {
      cursor = 0
      return component(props)
    },
    runEffects: () => effects.splice(0).forEach((effect) => effect()),
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe("createTbcReact", () => {
  it("renders with the real React (the kit takes React as a peer, it bundles none)", () => {
    const { TbcPayButton } = createTbcReact(React)
    const client = createTbcStoreClient({
      backendUrl: "http://api.test",
      publishableKey: "pk",
      fetch: fakeStore({}).fetch,
    })
    const html = renderToStaticMarkup(
      React.createElement(TbcPayButton, {
        client,
        cartId: "cart_1",
        choice: { providerId: CHECKOUT },
        label: "Pay by card",
      })
    )
    expect(html).toBe('<div><button type="button" data-testid="tbc-pay-button">Pay by card</button></div>')
  })

  it("TbcPayButton starts the payment and sends the shopper to the bank's page", async () => {
    const store = fakeStore({
      "GET /store/carts/cart_1": [{ body: { cart: { id: "cart_1", payment_collection: { id: "paycol_1" } } } }],
      "POST /store/payment-collections/paycol_1/payment-sessions": [
        {
          body: {
            payment_collection: {
              payment_sessions: [{ provider_id: CHECKOUT, status: "pending", data: { redirect_url: BANK_PAGE } }],
            },
          },
        },
      ],
    })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk", fetch: store.fetch })
    const fake = fakeReact()
    const { TbcPayButton } = createTbcReact(fake.react)
    const redirects: string[] = []
    const props = {
      client,
      cartId: "cart_1",
      choice: { providerId: CHECKOUT, returnUrl: "http://shop.test/?cart=cart_1" },
      onRedirect: (url: string) => redirects.push(url),
    }
    const button = (fake.render(TbcPayButton, props) as FakeElement).children[0] as FakeElement
    await (button.props.onClick as () => Promise<void>)()
    expect(redirects).toEqual([BANK_PAGE])
    const after = (fake.render(TbcPayButton, props) as FakeElement).children[0] as FakeElement
    expect(after.props.disabled).toBe(true) // stays disabled while the browser leaves
  })

  it("TbcPayButton shows the shopper's message when the store refuses", async () => {
    const store = fakeStore({ "GET /store/carts/cart_1": [new TypeError("Failed to fetch")] })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk", fetch: store.fetch })
    const fake = fakeReact()
    const { TbcPayButton } = createTbcReact(fake.react)
    const props = { client, cartId: "cart_1", choice: { providerId: CHECKOUT } }
    const first = fake.render(TbcPayButton, props) as FakeElement
    await ((first.children[0] as FakeElement).props.onClick as () => Promise<void>)()
    const [button, alert] = (fake.render(TbcPayButton, props) as FakeElement).children as FakeElement[]
    expect(button.props.disabled).toBe(false)
    expect(alert.children).toEqual([tbcMessage("store_unreachable")])
  })

  it("useTbcReturn asks the status, completes the cart once and reports the placed order", async () => {
    const store = fakeStore({
      [STATUS]: [DECIDED],
      [COMPLETE]: [{ body: { type: "order", order: { id: "order_1", payment_status: "captured" } } }],
    })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk", fetch: store.fetch })
    const fake = fakeReact()
    const { useTbcReturn } = createTbcReact(fake.react)
    const options = { ...client, ...fakeClock(), cartId: "cart_1" }
    expect(fake.render(useTbcReturn, options)).toEqual({ status: "completing" })
    fake.runEffects()
    await flush()
    expect(fake.render(useTbcReturn, options)).toMatchObject({
      status: "placed",
      completion: { order: { id: "order_1" }, paymentPending: false },
    })
    expect(store.calls.map((call) => call.method)).toEqual(["GET", "POST"])
  })

  it("useTbcReturn says 'waiting for the bank' while the installment is under review, then reports the order", async () => {
    const store = fakeStore({
      [STATUS]: [INSTALLMENT_PENDING, INSTALLMENT_PENDING, INSTALLMENT_PENDING, DECIDED],
      [COMPLETE]: [
        { body: { type: "order", order: { id: "order_1", payment_collections: [{ status: "authorized" }] } } },
      ],
    })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk", fetch: store.fetch })
    const fake = fakeReact()
    const { useTbcReturn } = createTbcReact(fake.react)
    let release: () => void = () => undefined
    const clock = fakeClock()
    // the first wait of waitForTbcDecision holds until the test has seen the "waiting" state
    const sleep = async (ms: number) => {
      if (clock.now() > 0) await new Promise<void>((resolve) => (release = resolve))
      await clock.sleep(ms)
    }
    const options = {
      ...client,
      ...clock,
      sleep,
      cartId: "cart_1",
      providerId: "pp_tbc-installments_tbc",
      timeoutMs: 1_000,
      intervalMs: 1_000,
    }
    fake.render(useTbcReturn, options)
    fake.runEffects()
    await flush()
    const waiting = fake.render(useTbcReturn, options) as TbcReturnState
    expect(waiting).toMatchObject({ status: "waiting", error: { code: "installment_pending", canPayAgain: false } })
    expect(tbcShopperView(waiting, "ka")).toMatchObject({
      tone: "waiting",
      title: "ველოდებით ბანკის პასუხს",
      actions: [{ kind: "back_to_shop", label: "მაღაზიაში დაბრუნება" }],
    })
    release()
    await flush()
    expect(fake.render(useTbcReturn, options)).toMatchObject({
      status: "placed",
      completion: { order: { id: "order_1" } },
    })
    // four questions, one completion: waiting never completed the cart
    expect(store.calls.map((call) => call.method)).toEqual(["GET", "GET", "GET", "GET", "POST"])
  })

  it("useTbcReturn stays 'waiting' (never 'failed') when the bank still has not decided at the end of its wait", async () => {
    const store = fakeStore({ [STATUS]: [PENDING] })
    const client = createTbcStoreClient({ backendUrl: "http://api.test", publishableKey: "pk", fetch: store.fetch })
    const fake = fakeReact()
    const { useTbcReturn } = createTbcReact(fake.react)
    const options = {
      ...client,
      ...fakeClock(),
      cartId: "cart_1",
      timeoutMs: 2_000,
      intervalMs: 1_000,
      waitTimeoutMs: 3_000,
    }
    fake.render(useTbcReturn, options)
    fake.runEffects()
    await flush()
    expect(fake.render(useTbcReturn, options)).toMatchObject({
      status: "waiting",
      error: { code: "payment_pending", canPayAgain: false },
    })
    expect(store.calls.length).toBeGreaterThan(3) // the wait asked again after the first deadline
    expect(store.calls.every((call) => call.method === "GET")).toBe(true)
  })

  it("useTbcReturn does nothing without a cart id", () => {
    const fake = fakeReact()
    const { useTbcReturn } = createTbcReact(fake.react)
    const completeCart = jest.fn()
    const getPaymentStatus = jest.fn()
    const state = fake.render(useTbcReturn, { cartId: null, completeCart, getPaymentStatus }) as TbcReturnState
    expect(state).toEqual({ status: "idle" })
    fake.runEffects()
    expect(completeCart).not.toHaveBeenCalled()
    expect(getPaymentStatus).not.toHaveBeenCalled()
    // a way forward all the same: back to the shop
    expect(tbcShopperView(state, "ru").actions).toEqual([{ kind: "back_to_shop", label: "Вернуться в магазин" }])
  })
})
