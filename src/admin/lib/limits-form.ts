/**
 * The amount limits per method as the settings page edits them: a smallest and a largest cart
 * total in GEL per method, by the method's name, instead of the option's JSON keyed by numbers.
 * Pure, unit-tested: texts in, the option's value and the problems per field out.
 *
 * A method TBC limits by default (installments 100–10,000 GEL, Part-by-Part 100–5,000) shows its
 * default; emptying both fields removes that limit (`{}` for its key); a limit equal to the default
 * is not stored. Decimals may be typed with a comma, as Georgian and Russian write them.
 */
import {
  CHECKOUT_CHOICES,
  DEFAULT_METHOD_LIMITS,
  MAX_LIMIT_GEL,
  type AmountLimit,
  type LimitKey,
} from "../../lib/checkout-choices"
import { majorToMinorExact } from "../../lib/money"
import { choiceText, tEn, type TbcT } from "./i18n"

export type LimitEnd = "min" | "max"
/** What the fields hold, per limit key. */
export type LimitTexts = Record<string, Record<LimitEnd, string>>

const ENDS: readonly LimitEnd[] = ["min", "max"]
const DEFAULTS = DEFAULT_METHOD_LIMITS as Readonly<Record<string, Required<AmountLimit>>>

/** A limit key by the name of the choice it limits ("bnpl" → "Part-by-Part (BNPL)", "8" → "Installment"). */
export function limitKeyText(key: LimitKey, t: TbcT = tEn): string {
  const choice = CHECKOUT_CHOICES.find((c) => c.limitKey === key)
  return choice ? choiceText(choice.identifier, t) : key
}

const asLimit = (value: unknown): AmountLimit | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as AmountLimit) : undefined

const endText = (value: unknown): string => (typeof value === "number" ? String(value) : "")

/** The fields' texts for the value in force: a key the store left unset shows TBC's default. */
export function limitsFormTexts(value: unknown, keys: readonly LimitKey[]): LimitTexts {
  const limits = asLimit(value) as Record<string, unknown> | undefined
  return Object.fromEntries(
    keys.map((key) => {
      const limit = asLimit(limits?.[key]) ?? DEFAULTS[key] ?? {}
      return [key, { min: endText(limit.min), max: endText(limit.max) }]
    })
  )
}

type EndReading = { ok: true; value: number | undefined } | { ok: false; problem: string }

function readEnd(text: string, t: TbcT): EndReading {
  const trimmed = text.trim().replace(",", ".")
  if (trimmed === "") return { ok: true, value: undefined }
  if (!/^\d+(\.\d+)?$/.test(trimmed) || majorToMinorExact(trimmed) === null) {
    return { ok: false, problem: t("tbc.limits.notAnAmount") }
  }
  const value = Number(trimmed)
  if (value > MAX_LIMIT_GEL) return { ok: false, problem: t("tbc.limits.tooLarge", { max: MAX_LIMIT_GEL }) }
  return { ok: true, value }
}

export interface LimitsForm {
  /** the option's value to save; an end that is not an amount is kept as typed (the server refuses it) */
  value: Record<string, Record<string, number | string>>
  /** `<key>.<end>` (or `<key>` for both ends) → what is wrong, in the admin's words */
  problems: Record<string, string>
}

/**
 * The option's value from the fields. `others`: the value in force, whose keys the form does not
 * show (a method not activated) are kept as they are.
 */
export function limitsFromForm(
  texts: LimitTexts,
  keys: readonly LimitKey[],
  others: unknown = {},
  t: TbcT = tEn
): LimitsForm {
  const kept = Object.entries((asLimit(others) as Record<string, unknown> | undefined) ?? {}).filter(
    ([key]) => !(keys as readonly string[]).includes(key)
  )
  const value: LimitsForm["value"] = Object.fromEntries(kept) as LimitsForm["value"]
  const problems: Record<string, string> = {}
  for (const key of keys) {
    const limit: Record<string, number | string> = {}
    for (const end of ENDS) {
      const text = texts[key]?.[end] ?? ""
      const read = readEnd(text, t)
      if (!read.ok) {
        problems[`${key}.${end}`] = read.problem
        limit[end] = text
      } else if (read.value !== undefined) limit[end] = read.value
    }
    if (typeof limit.min === "number" && typeof limit.max === "number" && limit.min > limit.max) {
      problems[key] = t("tbc.limits.minAboveMax")
    }
    const fallback = DEFAULTS[key]
    const empty = Object.keys(limit).length === 0
    if (fallback && limit.min === fallback.min && limit.max === fallback.max && Object.keys(limit).length === 2)
      continue
    if (empty && !fallback) continue
    value[key] = limit
  }
  return { value, problems }
}
