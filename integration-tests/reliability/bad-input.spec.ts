/**
 * Hostile input to the pure boundaries, ≥ 10,000 generated inputs each (fast-check, seeded):
 * both providers' option validation, the bank payment request validation (directly and as the
 * provider builds it from storefront data), the installment-products mapping, and the webhook
 * handler of both providers (arbitrary payloads and headers, a real sandbox bank behind the
 * checkout one), and the admin's settings changes (any keys and values over stored ones). Nothing may crash with anything but our typed, field-naming errors, and no
 * promise may be left rejected unhandled. No Medusa app: these run in seconds.
 */
import fc from "fast-check"
import { MedusaError, PaymentActions } from "@medusajs/framework/utils"
import { parseCheckoutOptions } from "../../src/providers/tbc-checkout/options"
import { parseInstallmentsOptions } from "../../src/providers/tbc-installments/options"
import { buildCreateRequest } from "../../src/providers/tbc-checkout/payment-data"
import { validateCreatePaymentRequest } from "../../src/lib/tbc/validation"
import { spreadToInstallmentProducts } from "../../src/lib/installment-products"
import { TbcConfigError, TbcValidationError } from "../../src/lib/tbc/errors"
import TbcCheckoutProviderService from "../../src/providers/tbc-checkout/service"
import TbcInstallmentsProviderService from "../../src/providers/tbc-installments/service"
import { startSandbox } from "../../packages/sandbox/src"
import { reliabilitySeed } from "./support/seeded-random"
import { checkSettingsChange } from "../../src/lib/settings/merge"
import { EDITABLE_SETTINGS } from "../../src/lib/settings/editable-settings"
import { OPTION_SCHEMAS } from "../../src/providers/common/effective-options"

jest.setTimeout(600_000)

const RUNS = 10_000
const SEED = reliabilitySeed()
const settings = { seed: SEED, numRuns: RUNS }

let unhandled = 0
const onUnhandled = () => void (unhandled += 1)
beforeAll(() => process.on("unhandledRejection", onUnhandled))
afterAll(() => void process.off("unhandledRejection", onUnhandled))

/**
 * A rejection we accept: typed, every issue naming a field and a rule, a message that says so.
 * The providers' option parsers throw a MedusaError (what Medusa shows at boot) whose `cause`
 * is the TbcConfigError with the issues.
 */
function clearIssuesError(error: unknown): boolean {
  const typed = error instanceof MedusaError ? (error as { cause?: unknown }).cause : error
  if (!(typed instanceof TbcValidationError || typed instanceof TbcConfigError)) return false
  const message = (error as Error).message
  return (
    typed.issues.length > 0 &&
    typed.issues.every((issue) => issue.field.length > 0 && issue.rule.length > 0 && message.includes(issue.field))
  )
}

const VALID_CHECKOUT = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "s",
  environment: "http://127.0.0.1:9",
  storeUrl: "http://127.0.0.1:9000",
  returnUrl: "https://shop.example.ge/checkout/return",
}
const VALID_INSTALLMENTS = {
  apiKey: "k",
  apiSecret: "s",
  merchantKey: "m",
  environment: "http://127.0.0.1:9",
  storeUrl: "http://127.0.0.1:9000",
}

/** Valid options with some keys replaced by anything, some removed, some added. */
const mutatedOptions = (valid: Record<string, unknown>, extraKeys: string[]) =>
  fc
    .tuple(
      fc.dictionary(fc.constantFrom(...Object.keys(valid), ...extraKeys), fc.anything(), { maxKeys: 6 }),
      fc.subarray(Object.keys(valid))
    )
    .map(([replaced, removed]) => {
      const options: Record<string, unknown> = { ...valid, ...replaced }
      for (const key of removed) delete options[key]
      return options
    })

const figures: string[] = []
afterAll(() => console.log(`reliability: bad input: ${figures.join("; ")}; ${unhandled} unhandled rejections`))

function fuzz<T>(name: string, arbitrary: fc.Arbitrary<T>, run: (value: T) => "accepted" | "refused") {
  const tally = { accepted: 0, refused: 0 }
  fc.assert(
    fc.property(arbitrary, (value) => {
      tally[run(value)] += 1
    }),
    settings
  )
  figures.push(`${name} ${tally.accepted + tally.refused} inputs (${tally.refused} refused clearly, 0 crashes)`)
  expect(tally.accepted + tally.refused).toBeGreaterThanOrEqual(RUNS)
}

