import { TbcClient, resolveBaseUrl } from "../client"
import { TbcConfigError } from "../errors"
import * as lib from "../../index"
import { CHECKOUT_CREDS, INSTALLMENT_CREDS, startStubBank, type StubBank } from "./stub-bank"

/** The facade: options, base URLs, unconfigured areas, the package's public surface. */

function configError(fn: () => unknown): TbcConfigError {
  try {
    fn()
  } catch (e) {
    if (e instanceof TbcConfigError) return e
    throw e
  }
  throw new Error("expected a TbcConfigError")
}

describe("resolveBaseUrl", () => {
  it("maps test and production to the bank's hosts", () => {
    expect(resolveBaseUrl("test")).toBe("https://test-api.tbcbank.ge")
    expect(resolveBaseUrl("production")).toBe("https://api.tbcbank.ge")
  })

  it("accepts an absolute http(s) URL (the sandbox), without trailing slashes", () => {
    expect(resolveBaseUrl("http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010")
    expect(resolveBaseUrl("https://bank.example/prefix//")).toBe("https://bank.example/prefix")
  })

  it.each(["", "staging", "Production", "ftp://bank.example", "/relative", "127.0.0.1:4010"])(
    "refuses %j with a TbcConfigError naming environment",
    (value) => {
      const error = configError(() => resolveBaseUrl(value))
      expect(error.issues).toEqual([expect.objectContaining({ field: "environment", rule: "environment" })])
      expect(error.message).toContain("environment")
    }
  )
})

describe("options", () => {
  it("names every wrong option at once", () => {
    const error = configError(
      () =>
        new TbcClient({
          environment: "test",
          checkout: { apiKey: "k", clientId: "", clientSecret: "s" },
          installments: { apiKey: "a", apiSecret: "b" } as never,
          timeoutMs: 0,
          maxRetries: 1.5,
          activatedMethods: [6, 99],
        })
    )
    expect(error.issues.map((i) => i.field)).toEqual([
      "checkout.clientId",
      "installments.merchantKey",
      "activatedMethods",
      "timeoutMs",
      "maxRetries",
    ])
  })

  it("needs no credentials at all to be constructed", () => {
    const client = new TbcClient({ environment: "production" })
    expect(client.baseUrl).toBe("https://api.tbcbank.ge")
    expect(client.isConfigured("checkout")).toBe(false)
    client.close()
  })
})

describe("unconfigured areas", () => {
  let bank: StubBank
  beforeEach(async () => {
    bank = await startStubBank()
  })
  afterEach(async () => {
    await bank.close()
  })

  it("reject with a TbcConfigError naming the missing option and send nothing", async () => {
    const client = new TbcClient({ environment: bank.url, checkout: CHECKOUT_CREDS })
    expect(client.isConfigured("checkout")).toBe(true)
    expect(client.isConfigured("installments")).toBe(false)
    await expect(
      client.installments.createApplication({ priceTotal: 1, products: [{ name: "a", price: 1, quantity: 1 }] })
    ).rejects.toMatchObject({
      kind: "config",
      issues: [expect.objectContaining({ field: "installments", rule: "required" })],
    })
    await expect(client.installments.verifyCredentials()).rejects.toBeInstanceOf(TbcConfigError)
    await expect(client.mortgages.getAccessToken()).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: "mortgages" })],
    })
    const other = new TbcClient({ environment: bank.url, installments: INSTALLMENT_CREDS })
    await expect(other.checkout.getPayment("p1")).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: "checkout" })],
    })
    expect(bank.count()).toBe(0)
    client.close()
    other.close()
  })

  it("a base URL with a path prefix keeps the prefix", async () => {
    bank.on("POST /bank/v1/tpay/access-token", () => ({ body: { access_token: "tok-prefix", expires_in: 60 } }))
    const client = new TbcClient({ environment: `${bank.url}/bank/`, checkout: CHECKOUT_CREDS })
    await expect(client.checkout.verifyCredentials()).resolves.toMatchObject({ area: "checkout", ok: true })
    expect(bank.requests[0].path).toBe("/bank/v1/tpay/access-token")
    client.close()
  })
})

describe("package export ./lib", () => {
  it("re-exports the client, errors, validators and money helpers", () => {
    expect(lib.TbcClient).toBe(TbcClient)
    expect(typeof lib.resolveBaseUrl).toBe("function")
    expect(typeof lib.TbcApiError).toBe("function")
    expect(typeof lib.TbcValidationError).toBe("function")
    expect(typeof lib.validateCreatePaymentRequest).toBe("function")
    expect(typeof lib.validateCreateApplicationRequest).toBe("function")
    expect(typeof lib.majorToMinorExact).toBe("function")
    expect(lib.TBC_BASE_URLS.test).toBe("https://test-api.tbcbank.ge")
  })
})
