import { TestBank, basic, call, expectProblem, CHECKOUT_CREDENTIALS, INSTALLMENT_CREDENTIALS } from "./helpers"

describe("sandbox token endpoints", () => {
  let bank: TestBank
  const issued: string[] = []
  beforeAll(async () => {
    bank = await TestBank.start({ tokenLifetimeMs: 60_000, onTokenIssued: (token) => issued.push(token) })
  })
  afterAll(() => bank.close())

  const checkoutToken = (headers: Record<string, string>, form: Record<string, string>) =>
    call(`${bank.url}/v1/tpay/access-token`, { method: "POST", headers, form })
  const oauthToken = (authorization: string | undefined, form: Record<string, string>) =>
    call(`${bank.url}/oauth/token`, { method: "POST", headers: authorization ? { authorization } : {}, form })

  describe("POST /v1/tpay/access-token", () => {
    it("issues a Bearer token with expires_in in seconds, accepting client_Id", async () => {
      for (const idField of ["client_id", "client_Id"]) {
        const answer = await checkoutToken(
          { apikey: CHECKOUT_CREDENTIALS.apiKey },
          { [idField]: CHECKOUT_CREDENTIALS.clientId, client_secret: CHECKOUT_CREDENTIALS.clientSecret }
        )
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({ access_token: expect.any(String), token_type: "Bearer", expires_in: 60 })
      }
    })

    it("refuses a wrong or missing apikey with 401 problem-JSON", async () => {
      const headerSets: Record<string, string>[] = [{}, { apikey: "nope" }]
      for (const headers of headerSets) {
        const answer = await checkoutToken(headers, {
          client_id: "sandbox-client",
          client_secret: "sandbox-client-secret",
        })
        expectProblem(answer, 401)
        expect(answer.body.detail).toContain("apikey")
      }
    })

    it("refuses wrong client credentials with 401 and missing ones with 400 naming the field", async () => {
      const wrong = await checkoutToken(
        { apikey: "sandbox-apikey" },
        { client_id: "sandbox-client", client_secret: "bad" }
      )
      expectProblem(wrong, 401)
      const missing = await checkoutToken({ apikey: "sandbox-apikey" }, { client_id: "sandbox-client" })
      expectProblem(missing, 400)
      expect(missing.body.issues).toEqual([{ field: "client_secret", rule: "required", message: "is required" }])
    })

    it("never echoes a secret in an error", async () => {
      const answer = await checkoutToken(
        { apikey: "sandbox-apikey" },
        { client_id: "sandbox-client", client_secret: "s3cr3t-value" }
      )
      expect(answer.text).not.toContain("s3cr3t-value")
    })
  })

  describe("POST /oauth/token", () => {
    const auth = basic(INSTALLMENT_CREDENTIALS.apiKey, INSTALLMENT_CREDENTIALS.apiSecret)

    it("issues a BearerToken with issued_at as a ms string and expires_in in ms, for both scopes", async () => {
      for (const scope of ["online_installments", "online_mortgages"]) {
        const before = Date.now()
        const answer = await oauthToken(auth, { grant_type: "client_credentials", scope })
        expect(answer.status).toBe(200)
        expect(answer.body).toEqual({
          access_token: expect.any(String),
          token_type: "BearerToken",
          scope,
          issued_at: expect.stringMatching(/^\d{13}$/),
          expires_in: 60_000,
        })
        expect(Number(answer.body.issued_at)).toBeGreaterThanOrEqual(before)
      }
    })

    it("refuses missing/wrong Basic credentials with 401", async () => {
      expectProblem(
        await oauthToken(undefined, { grant_type: "client_credentials", scope: "online_installments" }),
        401
      )
      expectProblem(
        await oauthToken(basic("sandbox-inst-key", "x"), {
          grant_type: "client_credentials",
          scope: "online_installments",
        }),
        401
      )
    })

    it("refuses a wrong grant_type or scope with 400 naming the field", async () => {
      const grant = await oauthToken(auth, { grant_type: "password", scope: "online_installments" })
      expectProblem(grant, 400)
      expect(grant.body.issues[0]).toMatchObject({ field: "grant_type", rule: "enum" })
      const scope = await oauthToken(auth, { grant_type: "client_credentials", scope: "everything" })
      expectProblem(scope, 400)
      expect(scope.body.issues[0]).toMatchObject({ field: "scope", rule: "enum" })
      const noScope = await oauthToken(auth, { grant_type: "client_credentials" })
      expect(noScope.body.issues[0]).toMatchObject({ field: "scope", rule: "required" })
    })
  })

  it("reports each token it hands out to onTokenIssued, and nothing for a refused request", async () => {
    issued.length = 0
    const checkout = await checkoutToken(
      { apikey: CHECKOUT_CREDENTIALS.apiKey },
      { client_id: CHECKOUT_CREDENTIALS.clientId, client_secret: CHECKOUT_CREDENTIALS.clientSecret }
    )
    const auth = basic(INSTALLMENT_CREDENTIALS.apiKey, INSTALLMENT_CREDENTIALS.apiSecret)
    const oauth = await oauthToken(auth, { grant_type: "client_credentials", scope: "online_installments" })
    expectProblem(
      await checkoutToken({ apikey: CHECKOUT_CREDENTIALS.apiKey }, { client_id: "x", client_secret: "y" }),
      401
    )
    expect(issued).toEqual([checkout.body.access_token, oauth.body.access_token])
  })

  describe("Bearer checks on resource calls", () => {
    beforeEach(() => bank.tokens())

    it("accepts a fresh token and refuses it once expired on the sandbox clock", async () => {
      expect((await bank.createPayment()).status).toBe(200)
      await bank.control("/clock", { advanceMs: 60_001 })
      const expired = await bank.createPayment()
      expectProblem(expired, 401)
      expect(expired.body.detail).toContain("expired")
    })

    it("refuses revoked tokens after the revokeTokens fault", async () => {
      expect((await bank.tpay("/nope")).status).toBe(404)
      await bank.control("/faults", { revokeTokens: true })
      expectProblem(await bank.tpay("/nope"), 401)
      expectProblem(await bank.inst("/applications/x/status?merchantKey=SandboxMerchant"), 401)
    })

    it("refuses a checkout call without apikey, or with a token of the wrong kind", async () => {
      const noApiKey = await call(`${bank.url}/v1/tpay/payments/x`, {
        headers: { authorization: `Bearer ${bank.checkoutToken}` },
      })
      expectProblem(noApiKey, 401)
      const installmentTokenOnCheckout = await call(`${bank.url}/v1/tpay/payments/x`, {
        headers: { apikey: "sandbox-apikey", authorization: `Bearer ${bank.installmentToken}` },
      })
      expectProblem(installmentTokenOnCheckout, 401)
      const checkoutTokenOnInstallments = await call(`${bank.url}/v1/online-installments/applications/x/status`, {
        headers: { authorization: `Bearer ${bank.checkoutToken}` },
      })
      expectProblem(checkoutTokenOnInstallments, 401)
      const noBearer = await call(`${bank.url}/v1/tpay/payments/x`, { headers: { apikey: "sandbox-apikey" } })
      expectProblem(noBearer, 401)
    })

    it("refuses a mortgage-scope token on installment resources", async () => {
      const answer = await oauthToken(basic("sandbox-inst-key", "sandbox-inst-secret"), {
        grant_type: "client_credentials",
        scope: "online_mortgages",
      })
      const denied = await call(`${bank.url}/v1/online-installments/applications/x/status`, {
        headers: { authorization: `Bearer ${answer.body.access_token}` },
      })
      expectProblem(denied, 401)
    })
  })
})