/** Runs `fn`; a throw must be a clear validation error, anything else fails the property. */
function acceptedOrClear(fn: () => unknown): "accepted" | "refused" {
  try {
    fn()
    return "accepted"
  } catch (error) {
    if (clearIssuesError(error)) return "refused"
    throw error
  }
}

describe("bad input (fast-check, 10,000 inputs each)", () => {
  it("checkout and installments option validation", () => {
    const checkoutExtras = [
      "preAuth",
      "methods",
      "callbackAllowlist",
      "trustProxy",
      "timeoutMs",
      "maxRetries",
      "returnUrl",
      "registrationId",
      "saveCards",
    ]
    fuzz("tbc-checkout options", fc.oneof(mutatedOptions(VALID_CHECKOUT, checkoutExtras), fc.anything()), (o) =>
      acceptedOrClear(() => parseCheckoutOptions(o))
    )
    fuzz(
      "tbc-installments options",
      fc.oneof(
        mutatedOptions(VALID_INSTALLMENTS, ["campaignId", "syncIntervalSeconds", "pageSize", "timeoutMs"]),
        fc.anything()
      ),
      (o) => acceptedOrClear(() => parseInstallmentsOptions(o))
    )
  })

  it("payment request validation, direct and as the provider builds it from storefront data", () => {
    const request = fc.record(
      {
        amount: fc.oneof(
          fc.record({ currency: fc.constantFrom("GEL", "USD", "EUR", "XXX"), total: fc.double() }),
          fc.anything()
        ),
        returnurl: fc.oneof(fc.webUrl(), fc.string()),
        methods: fc.array(fc.oneof(fc.integer({ min: -1, max: 20 }), fc.anything()), { maxLength: 4 }),
        installmentProducts: fc.array(fc.record({ name: fc.string(), price: fc.double(), quantity: fc.integer() }), {
          maxLength: 3,
        }),
        merchantPaymentId: fc.string({ maxLength: 120 }),
        expirationMinutes: fc.anything(),
        language: fc.constantFrom("KA", "EN", "xx"),
      },
      { requiredKeys: [] }
    )
    // a valid request with some fields replaced or removed, so acceptance is exercised too
    const validRequest = {
      amount: { currency: "GEL", total: 12.34 },
      returnurl: "https://shop.example/return",
      methods: [5],
      merchantPaymentId: "payses_1",
      language: "KA",
    }
    fuzz(
      "bank payment request",
      fc.oneof(
        request,
        mutatedOptions(validRequest, ["expirationMinutes", "callbackUrl", "preAuth", "saveCard", "description"]),
        fc.anything()
      ),
      (r) => acceptedOrClear(() => validateCreatePaymentRequest(r))
    )

    const options = parseCheckoutOptions({ ...VALID_CHECKOUT, methods: [5, 8], activatedMethods: [8] })
    fuzz(
      "provider payment request from storefront data",
      fc.record({
        data: fc.dictionary(
          fc.constantFrom("installmentProducts", "return_url", "payId", "session_id", "method"),
          fc.anything()
        ),
        amount: fc.oneof(fc.double({ min: 0.01, max: 1e7, noNaN: true }), fc.integer({ min: 1, max: 1e9 })),
        currency: fc.constantFrom("gel", "GEL", "usd", "eur"),
      }),
      ({ data, amount, currency }) =>
        acceptedOrClear(() => {
          let built
          try {
            built = buildCreateRequest({ options, sessionId: "payses_fuzz", amount, currencyCode: currency, data })
          } catch (error) {
            // the provider's own refusals are readable MedusaErrors (never a TypeError)
            if (error instanceof MedusaError && error.message.length > 10) return
            throw error
          }
          validateCreatePaymentRequest(built.request)
        })
    )
  })

  it("installment-products mapping", () => {
    const line = fc.record({
      name: fc.oneof(fc.string(), fc.anything()),
      quantity: fc.oneof(fc.integer({ min: -2, max: 50 }), fc.anything()),
      unitPriceMinor: fc.oneof(fc.integer({ min: -10, max: 10_000_000 }), fc.double(), fc.anything()),
      discountMinor: fc.oneof(fc.nat(1_000_000), fc.anything()),
      taxMinor: fc.oneof(fc.nat(1_000_000), fc.anything()),
    })
    fuzz(
      "installment-products mapping",
      fc.oneof(
        fc.record({ lines: fc.array(line, { maxLength: 6 }), targetMinor: fc.oneof(fc.nat(), fc.anything()) }),
        fc.anything()
      ),
      (input) =>
        acceptedOrClear(() => {
          const result = spreadToInstallmentProducts(input as Parameters<typeof spreadToInstallmentProducts>[0])
          const sum = result.installmentProducts.reduce((s, p) => s + Math.round(p.price * 100) * p.quantity, 0)
          if (sum !== (input as { targetMinor: number }).targetMinor) throw new Error(`sum ${sum} is not the target`)
        })
    )
  })

  it("admin settings changes: any keys and values, over any stored ones", () => {
    const keys = [...EDITABLE_SETTINGS.map((e) => e.key), "clientSecret", "environment", "apiKey", "__proto__"]
    const values = fc.oneof(fc.anything(), fc.array(fc.constantFrom(4, 5, 6, 7, 8, 9, 14)), fc.string(), fc.integer())
    const change = fc.record({
      kind: fc.constantFrom("tbc-checkout" as const, "tbc-installments" as const),
      set: fc.dictionary(fc.constantFrom(...keys), values, { maxKeys: 5 }),
      reset: fc.subarray(keys, { maxLength: 3 }),
      stored: fc.array(fc.record({ key: fc.constantFrom(...keys), value: values }), { maxLength: 3 }),
    })
    fuzz("admin settings changes", change, ({ kind, set, reset, stored }) => {
      const config = kind === "tbc-checkout" ? VALID_CHECKOUT : VALID_INSTALLMENTS
      const checked = checkSettingsChange(OPTION_SCHEMAS[kind], kind, config, stored, { set, reset })
      if (checked.ok) {
        // only editable keys change, each to a JSON value (what the table stores)
        for (const c of checked.changes) {
          if (!EDITABLE_SETTINGS.some((e) => e.key === c.key && e.kinds.includes(kind))) throw new Error(c.key)
          if (c.new_value !== null) JSON.stringify(c.new_value)
        }
        return "accepted"
      }
      if (checked.issues.length === 0 || checked.issues.some((i) => !i.field || !i.rule || !i.message)) {
        throw new Error(`a refusal must name each field and rule: ${JSON.stringify(checked.issues)}`)
      }
      return "refused"
    })
  })

  it("webhook handlers of both providers: arbitrary payloads and headers never throw, never act", async () => {
    const sandbox = await startSandbox({ port: 0, callbackAttempts: 1, callbackRetryMs: 0, strict: true })
    // the sandbox's own credentials: a callback that names a payment is checked with the bank for
    // real (unknown ids → 404 → ignored); a bank that cannot be asked makes the provider throw on
    // purpose, so Medusa's event bus retries — not what this property is about
    const checkout = new TbcCheckoutProviderService(
      {},
      {
        ...VALID_CHECKOUT,
        apiKey: "sandbox-apikey",
        clientId: "sandbox-client",
        clientSecret: "sandbox-client-secret",
        environment: sandbox.url,
        callbackAllowlist: ["127.0.0.1"],
      }
    )
    const installments = new TbcInstallmentsProviderService({}, { ...VALID_INSTALLMENTS, environment: sandbox.url })
    const headers = fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          "x-tbc-callback-source",
          "x-tbc-callback-session",
          "x-tbc-callback-signature",
          "x-tbc-callback-receipt",
          "x-forwarded-for"
        ),
        fc.string()
      ),
      fc.oneof(fc.constantFrom("127.0.0.1", "::1", "10.0.0.1"), fc.string(), fc.anything())
    )
    const payload = fc.record({
      data: fc.oneof(
        fc.record({ PaymentId: fc.oneof(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.anything()) }),
        fc.anything()
      ),
      rawData: fc.oneof(fc.string(), fc.constant(Buffer.from("{}"))),
      headers: fc.oneof(headers, fc.anything()),
    })
    const actions = { checkout: 0, installments: 0 }
    try {
      await fc.assert(
        fc.asyncProperty(payload, async (p) => {
          const input = p as Parameters<typeof checkout.getWebhookActionAndData>[0]
          const [a, b] = await Promise.all([
            checkout.getWebhookActionAndData(input),
            installments.getWebhookActionAndData(input),
          ])
          expect(a.action).toBe(PaymentActions.NOT_SUPPORTED)
          expect(b.action).toBe(PaymentActions.NOT_SUPPORTED)
          actions.checkout += 1
          actions.installments += 1
        }),
        settings
      )
    } finally {
      ;(checkout as unknown as { client_: { close(): void } }).client_.close()
      ;(installments as unknown as { client_?: { close(): void } }).client_?.close?.()
      await sandbox.close()
    }
    figures.push(`webhook handlers ${actions.checkout} payloads each to both providers (all not_supported, 0 crashes)`)
    expect(actions.checkout).toBeGreaterThanOrEqual(RUNS)
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toBe(0)
  })
})
