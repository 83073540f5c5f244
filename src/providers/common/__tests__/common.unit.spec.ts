import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod/v4"
import fc from "fast-check"
import {
  TbcApiError,
  TbcConfigError,
  TbcNetworkError,
  TbcTimeoutError,
  TbcValidationError,
} from "../../../lib/tbc/errors"
import { MAX_LIMIT_GEL } from "../../../lib/checkout-choices"
import {
  amountLimitOption,
  environmentOption,
  joinUrl,
  originOf,
  parseProviderOptions,
  providerLogger,
  requiredString,
  timeoutMsOption,
  toMedusaError,
} from ".."

const schema = z.object({
  apiKey: requiredString(),
  clientSecret: requiredString(),
  environment: environmentOption,
  timeoutMs: timeoutMsOption,
})

describe("parseProviderOptions", () => {
  it("returns parsed options with defaults", () => {
    const parsed = parseProviderOptions(schema, { apiKey: "k", clientSecret: "s", environment: "test" }, "tbc-x")
    expect(parsed).toEqual({ apiKey: "k", clientSecret: "s", environment: "test", timeoutMs: 15000 })
  })

  it("accepts production and http(s) URLs, refuses anything else naming the option", () => {
    for (const environment of ["production", "http://127.0.0.1:4010", "https://proxy.example/tbc"]) {
      expect(() => parseProviderOptions(schema, { apiKey: "k", clientSecret: "s", environment }, "p")).not.toThrow()
    }
    for (const environment of ["prod", "ftp://x", "", "127.0.0.1:4010"]) {
      expect(() => parseProviderOptions(schema, { apiKey: "k", clientSecret: "s", environment }, "p")).toThrow(
        /Invalid p options: environment: must be "test", "production" or an absolute http\(s\) URL/
      )
    }
  })

  it("names every broken option in one INVALID_DATA error and never echoes a value", () => {
    const secret = "super-secret-value-123"
    let thrown: unknown
    try {
      parseProviderOptions(schema, { apiKey: secret, clientSecret: "", timeoutMs: 5 }, "tbc-checkout")
    } catch (e) {
      thrown = e
    }
    expect(thrown).toBeInstanceOf(MedusaError)
    const error = thrown as MedusaError
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toMatch(/^Invalid tbc-checkout options: /)
    expect(error.message).toMatch(/clientSecret: must not be empty/)
    expect(error.message).toMatch(/environment: is required/)
    expect(error.message).toMatch(/timeoutMs: must be at least 1000 ms/)
    expect(error.message).not.toContain(secret)
    expect(JSON.stringify(error)).not.toContain(secret)
    expect((error as unknown as { cause: unknown }).cause).toBeInstanceOf(TbcConfigError)
  })

  it("never echoes a string option value whatever it is (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8 }), (value) => {
        fc.pre(!/^\s*$/.test(value) && !"environment".includes(value) && !/must|options|is required/.test(value))
        try {
          parseProviderOptions(schema, { apiKey: value, clientSecret: value, environment: value, timeoutMs: 1 }, "p")
        } catch (e) {
          return !(e as Error).message.includes(value)
        }
        return true
      })
    )
  })
})

describe("amountLimitOption (a method's min/max in GEL)", () => {
  const rulesOf = (limit: unknown): string[] => {
    const parsed = amountLimitOption.safeParse(limit)
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)
  }

  it("refuses a maximum beyond a million GEL with that reason, whatever its digits", () => {
    const tooLarge = `max: must be at most ${MAX_LIMIT_GEL} GEL (leave it empty for no limit)`
    expect(rulesOf({ max: 99_999_999_999 })).toEqual([tooLarge])
    expect(rulesOf({ max: 1e15 })).toEqual([tooLarge])
    expect(rulesOf({ max: 1e15 + 0.5 })).toEqual([tooLarge])
    expect(rulesOf({ min: MAX_LIMIT_GEL + 0.01 })).toEqual([tooLarge.replace("max", "min")])
  })

  it("names the one rule a bad end breaks: below 0, a third decimal, not a number, min above max", () => {
    expect(rulesOf({ min: -1 })).toEqual(["min: must be 0 GEL or more"])
    expect(rulesOf({ max: 12.345 })).toEqual(["max: must have at most 2 decimals (whole tetri)"])
    expect(rulesOf({ max: "500" })).toEqual(["max: must be a number of GEL"])
    expect(rulesOf({ min: 600, max: 500 })).toEqual([": min must not exceed max"])
  })

  it("accepts every whole-tetri amount from 0 to a million GEL (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_LIMIT_GEL * 100 }), (tetri) => {
        expect(rulesOf({ min: 0, max: tetri / 100 })).toEqual([])
      })
    )
  })
})

