/**
 * The one translation of a zod failure into words a caller can act on: every issue as
 * `{field, rule, message}` (ValidationIssue), and the text "field: message; field: message".
 * Provider options, route input and saved-card session data all go through it; the glue that
 * turns the result into a MedusaError is src/providers/common/invalid-data.ts.
 *
 * Why duck-typed (no zod import): the options and routes use the pinned zod's v3 API, the bank
 * validators its `zod/v4` entry; both errors carry `issues` with `code`, `path` and `message`,
 * which is all this reads.
 *
 * Why it never echoes an input value: options carry secrets. The messages are the schemas' own
 * rule texts ("must not be empty"); the one zod default text that quotes the input (zod 3's enum
 * message "…, received 'x'") is replaced by the allowed values. Which values are secret is not
 * known here, so no value is ever let through.
 */
import type { ValidationIssue } from "./tbc/errors"

/** What this reads of a zod issue (zod 3 and zod 4 alike). */
export interface ZodIssueLike {
  code: string
  path: readonly PropertyKey[]
  message: string
  /** zod 3 enum issues: the allowed values and the value sent */
  options?: readonly unknown[]
  received?: unknown
  /** a custom issue's params; `params.rule` names our rule id (see validation/result.ts) */
  params?: unknown
}

/** A zod parse result (zod 3's SafeParseReturnType, zod 4's ZodSafeParseResult). */
export type SafeParsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly ZodIssueLike[] } }

/** Any zod schema: only `safeParse` is used. */
export interface SafeParser<T> {
  safeParse(input: unknown): SafeParsed<T>
}

/** Where the input sits: `prefix` goes before every path ("data"), `root` names the input itself. */
export interface ProblemPlace {
  prefix?: string
  /** the field named when the whole input is wrong (empty path); default "body" */
  root?: string
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] }

/** The parsed value, or every issue of the failure in our words. */
export function checkWith<T>(schema: SafeParser<T>, input: unknown, place: ProblemPlace = {}): Checked<T> {
  const parsed = schema.safeParse(input)
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, issues: zodProblems(parsed.error.issues, place) }
}

/** zod issues → ours: the dotted field path, a rule id, and the rule's message. */
export function zodProblems(issues: readonly ZodIssueLike[], place: ProblemPlace = {}): ValidationIssue[] {
  return issues.map((issue) => ({
    field: fieldOf(issue.path, place),
    rule: ruleOf(issue),
    message: messageOf(issue),
  }))
}

/** "field: message; field: message", after `heading: ` when one is given. */
export function problemsText(issues: readonly ValidationIssue[], heading?: string): string {
  const list = issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")
  return heading ? `${heading}: ${list}` : list
}

function fieldOf(path: readonly PropertyKey[], place: ProblemPlace): string {
  const parts = [place.prefix ?? "", ...path.map(String)].filter((part) => part !== "")
  return parts.length > 0 ? parts.join(".") : (place.root ?? "body")
}

function ruleOf(issue: ZodIssueLike): string {
  const rule = (issue.params as { rule?: unknown } | undefined)?.rule
  return typeof rule === "string" && rule !== "" ? rule : issue.code
}

function messageOf(issue: ZodIssueLike): string {
  const quotesInput = "received" in issue && issue.message.includes(String(issue.received))
  if (issue.code === "invalid_enum_value" && quotesInput) {
    return `must be one of ${(issue.options ?? []).map(String).join(", ")}`
  }
  return issue.message
}
