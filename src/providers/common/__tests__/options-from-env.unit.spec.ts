/**
 * A store's medusa-config entry in a few lines: every option a deployment differs in has a default
 * from an environment variable, so `{ resolve, id }` alone is a whole registration. These tests
 * parse with a controlled environment and put the process's own back afterwards.
 */
import fc from "fast-check"
import { z } from "zod/v4"
import { commaList, fromEnv } from "../options"
import { parseCheckoutOptions } from "../../tbc-checkout/options"
import { parseInstallmentsOptions } from "../../tbc-installments/options"

const STORE_ENV = {
  TBC_ENVIRONMENT: "test",
  TBC_API_KEY: "env-api-key",
  TBC_CLIENT_ID: "env-client",
  TBC_CLIENT_SECRET: "env-secret",
  MEDUSA_BACKEND_URL: "https://api.shop.example.ge",
  TBC_RETURN_URL: "https://shop.example.ge/ge/tbc/return",
  TBC_INSTALLMENT_API_KEY: "env-inst-key",
  TBC_INSTALLMENT_API_SECRET: "env-inst-secret",
  TBC_MERCHANT_KEY: "env-merchant",
}
const READ = [...Object.keys(STORE_ENV), "TBC_CALLBACK_ALLOWLIST", "TBC_ALLOW_CUSTOM_ENVIRONMENT", "TBC_CAMPAIGN_ID"]

let saved: Record<string, string | undefined>
beforeEach(() => {
  saved = Object.fromEntries(READ.map((name) => [name, process.env[name]]))
  for (const name of READ) delete process.env[name]
})
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describe("provider options from the environment", () => {
  it("a registration with no options at all takes every deployment value from the environment", () => {
    Object.assign(process.env, STORE_ENV)
    const checkout = parseCheckoutOptions(undefined)
    expect(checkout).toMatchObject({
      apiKey: "env-api-key",
      clientId: "env-client",
      clientSecret: "env-secret",
      environment: "test",
      storeUrl: "https://api.shop.example.ge",
      returnUrl: "https://shop.example.ge/ge/tbc/return",
      allowCustomEnvironment: false,
      registrationId: "tbc",
      methods: [5],
    })
    // unset: the bank's documented callback addresses
    expect(checkout.callbackAllowlist).toEqual(["193.104.20.44", "193.104.20.45", "185.52.80.44", "185.52.80.45"])
    expect(parseInstallmentsOptions({})).toMatchObject({
      apiKey: "env-inst-key",
      apiSecret: "env-inst-secret",
      merchantKey: "env-merchant",
      environment: "test",
    })
    expect(parseInstallmentsOptions({}).campaignId).toBeUndefined()
  })

  it("reads lists, switches and ids in their own types", () => {
    Object.assign(process.env, STORE_ENV, {
      TBC_CALLBACK_ALLOWLIST: "127.0.0.1, ::1,,::ffff:127.0.0.1",
      TBC_ALLOW_CUSTOM_ENVIRONMENT: "true",
      TBC_CAMPAIGN_ID: "191",
    })
    const checkout = parseCheckoutOptions({})
    expect(checkout.callbackAllowlist).toEqual(["127.0.0.1", "::1", "::ffff:127.0.0.1"])
    expect(checkout.allowCustomEnvironment).toBe(true)
    expect(parseInstallmentsOptions({}).campaignId).toBe("191")
  })

  it("an option given in medusa-config wins over its variable", () => {
    Object.assign(process.env, STORE_ENV)
    const checkout = parseCheckoutOptions({ apiKey: "config-key", environment: "production", callbackAllowlist: [] })
    expect(checkout).toMatchObject({ apiKey: "config-key", environment: "production", callbackAllowlist: [] })
  })

  it("a missing option names its variable; a bad variable is refused by the option's rule, never echoed", () => {
    expect(() => parseCheckoutOptions({})).toThrow(
      "Invalid tbc-checkout options: apiKey: is required (or set TBC_API_KEY); clientId: is required (or set TBC_CLIENT_ID); clientSecret: is required (or set TBC_CLIENT_SECRET); environment: is required (or set TBC_ENVIRONMENT); storeUrl: is required (or set MEDUSA_BACKEND_URL); returnUrl: is required (or set TBC_RETURN_URL)"
    )
    expect(() => parseInstallmentsOptions({})).toThrow(
      "Invalid tbc-installments options: apiKey: is required (or set TBC_INSTALLMENT_API_KEY); apiSecret: is required (or set TBC_INSTALLMENT_API_SECRET); merchantKey: is required (or set TBC_MERCHANT_KEY); environment: is required (or set TBC_ENVIRONMENT)"
    )
    Object.assign(process.env, STORE_ENV, {
      TBC_RETURN_URL: "shop.example.ge/secret-path",
      TBC_ALLOW_CUSTOM_ENVIRONMENT: "yes",
      TBC_CALLBACK_ALLOWLIST: "10.0.0.300",
    })
    let message = ""
    try {
      parseCheckoutOptions({})
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe(
      "Invalid tbc-checkout options: allowCustomEnvironment: must be true or false; returnUrl: must be an absolute http(s) URL; callbackAllowlist.0: must be an IPv4 or IPv6 address"
    )
    expect(message).not.toContain("secret-path")
  })

  it("an empty variable counts as unset", () => {
    Object.assign(process.env, STORE_ENV, { TBC_API_KEY: "  " })
    expect(() => parseCheckoutOptions({})).toThrow("apiKey: is required (or set TBC_API_KEY)")
  })
})

describe("fromEnv", () => {
  const option = (env: NodeJS.ProcessEnv) => fromEnv("X", z.string().default("fallback"), (t) => t, env)

  it("the given value wins, else the variable's text, else the schema's default", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.string(), { nil: undefined }),
        (given, text) => {
          const parsed = option(text === undefined ? {} : { X: text }).parse(given)
          const expected =
            given !== undefined ? given : text !== undefined && text.trim() !== "" ? text.trim() : "fallback"
          expect(parsed).toBe(expected)
        }
      )
    )
  })

  it("commaList drops blanks and spaces", () => {
    expect(commaList(" a, b ,,c ")).toEqual(["a", "b", "c"])
    expect(commaList("")).toEqual([])
  })
})
