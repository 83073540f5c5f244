/**
 * TbcPaymentLink (createTbcReact): the page a payment link opens, run with a fake React against a
 * fake store: it reads the link, shows the order in the shopper's language, and Pay asks the store
 * for the bank's page in that language, keeps the token for the way back and goes there; a link
 * paid or closed meanwhile (409) is shown as it is now; back from the bank, it reads the link again
 * until the bank's answer is in; and it renders with the real React.
 */
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { StoreRequestError, tbcWords, type TbcPaymentLink } from ".."
import { createTbcReact, type TbcPaymentLinkProps } from "../react"
import { fakeReact, flush, oneByTestId, textOf, byTestId, type FakeElement } from "./fake-react"

const ID = "tbcpl_01JLINK0000000000000000"
const TOKEN = "tok_3q2-Xb9aZ0dQ7mW1kL5pR8sT4uV6yN0c"
const BANK = "https://tpay.test/pay/link-1"
const LINK: TbcPaymentLink = {
  id: ID,
  status: "open",
  amount: 4550,
  currency_code: "gel",
  expires_at: "2099-12-05T14:00:00Z",
  order: { display_id: 7, items: [{ title: "ჩურჩხელა", quantity: 3, total: 4550 }], total: 4550 },
}

const tab = new Map<string, string>()
beforeAll(() => {
  Object.assign(globalThis, {
    window: globalThis,
    location: { href: `https://shop.ge/ge/tbc/pay/${ID}?token=${TOKEN}`, assign: () => undefined },
    sessionStorage: {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => tab.set(key, value),
    },
  })
})
afterAll(() => {
  for (const key of ["window", "location", "sessionStorage"]) delete (globalThis as Record<string, unknown>)[key]
})
beforeEach(() => tab.clear())

function linkPage(answers: TbcPaymentLink[], pay: jest.Mock = jest.fn(async () => BANK)) {
  const fake = fakeReact()
  let asked = 0
  const client = {
    getPaymentLink: jest.fn(async () => answers[Math.min(asked++, answers.length - 1)]),
    payPaymentLink: pay,
  }
  const { TbcPaymentLink } = createTbcReact(fake.react, { store: client as never })
  const redirects: string[] = []
  const props: TbcPaymentLinkProps = {
    locale: "ka",
    onRedirect: (url) => redirects.push(url),
    timing: { sleep: async () => undefined, intervalMs: 1, timeoutMs: 60_000 },
  }
  const render = () => fake.render(TbcPaymentLink, props) as FakeElement
  const settle = async () => {
    render()
    fake.runEffects()
    render()
    fake.runEffects()
    for (let i = 0; i < 8; i += 1) await flush()
    return render()
  }
  return { client, redirects, render, settle }
}

describe("TbcPaymentLink", () => {
  it("reads the link of the page's URL and shows the order in Georgian", async () => {
    const { client, settle } = linkPage([LINK])
    const page = await settle()
    expect(client.getPaymentLink).toHaveBeenCalledWith(ID, TOKEN)
    const words = tbcWords("ka").paymentLink
    expect(textOf(page)).toContain(words.titles.open)
    expect(textOf(oneByTestId(page, "tbc-payment-link-order"))).toBe("შეკვეთა #7")
    expect(textOf(oneByTestId(page, "tbc-payment-link-lines"))).toBe("ჩურჩხელა 3 ც. — 45,50\u00a0₾")
    expect(textOf(oneByTestId(page, "tbc-payment-link-amount"))).toBe(`${words.amount}: 45,50\u00a0₾`)
    expect(textOf(oneByTestId(page, "tbc-payment-link-pay"))).toBe("გადაიხადეთ 45,50\u00a0₾")
  })

  it("Pay asks for the bank's page in Georgian, keeps the token for the way back, and goes there", async () => {
    const { client, redirects, settle } = linkPage([LINK])
    const page = await settle()
    await (oneByTestId(page, "tbc-payment-link-pay").props.onClick as () => Promise<void>)()
    expect(client.payPaymentLink).toHaveBeenCalledWith(ID, TOKEN, "KA")
    expect(redirects).toEqual([BANK])
    expect(tab.get(`tbc-payment-link:${ID}`)).toBe(TOKEN)
  })

  it("a link paid elsewhere meanwhile (409): shown as it is now, with no Pay button", async () => {
    const closed: TbcPaymentLink = { ...LINK, status: "closed", closed_reason: "paid_elsewhere" }
    const refused = jest.fn(async () => {
      throw new StoreRequestError(409, "the payment link is not payable", {})
    })
    const { redirects, settle, render } = linkPage([LINK, closed], refused)
    const page = await settle()
    await (oneByTestId(page, "tbc-payment-link-pay").props.onClick as () => Promise<void>)()
    const after = render()
    expect(redirects).toEqual([])
    expect(byTestId(after, "tbc-payment-link-pay")).toHaveLength(0)
    expect(byTestId(after, "tbc-payment-link-error")).toHaveLength(0) // the state says it; no second sentence
    expect(textOf(oneByTestId(after, "tbc-payment-link-message"))).toBe(
      tbcWords("ka").paymentLink.closedReasons.paid_elsewhere
    )
  })

  it("a bank that does not answer: the link stays payable and the page says why Pay failed", async () => {
    const down = jest.fn(async () => {
      throw new StoreRequestError(502, "TBC did not answer", {})
    })
    const { settle, render } = linkPage([LINK], down)
    await (oneByTestId(await settle(), "tbc-payment-link-pay").props.onClick as () => Promise<void>)()
    const after = render()
    expect(byTestId(after, "tbc-payment-link-pay")).toHaveLength(1)
    expect(textOf(oneByTestId(after, "tbc-payment-link-error"))).not.toBe("")
  })

  it("back from the bank: reads the link again while the bank confirms, until it is paid", async () => {
    const { client, settle } = linkPage([
      { ...LINK, status: "paying" },
      { ...LINK, status: "paying" },
      { ...LINK, status: "paid" },
    ])
    const page = await settle()
    expect(client.getPaymentLink).toHaveBeenCalledTimes(3)
    expect(textOf(page)).toContain(tbcWords("ka").paymentLink.titles.paid)
    expect(byTestId(page, "tbc-payment-link-pay")).toHaveLength(0)
  })

  it("renders with the real React (the empty frame on the server, before the URL is known)", () => {
    const { TbcPaymentLink } = createTbcReact(React, {})
    const client = { getPaymentLink: async () => LINK, payPaymentLink: async () => BANK }
    const html = renderToStaticMarkup(React.createElement(TbcPaymentLink, { client }))
    expect(html).toBe('<div data-testid="tbc-payment-link"></div>')
    const given = renderToStaticMarkup(
      React.createElement(TbcPaymentLink, { client, linkId: ID, token: TOKEN, locale: "ru" })
    )
    expect(given).toContain(tbcWords("ru").paymentLink.loading)
  })
})
