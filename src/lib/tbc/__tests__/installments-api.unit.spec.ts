import { TbcApiError, TbcValidationError } from "../errors"
import { UNREADABLE_RESPONSE_TYPE } from "../responses"
import { INSTALLMENT_CREDS, MORTGAGE_CREDS, TOKEN_ROUTES } from "./stub-bank"
import { BASE, SESSION, bank, basic, client, installmentsBankPerTest, lastCall } from "./installments-client-fixtures"

/** Every Online Installments endpoint and both OAuth scopes, as the live bank expects them. */

installmentsBankPerTest()

describe("OAuth token", () => {
  it("POST /oauth/token with Basic(apiKey:apiSecret) and form grant_type + scope=online_installments, no apikey", async () => {
    await client.installments.verifyCredentials()
    const token = bank.requests[0]
    expect(token.method).toBe("POST")
    expect(token.path).toBe("/oauth/token")
    expect(token.headers["authorization"]).toBe(basic(INSTALLMENT_CREDS.apiKey, INSTALLMENT_CREDS.apiSecret))
    expect(token.headers["content-type"]).toBe("application/x-www-form-urlencoded")
    expect(token.headers["apikey"]).toBeUndefined()
    expect(token.form).toEqual({ grant_type: "client_credentials", scope: "online_installments" })
  })

  it("mortgages: scope=online_mortgages with the mortgage credentials; the token is cached", async () => {
    bank.on(TOKEN_ROUTES.oauth, () => ({
      body: {
        access_token: "mortgage-token-1",
        token_type: "BearerToken",
        scope: "online_mortgages",
        issued_at: 1671844817741,
        expires_in: "7775999",
      },
    }))
    await expect(client.mortgages.getAccessToken()).resolves.toBe("mortgage-token-1")
    await expect(client.mortgages.getAccessToken()).resolves.toBe("mortgage-token-1")
    expect(bank.count(TOKEN_ROUTES.oauth)).toBe(1)
    const token = bank.requests[0]
    expect(token.form).toEqual({ grant_type: "client_credentials", scope: "online_mortgages" })
    expect(token.headers["authorization"]).toBe(basic(MORTGAGE_CREDS.apiKey, MORTGAGE_CREDS.apiSecret))
    await expect(client.mortgages.verifyCredentials()).resolves.toMatchObject({ area: "mortgages", ok: true })
  })

  it("installments and mortgages tokens are cached separately (per credential + scope)", async () => {
    bank.on("GET /v1/online-installments/applications/s1/status", () => ({ body: { statusId: 1 } }))
    await client.installments.getStatus("s1")
    await client.mortgages.getAccessToken()
    await client.installments.getStatus("s1")
    expect(bank.requests.filter((r) => r.path === "/oauth/token").map((r) => r.form?.scope)).toEqual([
      "online_installments",
      "online_mortgages",
    ])
  })

  it("an unreadable token answer is a TbcApiError naming access_token", async () => {
    bank.on(TOKEN_ROUTES.oauth, () => ({ body: { token_type: "BearerToken", expires_in: 1000 } }))
    const error = await client.mortgages.getAccessToken().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcApiError)
    expect((error as TbcApiError).problem).toMatchObject({ type: UNREADABLE_RESPONSE_TYPE })
    expect((error as TbcApiError).problem.detail).toContain("access_token")
  })

  it("wrong credentials: problem-JSON 401 from the token endpoint is parsed", async () => {
    bank.on(TOKEN_ROUTES.oauth, () => ({
      status: 401,
      body: {
        type: "https://developers.tbcbank.ge/docs/error-type-401",
        title: "Unauthorized",
        status: 401,
        code: "401",
      },
    }))
    await expect(client.installments.verifyCredentials()).rejects.toMatchObject({
      kind: "api",
      status: 401,
      operation: "POST /oauth/token",
      problem: { title: "Unauthorized", code: "401" },
    })
  })
})

