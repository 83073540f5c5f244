/**
 * Property tests of the create-application, saved-card execution and operation-amount
 * validators: valid inputs always pass; a single broken rule is always reported with its field
 * and rule id.
 */
import fc from "fast-check"
import { propertyRuns } from "../../../__tests__/property-runs"
import { majorToMinorExact, minorToMajor } from "../../../money"
import { checkExecuteSavedCardRequest, checkOperationAmount } from "../execution"
import { checkCreateApplicationRequest } from "../installments"
import { ansText, minorAmount, pascalProduct, validCreateApplication, validExecuteSavedCard } from "./arbitraries"

const RUNS = { numRuns: propertyRuns(1000) }
type Obj = Record<string, unknown>
interface Break {
  name: string
  edit(request: Obj): { field: string; rule: string }
}
const br = (name: string, edit: Break["edit"]): Break => ({ name, edit })
/** A break whose field and rule are known up front. */
const fixedBreak = (field: string, rule: string, edit: (request: Obj) => void): Break =>
  br(`${field} ${rule}`, (request) => {
    edit(request)
    return { field, rule }
  })
const copy = <T>(value: T): Obj => JSON.parse(JSON.stringify(value)) as Obj
const threeDecimals = (major: number, digit: number) => ((majorToMinorExact(major) as number) * 10 + digit) / 1000

function expectReported(result: { ok: boolean; issues?: unknown }, field: string, rule: string) {
  expect(result.ok).toBe(false)
  expect((result as { issues: unknown[] }).issues).toContainEqual(expect.objectContaining({ field, rule }))
}

describe("checkCreateApplicationRequest properties", () => {
  it("accepts every valid application, with products in either casing, and returns it canonical", () => {
    fc.assert(
      fc.property(validCreateApplication, fc.boolean(), (request, pascal) => {
        const input = pascal ? { ...request, products: request.products.map(pascalProduct) } : request
        expect(checkCreateApplicationRequest(input)).toEqual({ ok: true, value: request })
      }),
      RUNS
    )
  })

  const breaks: fc.Arbitrary<Break> = fc.oneof(
    fc.constant(fixedBreak("priceTotal", "required", (r) => delete r.priceTotal)),
    fc.constant(fixedBreak("priceTotal", "positive", (r) => (r.priceTotal = 0))),
    fc
      .integer({ min: 1, max: 9 })
      .map((d) =>
        fixedBreak("priceTotal", "max_2_decimals", (r) => (r.priceTotal = threeDecimals(r.priceTotal as number, d)))
      ),
    fc.constant(fixedBreak("priceTotal", "non_negative", (r) => (r.priceTotal = -(r.priceTotal as number)))),
    fc.constant(fixedBreak("products", "required", (r) => delete r.products)),
    fc.constant(fixedBreak("products", "required", (r) => (r.products = []))),
    fc.integer({ min: 1, max: 500 }).map((delta) =>
      br("sum off", (r) => {
        r.priceTotal = minorToMajor((majorToMinorExact(r.priceTotal as number) as number) + delta)
        return { field: "products", rule: "sum_equals_total" }
      })
    ),
    fc
      .tuple(
        fc.constantFrom(
          ["name", "", "required"],
          ["price", 0.001, "max_2_decimals"],
          ["price", -1, "non_negative"],
          ["quantity", 0, "positive_integer"],
          ["quantity", "2", "type"]
        ),
        fc.nat()
      )
      .map(([[key, value, rule], at]) =>
        br(`product ${key}`, (r) => {
          const products = r.products as Obj[]
          const index = at % products.length
          products[index][key as string] = value
          return { field: `products.${index}.${key}`, rule: rule as string }
        })
      ),
    fc
      .constantFrom("campaignId", "invoiceId", "merchantKey")
      .map((key) =>
        br(`${key} type`, (r) => ((r[key] = key === "campaignId" ? true : 42), { field: key, rule: "type" }))
      )
  )

  it("reports the broken field and rule", () => {
    fc.assert(
      fc.property(validCreateApplication, breaks, (request, broken) => {
        const input = copy(request)
        const { field, rule } = broken.edit(input)
        expectReported(checkCreateApplicationRequest(input), field, rule)
      }),
      RUNS
    )
  })
})

