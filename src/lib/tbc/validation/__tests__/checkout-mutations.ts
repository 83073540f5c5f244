/**
 * Mutations that break exactly one rule of a valid create-payment request, each saying which
 * field and rule the validator must report. Built on the canonical request; aliases are applied
 * afterwards by the property test.
 */
import fc from "fast-check"
import { MAX_EXACT_MINOR, minorToMajor, majorToMinorExact } from "../../../money"
import type { CreatePaymentRequest, InstallmentProduct } from "../../types"
import { ansText, type CreatePaymentCase } from "./arbitraries"

export interface BrokenCase {
  input: unknown
  activatedMethods: number[]
  field: string
  rule: string
}

export interface Mutation {
  name: string
  apply(c: CreatePaymentCase): BrokenCase
}

type Req = Record<string, unknown> & { amount: Record<string, unknown> }

function clone(request: CreatePaymentRequest): Req {
  return JSON.parse(JSON.stringify(request)) as Req
}

type Edit = (r: Req, c: CreatePaymentCase) => { field: string; rule: string; activated?: number[] }

function mutation(name: string, edit: Edit): Mutation {
  return {
    name,
    apply(c) {
      const input = clone(c.request)
      const { field, rule, activated } = edit(input, c)
      return { input, activatedMethods: activated ?? c.activatedMethods, field, rule }
    },
  }
}

function methodsOf(r: Req): number[] {
  if (!Array.isArray(r.methods)) r.methods = []
  return r.methods as number[]
}

/** Ensures the request carries products summing to its total (a 1 GEL total when it was 0). */
function ensureProducts(r: Req): InstallmentProduct[] {
  if (!Array.isArray(r.installmentProducts) || r.installmentProducts.length === 0) {
    if (r.amount.total === 0) {
      r.amount.total = 1
    }
    r.installmentProducts = [{ name: "Item", price: r.amount.total, quantity: 1 }]
  }
  return r.installmentProducts as InstallmentProduct[]
}

/** A mutation whose field and rule are known up front. */
const broke = (field: string, rule: string, edit: (r: Req) => void): Mutation =>
  mutation(`${field} ${rule}`, (r) => (edit(r), { field, rule }))

const threeDecimals = (base: number, digit: number) => ((majorToMinorExact(base) ?? 0) * 10 + digit) / 1000
const OPTIONAL_AMOUNTS = ["subTotal", "tax", "shipping"] as const
const BOOLEANS = ["preAuth", "skipInfoMessage", "saveCard"] as const

const bodyNotAnObject: Mutation = {
  name: "body not an object",
  apply: (c) => ({ input: [c.request], activatedMethods: c.activatedMethods, field: "body", rule: "type" }),
}

