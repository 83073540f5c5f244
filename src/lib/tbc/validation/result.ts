/**
 * The two shapes every validator comes in, and the translation of zod issues into our
 * `ValidationIssue {field, rule, message}`.
 *
 * Why our own rule ids instead of zod's codes: the sandbox answers problem-JSON from them and the
 * tests assert them, so they must stay stable across zod versions and say which business rule
 * broke ("ans_only", "sum_equals_total"), not how zod happened to detect it.
 */
import type { z } from "zod/v4"
import { TbcValidationError, type ValidationIssue } from "../errors"

export type CheckResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

/** Field name used when the whole input (not one of its fields) is wrong. */
export const ROOT_FIELD = "body"

/** Carried in a custom zod issue's params so the mapper keeps our rule id. */
interface RuleParams {
  rule: string
}

/** Adds one of our rule issues from inside a zod `superRefine`. */
export function addRuleIssue(
  ctx: z.RefinementCtx,
  rule: string,
  message: string,
  path: (string | number)[] = []
): void {
  const params: RuleParams = { rule }
  ctx.addIssue({ code: "custom", message, params, path })
}

export function fieldPath(prefix: string, path: readonly (string | number)[]): string {
  const parts = [prefix, ...path.map(String)].filter((part) => part !== "")
  return parts.length ? parts.join(".") : ROOT_FIELD
}

export function issue(field: string, rule: string, message: string): ValidationIssue {
  return { field, rule, message }
}

/** zod issues → ours; `prefix` is prepended to every path (e.g. "money" for a nested check). */
export function fromZodError(error: z.ZodError, prefix = ""): ValidationIssue[] {
  return error.issues.map((zodIssue) => {
    const field = fieldPath(
      prefix,
      zodIssue.path.map((part) => (typeof part === "symbol" ? String(part) : part))
    )
    const { rule, message } = describeZodIssue(zodIssue)
    return { field, rule, message }
  })
}

/** What a value is, in the words the messages use ("null", "array", "nan", "string"...). */
function kindOf(value: unknown): string {
  if (value === null) return "null"
  if (Array.isArray(value)) return "array"
  if (typeof value === "number" && Number.isNaN(value)) return "nan"
  return typeof value
}

/**
 * Parse with the input kept on each issue (zod's `reportInput`), so a type error can say what
 * it got. Every validator here parses through this.
 */
export function safeParseWithInput<T extends z.ZodType>(schema: T, value: unknown): z.ZodSafeParseResult<z.output<T>> {
  return schema.safeParse(value, { reportInput: true })
}

function describeZodIssue(zodIssue: z.core.$ZodIssue): { rule: string; message: string } {
  switch (zodIssue.code) {
    case "custom": {
      const rule = (zodIssue.params as Partial<RuleParams> | undefined)?.rule ?? "invalid"
      return { rule, message: zodIssue.message }
    }
    case "invalid_type": {
      const received = kindOf(zodIssue.input)
      if (received === "undefined") {
        return { rule: "required", message: "is required" }
      }
      return { rule: "type", message: `must be ${article(zodIssue.expected)}, got ${received}` }
    }
    case "invalid_value":
      return { rule: "enum", message: `must be one of ${zodIssue.values.map(String).join(", ")}` }
    case "too_big":
      if (zodIssue.origin === "string") {
        return { rule: "max_length", message: `must be at most ${String(zodIssue.maximum)} characters` }
      }
      return { rule: "max", message: `must be at most ${String(zodIssue.maximum)}` }
    case "too_small":
      if ((zodIssue.origin === "string" || zodIssue.origin === "array") && Number(zodIssue.minimum) === 1) {
        return { rule: "required", message: "must not be empty" }
      }
      return { rule: "min", message: `must be at least ${String(zodIssue.minimum)}` }
    default:
      return { rule: zodIssue.code, message: zodIssue.message }
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}

/**
 * Drops repeats of the same field+rule (a cross-field check may see what a field check already
 * reported) while keeping the first-seen order.
 */
export function uniqueIssues(issues: readonly ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>()
  return issues.filter((one) => {
    const key = `${one.field}\u0000${one.rule}`
    if (seen.has(key)) {
      return false
    }
    seen.add(key)
    return true
  })
}

/** Combines a zod parse with issues found outside zod (cross-field rules) into one result. */
export function combineResult<T>(
  parsed: z.ZodSafeParseResult<T>,
  extraIssues: readonly ValidationIssue[]
): CheckResult<T> {
  const issues = uniqueIssues([...(parsed.success ? [] : fromZodError(parsed.error)), ...extraIssues])
  if (issues.length > 0 || !parsed.success) {
    return { ok: false, issues }
  }
  return { ok: true, value: parsed.data }
}

/** The throwing form: the value, or a TbcValidationError naming every issue. */
export function valueOrThrow<T>(what: string, result: CheckResult<T>): T {
  if (!result.ok) {
    throw new TbcValidationError(what, result.issues)
  }
  return result.value
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
}