describe("checkExecuteSavedCardRequest properties", () => {
  it("accepts every valid execution request unchanged", () => {
    fc.assert(
      fc.property(validExecuteSavedCard, (request) => {
        expect(checkExecuteSavedCardRequest({ ...request, unknown: 1 })).toEqual({ ok: true, value: request })
      }),
      RUNS
    )
  })

  const money = (r: Obj) => r.money as Obj
  const breaks: fc.Arbitrary<Break> = fc.oneof(
    fc.constantFrom<unknown>(undefined, "", "  ", 42).map((recId) =>
      br(`recId ${String(recId)}`, (r) => {
        r.recId = recId
        return { field: "recId", rule: recId === undefined || typeof recId === "string" ? "required" : "type" }
      })
    ),
    fc.constant(fixedBreak("money", "required", (r) => delete r.money)),
    fc.constant(fixedBreak("money.amount", "positive", (r) => (money(r).amount = 0))),
    fc
      .integer({ min: 1, max: 9 })
      .map((d) =>
        fixedBreak(
          "money.amount",
          "max_2_decimals",
          (r) => (money(r).amount = threeDecimals(money(r).amount as number, d))
        )
      ),
    fc.constant(fixedBreak("money.amount", "non_negative", (r) => (money(r).amount = -(money(r).amount as number)))),
    fc.constant(fixedBreak("money.amount", "type", (r) => (money(r).amount = String(money(r).amount)))),
    fc.constantFrom("gel", "GBP", "").map((c) => fixedBreak("money.currency", "enum", (r) => (money(r).currency = c))),
    fc.constant(fixedBreak("preAuth", "type", (r) => (r.preAuth = "true"))),
    fc
      .tuple(fc.constantFrom("extra", "extra2"), ansText(0, 10))
      .map(([key, text]) => fixedBreak(key, "ans_only", (r) => (r[key] = `${text}ქ`))),
    fc
      .tuple(
        fc.constantFrom(["extra", 25] as const, ["extra2", 52] as const, ["merchantPaymentId", 100] as const),
        fc.integer({ min: 1, max: 30 })
      )
      .map(([[key, max], over]) => fixedBreak(key, "max_length", (r) => (r[key] = "x".repeat(max + over))))
  )

  it("reports the broken field and rule", () => {
    fc.assert(
      fc.property(validExecuteSavedCard, breaks, (request, broken) => {
        const input = copy(request)
        const { field, rule } = broken.edit(input)
        expectReported(checkExecuteSavedCardRequest(input), field, rule)
      }),
      RUNS
    )
  })
})

describe("checkOperationAmount properties", () => {
  const amountAndMax = fc
    .tuple(minorAmount(1, 1e12), minorAmount(0, 1e12))
    .map(([amountMinor, headroom]) => ({ amountMinor, maxMinor: amountMinor + headroom }))

  it("accepts every amount within the maximum, compared exactly in tetri", () => {
    fc.assert(
      fc.property(amountAndMax, fc.boolean(), ({ amountMinor, maxMinor }, withMax) => {
        const amount = minorToMajor(amountMinor)
        const ctx = withMax ? { maxAmount: minorToMajor(maxMinor) } : {}
        expect(checkOperationAmount("amount", amount, ctx)).toEqual({ ok: true, value: amount })
      }),
      RUNS
    )
  })

  it("refuses amounts above the maximum, zero, negative or with 3 decimals", () => {
    const broken = fc.oneof(
      amountAndMax.map(({ maxMinor }) => ({
        amount: minorToMajor(maxMinor + 1),
        max: minorToMajor(maxMinor),
        rule: "max_amount",
      })),
      fc.constant({ amount: 0, max: undefined, rule: "positive" }),
      minorAmount(1, 1e12).map((m) => ({ amount: -minorToMajor(m), max: undefined, rule: "non_negative" })),
      fc
        .tuple(minorAmount(0, 1e12), fc.integer({ min: 1, max: 9 }))
        .map(([m, d]) => ({ amount: (m * 10 + d) / 1000, max: undefined, rule: "max_2_decimals" }))
    )
    fc.assert(
      fc.property(broken, ({ amount, max, rule }) => {
        const ctx = max === undefined ? {} : { maxAmount: max }
        const result = checkOperationAmount("refund.amount", amount, ctx)
        expectReported(result, "refund.amount", rule)
      }),
      RUNS
    )
  })
})
