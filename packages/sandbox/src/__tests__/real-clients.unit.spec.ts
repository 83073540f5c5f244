/**
 * What real public TBC clients send (issue 14 §2, §3), as raw HTTP bodies written out like a curl
 * command, against a DEFAULT (tolerant) sandbox: each is accepted. The same requests against a
 * strict sandbox are refused, and what is really invalid is refused by both.
 */
import http from "node:http"
import { TestBank, call, issueKeys, INSTALLMENT_CREDENTIALS, MERCHANT_KEY, type Answer } from "./helpers"

/** POST a body exactly as written (a curl -d '...'), with the headers given. */
function rawPost(url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return call(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body })
}

/** The response's header names exactly as the server wrote them (fetch lowercases them). */
function rawHeaderNames(url: string, headers: Record<string, string>, body: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { "content-type": "application/json", ...headers } },
      (response) => {
        response.resume()
        response.on("end", () => resolve(response.rawHeaders.filter((_, index) => index % 2 === 0)))
      }
    )
    request.on("error", reject)
    request.end(body)
  })
}

const RETURN = `"returnurl": "http://shop.test/back"`

/** Each §3 example: [what, path under the bank, body as a client writes it]. */
const CHECKOUT_EXAMPLES: Array<[string, string, (recId: string) => string]> = [
  [
    "explicit null for optional fields",
    "",
    () =>
      `{"amount": {"currency": "GEL", "total": 10, "tax": null}, ${RETURN}, "extra": null, "callbackUrl": null, "preAuth": null}`,
  ],
  [
    "amounts as numeric strings",
    "",
    () => `{"amount": {"currency": "GEL", "total": "100.00", "subTotal": "100"}, ${RETURN}}`,
  ],
  [
    "names in another case (Amount/Total/Currency, ReturnUrl)",
    "",
    () => `{"Amount": {"Currency": "GEL", "Total": 12.5}, "ReturnUrl": "http://shop.test/back"}`,
  ],
  [
    "method 8 with line-total products as strings (geopayment)",
    "",
    () =>
      `{"amount": {"currency": "GEL", "total": "36.99"}, ${RETURN}, "methods": [8], "installmentProducts": [{"name": "A", "price": "12.33", "quantity": 1}, {"name": "B", "price": "24.66", "quantity": 2}]}`,
  ],
  [
    "execution: recID and money.amount as a string (TePay, TheBeka)",
    "/execution",
    (recId) => `{"recID": "${recId}", "money": {"amount": "3.00", "currency": "GEL"}, "initiator": null}`,
  ],
]

const INSTALLMENT_EXAMPLE = `{"merchantKey": "${MERCHANT_KEY}", "campaignId": null, "invoiceId": null, "priceTotal": "100.00", "products": [{"name": "Phone", "price": "60.50", "quantity": 1}, {"name": "Case", "price": "19.75", "quantity": 2}]}`

