import { TbcClient } from "../client"
import { TbcApiError } from "../errors"
import { CHECKOUT_CREDS, INSTALLMENT_CREDS, TOKEN_ROUTES, newToken, startStubBank, type StubBank } from "./stub-bank"
import { advanceVirtualDate, useVirtualDate } from "./virtual-date"

/** Token caching: single-flight, refresh before expiry, refresh exactly once on a 401. */

const DETAILS = "GET /v1/tpay/payments/p1"
const detailsBody = { payId: "p1", status: "Created" }
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let bank: StubBank
let client: TbcClient

beforeEach(async () => {
  bank = await startStubBank({ [DETAILS]: () => ({ body: detailsBody }) })
  client = new TbcClient({
    environment: bank.url,
    checkout: CHECKOUT_CREDS,
    installments: INSTALLMENT_CREDS,
    maxRetries: 0,
  })
})
afterEach(async () => {
  client.close()
  await bank.close()
})

describe("single-flight", () => {
  it("50 concurrent checkout calls with a cold cache make exactly 1 token request", async () => {
    bank.on(TOKEN_ROUTES.checkout, async () => {
      await delay(50)
      return { body: { access_token: newToken(), token_type: "Bearer", expires_in: 86400 } }
    })
    const results = await Promise.all(Array.from({ length: 50 }, () => client.checkout.getPayment("p1")))
    expect(results).toHaveLength(50)
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
    expect(bank.count(DETAILS)).toBe(50)
    const bearers = new Set(
      bank.requests.filter((r) => r.path === "/v1/tpay/payments/p1").map((r) => r.headers.authorization)
    )
    expect(bearers.size).toBe(1)
  })

  it("50 concurrent installment calls with a cold cache make exactly 1 OAuth token request", async () => {
    bank.on("GET /v1/online-installments/applications/s/status", () => ({ body: { statusId: 0 } }))
    await Promise.all(Array.from({ length: 50 }, () => client.installments.getStatus("s")))
    expect(bank.count(TOKEN_ROUTES.oauth)).toBe(1)
  })

  it("a failed token request is shared by the waiting callers and not cached", async () => {
    bank.on(TOKEN_ROUTES.checkout, (_req, n) =>
      n === 1
        ? { status: 500, body: { status: 500, title: "boom" } }
        : { body: { access_token: newToken(), expires_in: 86400 } }
    )
    const first = await Promise.allSettled(Array.from({ length: 10 }, () => client.checkout.getPayment("p1")))
    expect(first.every((r) => r.status === "rejected")).toBe(true)
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
    await expect(client.checkout.getPayment("p1")).resolves.toMatchObject({ payId: "p1" })
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
  })
})

describe("lifetime", () => {
  it("reuses a cached token while it is valid", async () => {
    await client.checkout.getPayment("p1")
    await client.checkout.getPayment("p1")
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
  })

  it("refreshes shortly before expiry (expires_in 2 s → a new token after 1.8 s)", async () => {
    // on a virtual clock: how long the calls really take (a loaded machine) does not move it
    useVirtualDate()
    try {
      const timed = new TbcClient({ environment: bank.url, checkout: CHECKOUT_CREDS, maxRetries: 0 })
      bank.on(TOKEN_ROUTES.checkout, () => ({
        body: { access_token: newToken(), token_type: "Bearer", expires_in: 2 },
      }))
      await timed.checkout.getPayment("p1")
      advanceVirtualDate(1_799)
      await timed.checkout.getPayment("p1")
      expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
      advanceVirtualDate(1)
      await timed.checkout.getPayment("p1")
      timed.close()
      expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
    } finally {
      jest.useRealTimers()
    }
  })

  it("two clients with the same credentials do not share tokens", async () => {
    const other = new TbcClient({ environment: bank.url, checkout: CHECKOUT_CREDS })
    await client.checkout.getPayment("p1")
    await other.checkout.getPayment("p1")
    other.close()
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
  })
})

describe("refresh on 401", () => {
  /** The bank revokes the first token it issued: resource calls carrying it get 401. */
  function revokeFirstToken(routeKey: string, ok: () => object) {
    const issued: string[] = []
    bank.on(TOKEN_ROUTES.checkout, () => {
      const token = newToken()
      issued.push(token)
      return { body: { access_token: token, token_type: "Bearer", expires_in: 86400 } }
    })
    bank.on(routeKey, (req) =>
      req.headers.authorization === `Bearer ${issued[0]}`
        ? { status: 401, body: { status: 401, title: "Unauthorized" } }
        : { body: ok() }
    )
    return issued
  }

  it("GET: invalidates the token, gets a new one and retries exactly once", async () => {
    const issued = revokeFirstToken(DETAILS, () => detailsBody)
    await expect(client.checkout.getPayment("p1")).resolves.toMatchObject({ payId: "p1" })
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
    expect(bank.count(DETAILS)).toBe(2)
    expect(bank.requests.filter((r) => r.path === "/v1/tpay/payments/p1").map((r) => r.headers.authorization)).toEqual([
      `Bearer ${issued[0]}`,
      `Bearer ${issued[1]}`,
    ])
  })

  it("a mutation is repeated once after a 401 too (the bank did not act)", async () => {
    revokeFirstToken("POST /v1/tpay/payments", () => ({ payId: "new", status: "Created" }))
    const created = await client.checkout.createPayment({
      amount: { currency: "GEL", total: 1 },
      returnurl: "https://s.example/r",
    })
    expect(created.payId).toBe("new")
    expect(bank.count("POST /v1/tpay/payments")).toBe(2)
  })

  it("a second 401 is returned to the caller, with no further attempts", async () => {
    bank.on(DETAILS, () => ({ status: 401, body: { status: 401, title: "Unauthorized" } }))
    const error = await client.checkout.getPayment("p1").catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcApiError)
    expect((error as TbcApiError).status).toBe(401)
    expect(bank.count(DETAILS)).toBe(2)
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
  })

  it("50 concurrent calls rejected with the revoked token share one replacement token", async () => {
    revokeFirstToken(DETAILS, () => detailsBody)
    await Promise.all(Array.from({ length: 50 }, () => client.checkout.getPayment("p1")))
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(2)
    expect(bank.count(DETAILS)).toBe(100)
  })

  it("installments: a 401 refreshes the OAuth token once", async () => {
    let first: string | undefined
    bank.on("POST /v1/online-installments/applications/s/cancel", (req) => {
      first ??= req.headers.authorization
      return req.headers.authorization === first ? { status: 401, body: { status: 401 } } : { body: { id: null } }
    })
    await client.installments.cancelApplication("s")
    expect(bank.count(TOKEN_ROUTES.oauth)).toBe(2)
    expect(bank.count("POST /v1/online-installments/applications/s/cancel")).toBe(2)
  })
})