describe("create application", () => {
  const request = {
    campaignId: "204",
    invoiceId: "order_01",
    priceTotal: 12.34,
    products: [
      { name: "Shoes × 2", price: 10.34, quantity: 1 },
      { name: "Laces", price: 2, quantity: 1 },
    ],
  }

  it("POST /applications {merchantKey, campaignId, invoiceId, priceTotal, products}; sessionId + Location", async () => {
    const location = `https://tbcinstallmenttst.tbcbank.ge/Installment/InitializeNewLoan?sessionId=${SESSION}`
    bank.on(`POST ${BASE}/applications`, () => ({
      headers: { Location: location },
      body: { sessionId: SESSION, id: null },
    }))
    const created = await client.installments.createApplication(request)
    const call = lastCall()
    expect(call.method).toBe("POST")
    expect(call.headers["authorization"]).toMatch(/^Bearer oauth-/)
    expect(call.headers["content-type"]).toBe("application/json")
    expect(call.json).toEqual({ merchantKey: INSTALLMENT_CREDS.merchantKey, ...request })
    expect(created).toEqual({ sessionId: SESSION, redirectUrl: location, raw: { sessionId: SESSION, id: null } })
  })

  it("accepts SessionId casing and resolves a relative Location against the base URL", async () => {
    bank.on(`POST ${BASE}/applications`, () => ({
      headers: { location: "/Installment/InitializeNewLoan?sessionId=x" },
      body: { SessionId: "x" },
    }))
    const created = await client.installments.createApplication(request)
    expect(created.sessionId).toBe("x")
    expect(created.redirectUrl).toBe(`${bank.url}/Installment/InitializeNewLoan?sessionId=x`)
  })

  it("a 2xx without Location is a TbcApiError that still names the created sessionId", async () => {
    bank.on(`POST ${BASE}/applications`, () => ({ body: { sessionId: SESSION } }))
    const error = await client.installments.createApplication(request).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcApiError)
    expect((error as TbcApiError).problem.detail).toContain("Location")
    expect((error as TbcApiError).problem.detail).toContain(SESSION)
  })

  it("refuses Σ price × quantity ≠ priceTotal without sending (names field and rule)", async () => {
    const error = await client.installments
      .createApplication({ ...request, priceTotal: 12.35 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TbcValidationError)
    expect((error as TbcValidationError).issues).toContainEqual(
      expect.objectContaining({ field: "products", rule: "sum_equals_total" })
    )
    expect(bank.count()).toBe(0)
  })

  it("refuses an empty product list without sending", async () => {
    await expect(client.installments.createApplication({ priceTotal: 1, products: [] })).rejects.toBeInstanceOf(
      TbcValidationError
    )
    expect(bank.count()).toBe(0)
  })
})

describe("cancel / confirm", () => {
  it.each(["cancel", "confirm"] as const)("POST /applications/{sessionId}/%s {merchantKey}", async (action) => {
    bank.on(`POST ${BASE}/applications/${SESSION}/${action}`, () => ({ body: { id: null } }))
    await (action === "cancel"
      ? client.installments.cancelApplication(SESSION)
      : client.installments.confirmApplication(SESSION))
    const call = lastCall()
    expect(call.method).toBe("POST")
    expect(call.path).toBe(`${BASE}/applications/${SESSION}/${action}`)
    expect(call.json).toEqual({ merchantKey: INSTALLMENT_CREDS.merchantKey })
    expect(call.headers["authorization"]).toMatch(/^Bearer /)
  })

  it("a problem-JSON 404 is a TbcApiError with its systemCode and code", async () => {
    bank.on(`POST ${BASE}/applications/${SESSION}/confirm`, () => ({
      status: 404,
      body: {
        type: "https://developers.tbcbank.ge/docs/error-type-404",
        title: "Not found",
        status: 404,
        systemCode: "Online-Installment-Merchant-API.404.001",
        code: "001",
      },
    }))
    await expect(client.installments.confirmApplication(SESSION)).rejects.toMatchObject({
      status: 404,
      problem: { systemCode: "Online-Installment-Merchant-API.404.001", code: "001" },
    })
  })

  it("refuses an empty sessionId without sending", async () => {
    await expect(client.installments.cancelApplication("")).rejects.toMatchObject({
      issues: [{ field: "sessionId", rule: "required" }],
    })
    expect(bank.count()).toBe(0)
  })
})

describe("status", () => {
  it("GET /applications/{sessionId}/status?merchantKey=", async () => {
    bank.on(`GET ${BASE}/applications/${SESSION}/status`, () => ({
      body: { amount: 1000, contributionAmount: 0, statusId: 9, description: "Installment pending Disbursed" },
    }))
    const status = await client.installments.getStatus(SESSION)
    const call = lastCall()
    expect(call.method).toBe("GET")
    expect(call.query).toEqual({ merchantKey: INSTALLMENT_CREDS.merchantKey })
    expect(status).toMatchObject({
      statusId: 9,
      description: "Installment pending Disbursed",
      amount: 1000,
      contributionAmount: 0,
    })
  })
})