describe("requests real clients send", () => {
  describe("a default (tolerant) sandbox accepts each", () => {
    const bank = TestBank.sharedPerSuite({ strict: false })

    async function savedCard(): Promise<string> {
      const payId = await bank.paidPayment({ saveCard: true })
      return bank.sandbox.state().payments.find((p) => p.payId === payId)?.recId as string
    }

    it.each(CHECKOUT_EXAMPLES)("%s", async (_what, path, body) => {
      const recId = path === "/execution" ? await savedCard() : ""
      const answer = await rawPost(`${bank.url}/v1/tpay/payments${path}`, bank.checkoutHeaders(), body(recId))
      expect({ status: answer.status, issues: issueKeys(answer) }).toEqual({ status: 200, issues: [] })
      expect(answer.body.payId).toEqual(expect.any(String))
    })

    it("an amount string in a completion and a refund", async () => {
      const payId = await bank.paidPayment({ preAuth: true })
      const completed = await rawPost(
        `${bank.url}/v1/tpay/payments/${payId}/completion`,
        bank.checkoutHeaders(),
        `{"amount": "20.00"}`
      )
      expect(completed.status).toBe(200)
      expect(completed.body.confirmedAmount).toBe(20)
      const refunded = await rawPost(
        `${bank.url}/v1/tpay/payments/${payId}/cancel`,
        bank.checkoutHeaders(),
        `{"Amount": "5.5"}`
      )
      expect(refunded.status).toBe(200)
    })

    it("an application with nulls, string amounts and line totals (geopayment); Location spelled so", async () => {
      const headers = { authorization: `Bearer ${bank.installmentToken}` }
      const answer = await rawPost(`${bank.url}/v1/online-installments/applications`, headers, INSTALLMENT_EXAMPLE)
      expect({ status: answer.status, issues: issueKeys(answer) }).toEqual({ status: 200, issues: [] })
      const names = await rawHeaderNames(
        `${bank.url}/v1/online-installments/applications`,
        headers,
        INSTALLMENT_EXAMPLE
      )
      expect(names).toContain("Location")
    })

    it("an OAuth token with client_id/client_secret in the form and no Basic header (giorgijorji)", async () => {
      const form = {
        grant_type: "client_credentials",
        scope: "online_installments",
        client_id: INSTALLMENT_CREDENTIALS.apiKey,
        client_secret: INSTALLMENT_CREDENTIALS.apiSecret,
      }
      const answer = await call(`${bank.url}/oauth/token`, { method: "POST", form })
      expect(answer.status).toBe(200)
      expect(answer.body.token_type).toBe("BearerToken")
      const wrong = await call(`${bank.url}/oauth/token`, { method: "POST", form: { ...form, client_secret: "nope" } })
      expect(wrong.status).toBe(401)
    })

    it("an installment confirm sent twice (TBC's .NET SDK): the second answers 200 and changes nothing", async () => {
      const created = await bank.inst("/applications", { body: JSON.parse(INSTALLMENT_EXAMPLE) })
      const sessionId = created.body.sessionId
      bank.sandbox.setApplicationStatus(sessionId, 5)
      const first = await bank.inst(`/applications/${sessionId}/confirm`, { body: { merchantKey: MERCHANT_KEY } })
      const second = await bank.inst(`/applications/${sessionId}/confirm`, { body: { merchantKey: MERCHANT_KEY } })
      expect([first.status, second.status]).toEqual([200, 200])
      expect(bank.sandbox.state().applications[0].history.map((h) => h.statusId)).toEqual([0, 5, 9])
    })

    it("merchantKey form-encoded on cancel, confirm and status (a Laravel client's Guzzle form_params)", async () => {
      const created = await bank.inst("/applications", { body: JSON.parse(INSTALLMENT_EXAMPLE) })
      const sessionId = created.body.sessionId
      const formCall = (path: string, form: Record<string, string>, method = "POST") =>
        call(`${bank.url}/v1/online-installments/applications/${sessionId}${path}`, {
          method,
          headers: { authorization: `Bearer ${bank.installmentToken}` },
          form,
        })
      const status = await formCall("/status", { merchantKey: MERCHANT_KEY }, "GET")
      expect(status.status).toBe(200)
      expect(status.body.statusId).toBe(0)
      // a wrong key in the form is judged like one in JSON: the merchant is unknown
      expect((await formCall("/cancel", { merchantKey: "Other" })).status).toBe(404)
      const canceled = await formCall("/cancel", { MerchantKey: MERCHANT_KEY })
      expect({ status: canceled.status, body: canceled.body }).toEqual({ status: 200, body: { id: null } })
      expect(bank.sandbox.state().applications.find((a) => a.sessionId === sessionId)?.statusId).toBe(7)

      const other = (await bank.inst("/applications", { body: JSON.parse(INSTALLMENT_EXAMPLE) })).body.sessionId
      bank.sandbox.setApplicationStatus(other, 5)
      const confirmed = await call(`${bank.url}/v1/online-installments/applications/${other}/confirm`, {
        method: "POST",
        headers: { authorization: `Bearer ${bank.installmentToken}` },
        form: { merchantKey: MERCHANT_KEY },
      })
      expect(confirmed.status).toBe(200)
      expect(bank.sandbox.state().applications.find((a) => a.sessionId === other)?.statusId).toBe(9)
    })

    it.each([
      ["a word", `"abc"`, "amount.total:type"],
      ["an exponent", `"1e3"`, "amount.total:type"],
      ["three decimals", `"1.234"`, "amount.total:type"],
      ["a negative string", `"-1.00"`, "amount.total:type"],
      ["three decimals as a number", `1.234`, "amount.total:max_2_decimals"],
    ])("still refuses an amount that is %s", async (_what, total, key) => {
      const answer = await rawPost(
        `${bank.url}/v1/tpay/payments`,
        bank.checkoutHeaders(),
        `{"amount": {"currency": "GEL", "total": ${total}}, ${RETURN}}`
      )
      expect(answer.status).toBe(400)
      expect(issueKeys(answer)).toContain(key)
    })

    it("still refuses products that add up under neither reading, and a null required field", async () => {
      const body = `{"amount": {"currency": "GEL", "total": 40}, ${RETURN}, "methods": [8], "installmentProducts": [{"name": "A", "price": 12.33, "quantity": 2}]}`
      expect(issueKeys(await rawPost(`${bank.url}/v1/tpay/payments`, bank.checkoutHeaders(), body))).toEqual([
        "installmentProducts:sum_equals_total",
      ])
      const nullTotal = await rawPost(
        `${bank.url}/v1/tpay/payments`,
        bank.checkoutHeaders(),
        `{"amount": {"currency": "GEL", "total": null}, ${RETURN}}`
      )
      expect(issueKeys(nullTotal)).toEqual(["amount.total:required"])
    })
  })

  describe("a strict sandbox refuses each tolerance", () => {
    const bank = TestBank.sharedPerSuite({ strict: true, productSum: "either" })

    it.each(CHECKOUT_EXAMPLES.filter(([, path]) => path === ""))("%s", async (_what, path, body) => {
      const answer = await rawPost(`${bank.url}/v1/tpay/payments${path}`, bank.checkoutHeaders(), body(""))
      expect(answer.status).toBe(400)
    })

    it("string amounts and nulls in an application, OAuth form credentials, a second confirm", async () => {
      const headers = { authorization: `Bearer ${bank.installmentToken}` }
      expect(
        (await rawPost(`${bank.url}/v1/online-installments/applications`, headers, INSTALLMENT_EXAMPLE)).status
      ).toBe(400)
      const form = {
        grant_type: "client_credentials",
        scope: "online_installments",
        client_id: INSTALLMENT_CREDENTIALS.apiKey,
        client_secret: INSTALLMENT_CREDENTIALS.apiSecret,
      }
      expect((await call(`${bank.url}/oauth/token`, { method: "POST", form })).status).toBe(401)
      const created = await bank.inst("/applications", {
        body: { merchantKey: MERCHANT_KEY, priceTotal: 100, products: [{ name: "Phone", price: 100, quantity: 1 }] },
      })
      bank.sandbox.setApplicationStatus(created.body.sessionId, 5)
      const confirm = () =>
        bank.inst(`/applications/${created.body.sessionId}/confirm`, { body: { merchantKey: MERCHANT_KEY } })
      expect([(await confirm()).status, (await confirm()).status]).toEqual([200, 409])
      const formCancel = await call(
        `${bank.url}/v1/online-installments/applications/${created.body.sessionId}/cancel`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${bank.installmentToken}` },
          form: { merchantKey: MERCHANT_KEY },
        }
      )
      expect(formCancel.status).toBe(400)
      expect(formCancel.body.title).toBe("Malformed JSON")
    })

    it("strict means productSum both, whatever productSum says", async () => {
      const lineTotals = {
        merchantKey: MERCHANT_KEY,
        priceTotal: 369.9,
        products: [
          { name: "A", price: 123.3, quantity: 1 },
          { name: "B", price: 246.6, quantity: 2 },
        ],
      }
      expect(issueKeys(await bank.inst("/applications", { body: lineTotals }))).toEqual(["products:sum_equals_total"])
    })
  })

  describe("productSum", () => {
    const lineTotals = {
      merchantKey: MERCHANT_KEY,
      priceTotal: 369.9,
      products: [
        { name: "A", price: 123.3, quantity: 1 },
        { name: "B", price: 246.6, quantity: 2 },
      ],
    }
    const unitPrices = {
      ...lineTotals,
      products: [
        { name: "A", price: 123.3, quantity: 1 },
        { name: "B", price: 123.3, quantity: 2 },
      ],
    }

    it.each([
      ["either", [200, 200]],
      ["line", [200, 400]],
      ["unit", [400, 200]],
      ["both", [400, 400]],
    ] as const)("%s: line totals / unit prices answer %j", async (productSum, expected) => {
      const bank = await TestBank.start({ productSum, strict: false })
      try {
        await bank.tokens()
        const statuses = [
          (await bank.inst("/applications", { body: lineTotals })).status,
          (await bank.inst("/applications", { body: unitPrices })).status,
        ]
        expect(statuses).toEqual(expected)
      } finally {
        await bank.close()
      }
    })

    it("an unknown productSum is a clear start error", async () => {
      await expect(TestBank.start({ productSum: "sometimes" as never, strict: false })).rejects.toThrow(
        /productSum must be one of unit, line, either, both/
      )
    })
  })
})
