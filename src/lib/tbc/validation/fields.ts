/**
 * Field rules shared by every request validator (client side and sandbox side): amounts,
 * ANS strings, URLs, MMYY dates, enums. Each rule is one zod schema emitting our stable rule ids,
 * plus a small `checkX`/`isX` helper for callers that validate a single value.
 */
import { isIP } from "node:net"
import { z } from "zod/v4"
import { MAX_EXACT_MINOR, minorToMajor, readMinorExact } from "../../money"
import { CHECKOUT_METHODS, type CheckoutLanguage, type CheckoutMethod } from "../types"
import { addRuleIssue, fromZodError, safeParseWithInput, type CheckResult } from "./result"

export const CURRENCIES = ["GEL", "USD", "EUR"] as const
export const LANGUAGES = ["KA", "EN", "RU"] as const satisfies readonly CheckoutLanguage[]

/** Bank limits (the field lengths and amounts its documentation states) and our own choices where the bank names none. */
export const LIMITS = {
  extra: 25,
  extra2: 52,
  description: 30,
  /** our choice: the bank states no limit; 100 fits any order id / UUID with a prefix */
  merchantPaymentId: 100,
  /** our choice: the bank states no limit; long names are cut by the provider before sending */
  productName: 255,
  /** our choice: the bank documents only "merchant" */
  initiator: 50,
} as const

/** ANS = printable ASCII 0x20–0x7E: what the bank puts on the card statement. */
export function isAnsOnly(value: string): boolean {
  return /^[\x20-\x7E]*$/.test(value)
}

/** An absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== ""
  } catch {
    return false
  }
}

/** The broken MMYY rule of a saveCardToDate string (format, then month 01–12), or null. */
export function saveCardToDateProblem(value: string): { rule: string; message: string } | null {
  if (!/^\d{4}$/.test(value)) {
    return { rule: "format_mmyy", message: "must be MMYY (4 digits, e.g. 0527)" }
  }
  const month = Number(value.slice(0, 2))
  if (month < 1 || month > 12) {
    return { rule: "month_range", message: "month (MM) must be 01-12" }
  }
  return null
}

export const saveCardToDateSchema = z.string().superRefine((value, ctx) => {
  const problem = saveCardToDateProblem(value)
  if (problem) {
    addRuleIssue(ctx, problem.rule, problem.message)
  }
})

/** Checks one saveCardToDate value (MMYY, month 01–12). */
export function checkSaveCardToDate(value: unknown): CheckResult<string> {
  return checkField("saveCardToDate", saveCardToDateSchema, value)
}

/** A string of printable ASCII only, at most `max` characters (extra, extra2). */
export function ansString(max: number) {
  return z.string().superRefine((value, ctx) => {
    if (!isAnsOnly(value)) {
      addRuleIssue(ctx, "ans_only", "may contain only printable ASCII characters (0x20-0x7E)")
    }
    if (value.length > max) {
      addRuleIssue(ctx, "max_length", `must be at most ${max} characters`)
    }
  })
}

export function maxLengthString(max: number) {
  return z.string().superRefine((value, ctx) => {
    if (value.length > max) {
      addRuleIssue(ctx, "max_length", `must be at most ${max} characters`)
    }
  })
}

export function nonEmptyString(max?: number) {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === "") {
      addRuleIssue(ctx, "required", "must not be empty")
    } else if (max !== undefined && value.length > max) {
      addRuleIssue(ctx, "max_length", `must be at most ${max} characters`)
    }
  })
}

/** A non-empty string with no length limit (path ids, sync ids), built once: a zod schema costs
 * far more to build than to run. */
export const NON_EMPTY_STRING = nonEmptyString()

export const httpUrlSchema = z.string().superRefine((value, ctx) => {
  if (!isHttpUrl(value)) {
    addRuleIssue(ctx, "url", "must be an absolute http(s) URL")
  }
})

export const ipAddressSchema = z.string().superRefine((value, ctx) => {
  if (isIP(value) === 0) {
    addRuleIssue(ctx, "ip_address", "must be an IPv4 or IPv6 address")
  }
})

export const positiveIntegerSchema = z.number().superRefine((value, ctx) => {
  if (!Number.isSafeInteger(value) || value <= 0) {
    addRuleIssue(ctx, "positive_integer", "must be a positive integer")
  }
})

export const currencySchema = z.enum(CURRENCIES)

/** Accepts lower case ("en"), outputs the bank's upper case ("EN"). */
export const languageSchema = z.preprocess(
  (value) => (typeof value === "string" ? value.toUpperCase() : value),
  z.enum(LANGUAGES)
)

export const checkoutMethodSchema = z
  .number()
  .refine((value): value is CheckoutMethod => (CHECKOUT_METHODS as readonly number[]).includes(value), {
    params: { rule: "allowed_values" },
    message: `must be one of ${CHECKOUT_METHODS.join(", ")}`,
  })

export interface MajorAmountRules {
  /** > 0 instead of ≥ 0 */
  positive?: boolean
}

/**
 * A decimal major-unit amount as the bank's JSON carries it: a finite number ≥ 0 (or > 0) with
 * at most 2 decimals. Strings are refused: the bank's fields are JSON numbers.
 */
export function majorAmountSchema(rules: MajorAmountRules = {}) {
  return z.number().superRefine((value, ctx) => {
    if (!Number.isFinite(value)) {
      addRuleIssue(ctx, "type", "must be a finite number")
      return
    }
    if (value < 0) {
      addRuleIssue(ctx, "non_negative", "must not be negative")
      return
    }
    const read = readMinorExact(value)
    if (!("minor" in read)) {
      if (read.reason === "too_large") {
        addRuleIssue(ctx, "max_amount", `must be at most ${minorToMajor(MAX_EXACT_MINOR)}`)
      } else {
        addRuleIssue(ctx, "max_2_decimals", "must have at most 2 decimals")
      }
      return
    }
    if (rules.positive && read.minor === 0) {
      addRuleIssue(ctx, "positive", "must be greater than 0")
    }
  })
}

/** Built once per rule set: a zod schema costs far more to build than to run. */
const MAJOR_AMOUNT = { any: majorAmountSchema(), positive: majorAmountSchema({ positive: true }) }

/** Checks one major amount under a field name (e.g. "amount" of a refund). */
export function checkMajorAmount(field: string, value: unknown, rules: MajorAmountRules = {}): CheckResult<number> {
  return checkField(field, rules.positive ? MAJOR_AMOUNT.positive : MAJOR_AMOUNT.any, value)
}

/** Runs one field schema and names its issues after `field`. */
export function checkField<T>(field: string, schema: z.ZodType<T>, value: unknown): CheckResult<T> {
  const parsed = safeParseWithInput(schema, value)
  if (parsed.success) {
    return { ok: true, value: parsed.data }
  }
  return { ok: false, issues: fromZodError(parsed.error, field) }
}