export const checkoutMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant(bodyNotAnObject),
  fc.constant(broke("amount", "required", (r) => delete (r as Partial<Req>).amount)),
  fc
    .constantFrom("GBP", "gel", "", "GEL ")
    .map((currency) => broke("amount.currency", "enum", (r) => (r.amount.currency = currency))),
  fc.integer({ min: 1, max: 9 }).map((digit) =>
    mutation(`total 3 decimals +${digit}`, (r) => {
      r.amount.total = threeDecimals(r.amount.total as number, digit)
      return { field: "amount.total", rule: "max_2_decimals" }
    })
  ),
  fc
    .tuple(fc.constantFrom(...OPTIONAL_AMOUNTS), fc.integer({ min: 1, max: 1e6 }))
    .map(([key, minor]) => broke(`amount.${key}`, "non_negative", (r) => (r.amount[key] = -minorToMajor(minor)))),
  fc.constantFrom(...OPTIONAL_AMOUNTS).map((key) => broke(`amount.${key}`, "type", (r) => (r.amount[key] = "1.00"))),
  fc.constant(
    broke("amount.total", "positive", (r) => {
      r.amount.total = 0
      delete r.saveCard
      delete r.installmentProducts
      r.methods = methodsOf(r).filter((m) => m !== 8)
    })
  ),
  fc.constant(broke("returnurl", "required", (r) => delete r.returnurl)),
  fc
    .constantFrom("ftp://127.0.0.1/x", "/relative", "not a url", "127.0.0.1:80")
    .map((url) => broke("returnurl", "url", (r) => (r.returnurl = url))),
  fc
    .constantFrom("javascript:alert(1)", "//127.0.0.1/cb", "")
    .map((url) => broke("callbackUrl", "url", (r) => (r.callbackUrl = url))),
  fc
    .tuple(fc.constantFrom("extra", "extra2"), ansText(0, 10), fc.constantFrom("ქ", "ü", "\n", "\t", "€", "\u007f"))
    .map(([key, text, bad]) => broke(key, "ans_only", (r) => (r[key] = text + bad))),
  fc
    .tuple(
      fc.constantFrom(
        ["extra", 25] as const,
        ["extra2", 52] as const,
        ["description", 30] as const,
        ["merchantPaymentId", 100] as const
      ),
      fc.integer({ min: 1, max: 40 })
    )
    .map(([[key, max], over]) => broke(key, "max_length", (r) => (r[key] = "a".repeat(max + over)))),
  fc
    .constantFrom("1/29", "12345", "ab12", "", "129")
    .map((v) => broke("saveCardToDate", "format_mmyy", (r) => (r.saveCardToDate = v))),
  fc.tuple(fc.constantFrom(0, 13, 20, 99), fc.integer({ min: 0, max: 99 })).map(([month, year]) =>
    mutation(`saveCardToDate month ${month}`, (r) => {
      r.saveCardToDate = String(month).padStart(2, "0") + String(year).padStart(2, "0")
      return { field: "saveCardToDate", rule: "month_range" }
    })
  ),
  fc.constant(
    mutation("duplicate method", (r) => {
      const methods = methodsOf(r)
      if (methods.length === 0) methods.push(5)
      methods.push(methods[0])
      return { field: `methods.${methods.length - 1}`, rule: "unique" }
    })
  ),
  fc.constantFrom(0, 1, 2, 3, 10, 11, 12, 13, 15, 100, 5.5, -5).map((bad) =>
    mutation(`method ${bad}`, (r) => {
      const methods = methodsOf(r)
      methods.push(bad)
      return { field: `methods.${methods.length - 1}`, rule: "allowed_values" }
    })
  ),
  fc.constantFrom(6, 9).map((method) =>
    mutation(`method ${method} not activated`, (r, c) => {
      const methods = methodsOf(r)
      if (method === 9) delete r.saveCard // 9 + saveCard is a second rule
      if (method === 9) delete r.preAuth // and 9 + preAuth a third
      if (!methods.includes(method)) methods.push(method)
      const activated = c.activatedMethods.filter((m) => m !== method)
      return { field: `methods.${methods.indexOf(method)}`, rule: "not_activated", activated }
    })
  ),
  fc.constantFrom(4, 9).map((method) =>
    mutation(`saveCard with ${method}`, (r, c) => {
      const methods = methodsOf(r)
      r.saveCard = true
      delete r.preAuth // 9 + preAuth is another rule
      if (!methods.includes(method)) methods.push(method)
      const activated = [...c.activatedMethods, 9] // so that 9 breaks only the saveCard rule
      return { field: `methods.${methods.indexOf(method)}`, rule: "forbidden_with_save_card", activated }
    })
  ),
  fc.constantFrom(9, 14).map((method) =>
    mutation(`preAuth with ${method}`, (r, c) => {
      r.methods = methodsOf(r).filter((m) => m === method || (m !== 9 && m !== 14)) // one purchase-only method
      const methods = methodsOf(r)
      r.preAuth = true
      delete r.saveCard // 9 + saveCard is another rule
      if (!methods.includes(method)) methods.push(method)
      const activated = [...c.activatedMethods, 9] // so that 9 breaks only the preAuth rule
      return { field: `methods.${methods.indexOf(method)}`, rule: "purchase_only", activated }
    })
  ),
  fc.constant(
    broke("installmentProducts", "required_with_method_8", (r) => {
      const methods = methodsOf(r)
      if (!methods.includes(8)) methods.push(8)
      r.amount.currency = "GEL"
      if (r.amount.total !== 0) delete r.saveCard
      delete r.installmentProducts
    })
  ),
  fc.constantFrom("USD", "EUR").map((currency) =>
    mutation(`method 8 in ${currency}`, (r) => {
      ensureProducts(r)
      const methods = methodsOf(r)
      if (!methods.includes(8)) methods.push(8)
      delete r.saveCard
      r.amount.currency = currency
      return { field: "amount.currency", rule: "currency_gel_for_installment" }
    })
  ),
  fc
    .integer({ min: -1000, max: 1000 })
    .filter((d) => d !== 0)
    .map((deltaMinor) =>
      mutation(`sum off by ${deltaMinor}`, (r) => {
        const products = ensureProducts(r)
        const price = majorToMinorExact(products[0].price) as number
        // a changed price changes the line by delta × quantity ≠ 0, so Σ no longer equals total
        const shifted = price + deltaMinor
        products[0].price = minorToMajor(shifted >= 0 && shifted <= MAX_EXACT_MINOR ? shifted : price - deltaMinor)
        return { field: "installmentProducts", rule: "sum_equals_total" }
      })
    ),
  fc
    .tuple(
      fc.constantFrom(
        ["name", "", "required"],
        ["name", "   ", "required"],
        ["name", "n".repeat(256), "max_length"],
        ["name", 7, "type"],
        ["price", 1.005, "max_2_decimals"],
        ["price", -0.01, "non_negative"],
        ["price", "1", "type"],
        ["quantity", 0, "positive_integer"],
        ["quantity", 1.5, "positive_integer"],
        ["quantity", -2, "positive_integer"]
      ),
      fc.nat()
    )
    .map(([[key, value, rule], at]) =>
      mutation(`product ${key}=${String(value)}`, (r) => {
        const products = ensureProducts(r) as unknown as Record<string, unknown>[]
        const index = at % products.length
        products[index][key as string] = value
        return { field: `installmentProducts.${index}.${key}`, rule: rule as string }
      })
    ),
  fc.constantFrom("DE", "", "english", 1).map((language) => broke("language", "enum", (r) => (r.language = language))),
  fc
    .constantFrom(0, -5, 1.5)
    .map((minutes) => broke("expirationMinutes", "positive_integer", (r) => (r.expirationMinutes = minutes))),
  fc
    .constantFrom("256.0.0.1", "1.2.3", "localhost", "::g")
    .map((ip) => broke("userIpAddress", "ip_address", (r) => (r.userIpAddress = ip))),
  fc
    .tuple(fc.constantFrom(...BOOLEANS), fc.constantFrom<unknown>("true", 1, null, 0))
    .map(([key, value]) => broke(key, "type", (r) => (r[key] = value)))
)
