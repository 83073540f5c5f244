/**
 * The one translation of a zod failure into words a caller can act on: every issue as
 * `{field, rule, message}` (ValidationIssue), and the text "field: message; field: message".
 * Provider options, route input and saved-card session data all go through it; the glue that
 * turns the result into a MedusaError is src/providers/common/invalid-data.ts.
 *
 * Every schema of the plugin is written in one dialect, the pinned zod's `zod/v4` entry (the
 * house-rules test refuses the v3 entry); this file reads only an error's `issues` (`code`,
 * `path`, `message`, a custom issue's `params`), so it needs no zod import.
 *
 * Why it never echoes an input value: options carry secrets. The messages are the schemas' own
 * rule texts ("must not be empty", see typeRule for a value of the wrong type); zod 4's default
 * texts name the expected type or values, never the input. Which values are secret is not known
 * here, so no value is ever let through.
 */
import type { ValidationIssue } from "./tbc/errors"

/** What this reads of a zod issue. */
export interface ZodIssueLike {
  code: string
  path: readonly PropertyKey[]
  message: string
  /** a custom issue's params; `params.rule` names our rule id (see validation/result.ts) */
  params?: unknown
}

/**
 * The words of a schema's type check (zod 4's `error` param, which replaced zod 3's
 * `invalid_type_error` / `required_error`): `wrongType` for a value of another type, `missing`
 * for none at all, e.g. `z.string(typeRule("must be a string"))`. Never the value itself. Only the
 * type issue is worded: a strict object's unknown keys keep zod's own text, which names them.
 */
export function typeRule(wrongType: string, missing = "is required") {
  return {
    error: (issue: { code?: string; input?: unknown }) =>
      issue.code !== "invalid_type" ? undefined : issue.input === undefined ? missing : wrongType,
  }
}

/** A zod parse result (zod 4's ZodSafeParseResult). */
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
    message: issue.message,
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
