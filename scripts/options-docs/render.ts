/**
 * The option tables of docs/configuration.md, read from the providers' zod schemas, so that the
 * documented name, type, default and range of every option is the one the boot validates.
 *
 * What zod lets us read (zod 4's `def`): the type, `.default()`, number ranges and string limits,
 * enum values and the `.describe()` text; those come from the schema. A custom `.refine()` is a
 * closure zod cannot show, so what it checks is said in the description. Options read by a
 * function (`z.unknown().transform(reader)`, the reconciliation options) are asked for their
 * default (parse `undefined`) and their rule (parse a value no rule accepts).
 */
import type { z } from "zod/v4"

export interface OptionRow {
  name: string
  type: string
  /** "required", "—" (optional, no default) or the default as code */
  default: string
  rule: string
}

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: z.ZodType): Def => schema.def as unknown as Def

/** Wrappers that change optionality or the value but not what an option is. */
function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema)
  switch (def.type) {
    case "default":
    case "prefault":
    case "optional":
    case "nullable":
    case "nonoptional":
    case "catch":
    case "readonly":
      return def.innerType as z.ZodType
    case "pipe": {
      // a `.transform()` pipes the schema into a transform; `z.preprocess` pipes a transform into the schema
      const input = def.in as z.ZodType
      return defOf(input).type === "transform" ? (def.out as z.ZodType) : input
    }
    default:
      return undefined
  }
}

interface Unwrapped {
  base: z.ZodType
  description?: string
  /** the `.default()` value, when one of the wrappers has it */
  declaredDefault?: { value: unknown }
  /** what the default column says instead of a value (`.meta({ docDefault })`): a default the boot derives */
  derivedDefault?: string
}

/**
 * An option whose default the boot derives (registrationId follows from the registration's `id`)
 * says so in its schema, `.meta({ docDefault: "…" })`: its `.default()` is only the value outside
 * a Medusa app, and showing that value would tell a store to keep two values in step.
 */
function docDefaultOf(schema: z.ZodType): string | undefined {
  const shown = (schema.meta() as { docDefault?: unknown } | undefined)?.docDefault
  return typeof shown === "string" ? shown : undefined
}

function unwrap(schema: z.ZodType): Unwrapped {
  const out: Unwrapped = { base: schema }
  for (let current: z.ZodType | undefined = schema; current; current = innerOf(current)) {
    out.base = current
    out.description ??= current.description
    out.derivedDefault ??= docDefaultOf(current)
    const def = defOf(current)
    if (def.type === "default" && !out.declaredDefault) out.declaredDefault = { value: def.defaultValue }
  }
  return out
}

/** A check's own def: `check` names it (greater_than, min_length, string_format, …). */
type Check = {
  check: string
  value?: number
  minimum?: number
  maximum?: number
  format?: string
  pattern?: RegExp
  error?: (issue: unknown) => unknown
}
const checksOf = (schema: z.ZodType): Check[] =>
  ((defOf(schema).checks as { _zod: { def: Check } }[] | undefined) ?? []).map((check) => check._zod.def)

/** The type as a TypeScript-like expression. Undefined when the schema does not say (z.unknown). */
export function typeOf(schema: z.ZodType): string | undefined {
  const { base } = unwrap(schema)
  const def = defOf(base)
  switch (def.type) {
    case "number":
      return checksOf(base).some((check) => check.check === "number_format" && /int/.test(check.format ?? ""))
        ? "integer"
        : "number"
    case "enum":
      return Object.values(def.entries as Record<string, string>)
        .map((value) => JSON.stringify(value))
        .join(" | ")
    case "literal":
      return (def.values as unknown[]).map((value) => JSON.stringify(value)).join(" | ")
    case "array": {
      const item = typeOf(def.element as z.ZodType) ?? "unknown"
      return item.includes(" | ") ? `(${item})[]` : `${item}[]`
    }
    case "union":
      return (def.options as z.ZodType[]).map((option) => typeOf(option) ?? "unknown").join(" | ")
    case "unknown":
    case "any":
      return undefined
    default:
      return def.type
  }
}

/** The limits zod can show: number ranges, string lengths, array sizes, a pattern's rule. */
export function limitsOf(schema: z.ZodType): string[] {
  const { base } = unwrap(schema)
  const def = defOf(base)
  const checks = checksOf(base)
  const bound = (kind: string) => checks.find((check) => check.check === kind)
  if (def.type === "number") {
    const [min, max] = [bound("greater_than")?.value, bound("less_than")?.value]
    if (min !== undefined && max !== undefined) return [`${min} … ${max}`]
    if (min !== undefined) return [`≥ ${min}`]
    if (max !== undefined) return [`≤ ${max}`]
    return []
  }
  if (def.type === "string") {
    const limits: string[] = []
    const [min, max] = [bound("min_length")?.minimum, bound("max_length")?.maximum]
    if (min !== undefined) limits.push(`at least ${min} characters`)
    if (max !== undefined) limits.push(`at most ${max} characters`)
    for (const check of checks.filter((c) => c.check === "string_format" && c.format === "regex")) {
      const message = check.error?.({})
      limits.push(typeof message === "string" ? message : `matches ${check.pattern}`)
    }
    return limits
  }
  if (def.type === "array") {
    const min = bound("min_length")?.minimum
    return min !== undefined ? [`at least ${min}`] : []
  }
  return []
}

/** A value as it is written in medusa-config (arrays with a space after each comma). */
export function codeOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`
  return JSON.stringify(value)
}

const ANY_VALUE_REFUSED = { "not an option value": true }

/** The rows of one provider's options, in the schema's order. */
export function optionRows(
  shape: Record<string, z.ZodType>,
  /** the whole schema's output for a minimal valid input: defaults filled in after the fields */
  parsedDefaults: Record<string, unknown>
): OptionRow[] {
  return Object.entries(shape).map(([name, field]) => {
    const { description, declaredDefault, derivedDefault, base } = unwrap(field)
    const probe = field.safeParse(undefined)
    let shown: string
    let probedDefault: unknown
    if (derivedDefault) shown = derivedDefault
    else if (declaredDefault) shown = `\`${codeOf(declaredDefault.value)}\``
    else if (!probe.success) shown = "required"
    else if ((probedDefault = probe.data ?? parsedDefaults[name]) !== undefined) shown = `\`${codeOf(probedDefault)}\``
    else shown = "—"
    const opaque = defOf(base).type === "unknown"
    const refusal = opaque ? field.safeParse(ANY_VALUE_REFUSED) : undefined
    const limits = [...limitsOf(field), ...(refusal && !refusal.success ? [refusal.error.issues[0].message] : [])]
    if (!description) throw new Error(`option ${name} has no .describe() text`)
    const type = typeOf(field) ?? (probedDefault !== undefined ? typeof probedDefault : "unknown")
    return {
      name,
      type,
      default: shown,
      rule: limits.length > 0 ? `${description} (${limits.join("; ")})` : description,
    }
  })
}

/** Markdown cells: a pipe would end the cell, a line break the row. */
const cell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ")

export function renderTable(rows: OptionRow[]): string {
  return [
    "| option | type | default | rule / description |",
    "| --- | --- | --- | --- |",
    ...rows.map((row) => `| \`${row.name}\` | \`${cell(row.type)}\` | ${cell(row.default)} | ${cell(row.rule)} |`),
  ].join("\n")
}
