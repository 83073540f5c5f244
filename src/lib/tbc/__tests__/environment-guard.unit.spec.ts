import fc from "fast-check"
import { parseCheckoutOptions } from "../../../providers/tbc-checkout/options"
import { parseInstallmentsOptions } from "../../../providers/tbc-installments/options"
import { resolveBaseUrl } from "../client-options"
import { PLAIN_HTTP_RULE, PRODUCTION_HOST_RULE, environmentProblem, isLoopbackHost } from "../environment-guard"

const dev = { production: false, allowCustomEnvironment: false }
const prod = { production: true, allowCustomEnvironment: false }
const prodCustom = { production: true, allowCustomEnvironment: true }

describe("environment guard (pure)", () => {
  it("accepts TBC's names and hosts everywhere", () => {
    for (const context of [dev, prod, prodCustom]) {
      for (const env of ["test", "production", "https://api.tbcbank.ge", "https://test-api.tbcbank.ge/"]) {
        expect(environmentProblem(env, context)).toBeUndefined()
      }
    }
  })

  it("allows plain http only to loopback, in every NODE_ENV", () => {
    for (const env of ["http://127.0.0.1:4010", "http://localhost:4010", "http://[::1]:4010", "http://127.3.2.1"]) {
      expect(environmentProblem(env, dev)).toBeUndefined()
    }
    for (const env of [
      "http://10.0.0.5:4010",
      "http://sandbox.internal",
      "http://api.tbcbank.ge",
      "http://0.0.0.0:4010",
    ]) {
      expect(environmentProblem(env, dev)).toBe(PLAIN_HTTP_RULE)
      expect(environmentProblem(env, prodCustom)).toBe(PLAIN_HTTP_RULE)
    }
  })

  it("in production refuses any other host unless allowCustomEnvironment", () => {
    for (const env of [
      "http://127.0.0.1:4010",
      "https://proxy.shop.ge",
      "https://api.tbcbank.ge.evil.ge",
      "https://api.tbcbank.ge:8443",
    ]) {
      expect(environmentProblem(env, prod)).toBe(PRODUCTION_HOST_RULE)
      expect(environmentProblem(env, prodCustom)).toBeUndefined()
      expect(environmentProblem(env, dev)).toBeUndefined()
    }
  })

  it("loopback is exactly localhost, 127/8 and ::1 (property: any other IPv4 is not)", () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(isLoopbackHost(ip)).toBe(ip.startsWith("127."))
        const problem = environmentProblem(`http://${ip}:4010`, dev)
        expect(problem === undefined).toBe(ip.startsWith("127."))
      })
    )
  })

  it("the bank client itself refuses plain http off loopback, naming the field", () => {
    expect(() => resolveBaseUrl("http://10.1.2.3:4010")).toThrow(/environment: must use https:\/\//)
    expect(resolveBaseUrl("http://127.0.0.1:4010/")).toBe("http://127.0.0.1:4010")
  })
})

describe("environment guard at boot (provider options)", () => {
  const checkout = {
    apiKey: "k",
    clientId: "c",
    clientSecret: "s",
    storeUrl: "https://shop.example.ge",
    returnUrl: "https://shop.example.ge/checkout/return",
  }
  const installments = { apiKey: "k", apiSecret: "s", merchantKey: "m" }
  const saved = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = saved
  })

  it("NODE_ENV=production refuses the sandbox URL with a clear error naming the field and the rule", () => {
    process.env.NODE_ENV = "production"
    expect(() => parseCheckoutOptions({ ...checkout, environment: "http://127.0.0.1:4010" })).toThrow(
      /Invalid tbc-checkout options: environment: in production must be "production", "test" or TBC's own host .*allowCustomEnvironment: true/
    )
    expect(() => parseInstallmentsOptions({ ...installments, environment: "https://proxy.shop.ge" })).toThrow(
      /Invalid tbc-installments options: environment: in production must be/
    )
    expect(parseCheckoutOptions({ ...checkout, environment: "production" }).environment).toBe("production")
    expect(
      parseCheckoutOptions({ ...checkout, environment: "https://proxy.shop.ge", allowCustomEnvironment: true })
        .allowCustomEnvironment
    ).toBe(true)
    expect(() => parseCheckoutOptions({ ...checkout, environment: "test", allowCustomEnvironment: "yes" })).toThrow(
      /allowCustomEnvironment: must be true or false/
    )
  })

  it("test and development keep the sandbox over http on loopback, and refuse http elsewhere", () => {
    for (const env of ["test", "development"]) {
      process.env.NODE_ENV = env
      expect(parseCheckoutOptions({ ...checkout, environment: "http://127.0.0.1:4010" }).environment).toBe(
        "http://127.0.0.1:4010"
      )
      expect(parseInstallmentsOptions({ ...installments, environment: "http://localhost:4010" }).environment).toBe(
        "http://localhost:4010"
      )
      expect(() => parseCheckoutOptions({ ...checkout, environment: "http://192.168.1.20:4010" })).toThrow(
        /environment: must use https:\/\/ unless it points at a loopback host/
      )
    }
  })

  it("never echoes the value (a secret pasted into environment stays out of the error)", () => {
    process.env.NODE_ENV = "production"
    const secret = "https://s3cr3t-value.example"
    try {
      parseCheckoutOptions({ ...checkout, environment: secret })
      throw new Error("expected a refusal")
    } catch (error) {
      expect(String((error as Error).message)).not.toContain("s3cr3t")
    }
  })
})