describe("url helpers", () => {
  it("originOf and joinUrl", () => {
    expect(originOf("https://shop.ge/checkout/return?x=1")).toBe("https://shop.ge")
    expect(originOf("javascript:alert(1)")).toBeUndefined()
    expect(originOf("/relative")).toBeUndefined()
    expect(joinUrl("http://a.ge/", "/hooks/x")).toBe("http://a.ge/hooks/x")
    expect(joinUrl("http://a.ge/base", "hooks/x")).toBe("http://a.ge/base/hooks/x")
  })
})

describe("toMedusaError", () => {
  it("passes MedusaErrors through", () => {
    const original = new MedusaError(MedusaError.Types.NOT_ALLOWED, "x")
    expect(toMedusaError(original)).toBe(original)
  })

  it("maps validation errors to INVALID_DATA naming the field", () => {
    const e = toMedusaError(
      new TbcValidationError("request", [{ field: "amount", rule: "max", message: "must be at most 5" }]),
      "refund the payment"
    )
    expect(e.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(e.message).toBe("Could not refund the payment: amount: must be at most 5")
  })

  it("keeps the bank's words but no operation path or status line", () => {
    const api = new TbcApiError("POST /v1/tpay/payments/{payId}/cancel", {
      status: 400,
      userMessage: "Partial refund allowed once per day",
    })
    const e = toMedusaError(api, "refund the payment")
    expect(e.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(e.message).toBe("Could not refund the payment: the bank refused it (Partial refund allowed once per day).")
    expect(e.message).not.toMatch(/tpay|POST/)
  })

  it("maps credentials, 404, 5xx, timeouts and network errors to readable words", () => {
    expect(toMedusaError(new TbcApiError("op", { status: 401 })).message).toMatch(/credentials/)
    expect(toMedusaError(new TbcApiError("op", { status: 404, title: "HTTP 404" })).type).toBe(
      MedusaError.Types.NOT_FOUND
    )
    expect(toMedusaError(new TbcApiError("op", { status: 503 })).message).toMatch(/temporarily unavailable/)
    expect(toMedusaError(new TbcTimeoutError("op", 100)).message).toMatch(/did not answer in time/)
    expect(toMedusaError(new TbcNetworkError("op", false, "ECONNREFUSED")).message).toMatch(/could not be reached/)
  })

  it("never echoes an unknown error's message (it may carry headers or tokens)", () => {
    const e = toMedusaError(new Error("Bearer abc.def token=123"))
    expect(e.message).not.toMatch(/Bearer|abc|123/)
    expect(e.type).toBe(MedusaError.Types.UNEXPECTED_STATE)
  })
})

describe("providerLogger", () => {
  it("prefixes lines with the provider id and answers shouldLog as Medusa's logger does", () => {
    const lines: string[] = []
    const medusa = {
      info: (m: string) => void lines.push(m),
      debug: () => undefined,
      shouldLog: (level: string) => level !== "debug",
    }
    const logger = providerLogger({ logger: medusa }, "pp_tbc-checkout_tbc")
    logger.info("hello")
    expect(lines).toEqual(["[pp_tbc-checkout_tbc] hello"])
    expect(logger.shouldLog?.("debug")).toBe(false)
    expect(logger.shouldLog?.("info")).toBe(true)
  })

  it("logs debug lines at info level while debugAsInfo says so (debugLogging in force, asked at each line)", () => {
    const lines: string[] = []
    const medusa = {
      debug: (m: string) => lines.push(`debug ${m}`),
      info: (m: string) => lines.push(`info ${m}`),
      shouldLog: (level: string) => level !== "debug",
    }
    let on = false
    const logger = providerLogger({ logger: medusa }, "tbc-checkout_tbc", () => on)
    expect(logger.shouldLog?.("debug")).toBe(false)
    logger.debug("TBC getPayment -> 200 (12 ms)")
    on = true
    expect(logger.shouldLog?.("debug")).toBe(true)
    logger.debug("TBC getPayment -> 200 (9 ms)")
    expect(lines).toEqual([
      "debug [tbc-checkout_tbc] TBC getPayment -> 200 (12 ms)",
      "info [tbc-checkout_tbc] debug: TBC getPayment -> 200 (9 ms)",
    ])
    expect(providerLogger({}, "p", () => true).shouldLog?.("debug")).toBe(false) // no logger, no lines
  })

  it("a logger without shouldLog gets every line; no logger, none", () => {
    expect(providerLogger({ logger: { debug: () => undefined } }, "p").shouldLog?.("debug")).toBe(true)
    expect(providerLogger({}, "p").shouldLog?.("debug")).toBe(false)
  })
})
