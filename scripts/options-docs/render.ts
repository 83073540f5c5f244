/**
 * The option tables of docs/configuration.md, read from the providers' zod schemas, so that the
 * documented name, type, default and range of every option is the one the boot validates.
 *
 * What zod lets us read (zod 3's `_def`): the type, `.default()`, number ranges and string limits,
 * enum values and the `.describe()` text; those come from the schema. A custom `.refine()` is a
 * closure zod cannot show, so what it checks is said in the description. Options read by a
 * function (`z.unknown().transform(reader)`, the reconciliation options) are asked for their
 * default (parse `undefined`) and their rule (parse a value no rule accepts).
 */
import type { z } from "zod"

export interface OptionRow {
  name: string
  type: string
  /** "required", "—" (optional, no default) or the default as code */
  default: string
  rule: string
}

type Def = { typeName: string; [key: string]: unknown }
const defOf = (schema: z.ZodTypeAny): Def => schema._def as Def

/** Wrappers that change optionality or the value but not what an option is. */
function innerOf(schema: z.ZodTypeAny): z.ZodTypeAny | undefined {
  const def = defOf(schema)
  switch (def.typeName) {
    case "ZodDefault":
    case "ZodOptional":
    case "ZodNullable":
    case "ZodCatch":
    case "ZodReadonly":
      return def.innerType as z.ZodTypeAny
    case "ZodBranded":
      return def.type as z.ZodTypeAny
    case "ZodEffects":
      return def.schema as z.ZodTypeAny
    case "ZodPipeline":
      return def.in as z.ZodTypeAny
    default:
      return undefined
  }
}

interface Unwrapped {
  base: z.ZodTypeAny
  description?: string
  /** the `.default()` value, when one of the wrappers has it */
  declaredDefault?: { value: unknown }
}

function unwrap(schema: z.ZodTypeAny): Unwrapped {
  const out: Unwrapped = { base: schema }
  for (let current: z.ZodTypeAny | undefined = schema; current; current = innerOf(current)) {
    out.base = current
    out.description ??= current.description
    const def = defOf(current)
    if (def.typeName === "ZodDefault" && !out.declaredDefault)
      out.declaredDefault = { value: (def.defaultValue as () => unknown)() }
  }
  return out
}

type Check = { kind: string; value?: number; message?: string; regex?: RegExp }
const checksOf = (schema: z.ZodTypeAny): Check[] => (defOf(schema).checks as Check[] | undefined) ?? []

/** The type as a TypeScript-like expression. Undefined when the schema does not say (z.unknown). */
export function typeOf(schema: z.ZodTypeAny): string | undefined {
  const { base } = unwrap(schema)
  const def = defOf(base)
  switch (def.typeName) {
    case "ZodString":
      return "string"
    case "ZodNumber":
      return checksOf(base).some((check) => check.kind === "int") ? "integer" : "number"
    case "ZodBoolean":
      return "boolean"
    case "ZodEnum":
      return (def.values as string[]).map((value) => JSON.stringify(value)).join(" | ")
    case "ZodLiteral":
      return JSON.stringify(def.value)
    case "ZodArray": {
      const item = typeOf(def.type as z.ZodTypeAny) ?? "unknown"
      return item.includes(" | ") ? `(${item})[]` : `${item}[]`
    }
    case "ZodUnion":
      return (def.options as z.ZodTypeAny[]).map((option) => typeOf(option) ?? "unknown").join(" | ")
    case "ZodUnknown":
    case "ZodAny":
      return undefined
    default:
      return def.typeName.replace(/^Zod/, "").toLowerCase()
  }
}

/** The limits zod can show: number ranges, string lengths, array sizes, a pattern's rule. */
export function limitsOf(schema: z.ZodTypeAny): string[] {
  const { base } = unwrap(schema)
  const def = defOf(base)
  const checks = checksOf(base)
  const value = (kind: string) => checks.find((check) => check.kind === kind)?.value
  if (def.typeName === "ZodNumber") {
    const [min, max] = [value("min"), value("max")]
    if (min !== undefined && max !== undefined) return [`${min} … ${max}`]
    if (min !== undefined) return [`≥ ${min}`]
    if (max !== undefined) return [`≤ ${max}`]
    return []
  }
  if (def.typeName === "ZodString") {
    const limits: string[] = []
    if (value("min") !== undefined) limits.push(`at least ${value("min")} characters`)
    if (value("max") !== undefined) limits.push(`at most ${value("max")} characters`)
    for (const check of checks.filter((c) => c.kind === "regex")) limits.push(check.message ?? `matches ${check.regex}`)
    return limits
  }
  if (def.typeName === "ZodArray") {
    const min = (def.minLength as { value: number } | null)?.value
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
  shape: Record<string, z.ZodTypeAny>,
  /** the whole schema's output for a minimal valid input: defaults filled in after the fields */
  parsedDefaults: Record<string, unknown>
): OptionRow[] {
  return Object.entries(shape).map(([name, field]) => {
    const { description, declaredDefault, base } = unwrap(field)
    const probe = field.safeParse(undefined)
    let shown: string
    let probedDefault: unknown
    if (declaredDefault) shown = `\`${codeOf(declaredDefault.value)}\``
    else if (!probe.success) shown = "required"
    else if ((probedDefault = probe.data ?? parsedDefaults[name]) !== undefined) shown = `\`${codeOf(probedDefault)}\``
    else shown = "—"
    const opaque = defOf(base).typeName === "ZodUnknown"
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
