/**
 * A refused save of the settings (400 of POST /admin/tbc/settings) split per setting for the page's
 * inline errors, in a merchant's words. The SDK's error carries only the route's message ("Invalid
 * settings of pp_…: methods.1: rule; statementText: rule"), so the parts are matched to the settings
 * by their field, and each rule the options schema states is said as a shop manager reads it:
 * "methods.1: method 9 must be activated by the bank first: list it in activatedMethods too" is
 * "Apple Pay is not yet activated by TBC for your shop". A rule not in the table keeps the schema's
 * words without the config path.
 */
import { settingsWords } from "./settings-words"
import { methodText, tEn, type TbcT } from "./i18n"
import { limitKeyText } from "./limits-form"
import { LIMIT_KEYS, type LimitKey } from "../../lib/checkout-choices"

export interface Problems {
  /** setting key → its problems, in words ("Apple Pay is not yet activated by TBC for your shop.") */
  byKey: Record<string, string>
  /** what names no setting of the page, or null */
  general: string | null
}

export const NO_PROBLEMS: Problems = { byKey: {}, general: null }

const p = (key: string) => `tbc.settingsForm.problems.${key}`

/** The schema's rules (src/providers/*\/options.ts) → the admin's words; first match wins. */
const RULE_WORDS: ReadonlyArray<[RegExp, (match: RegExpExecArray, t: TbcT) => string]> = [
  [
    /^method (\d+) must be activated by the bank first/,
    (m, t) => t(p("notActivated"), { method: methodText(Number(m[1]), t) }),
  ],
  [/^must name at least one method/, (_, t) => t(p("noMethod"))],
  [/^must not repeat a method/, (_, t) => t(p("noMethod"))],
  [/^must be at most (\d+) GEL/, (m, t) => t("tbc.limits.tooLarge", { max: m[1] })],
  [
    /^(must have at most 2 decimals|must be 0 GEL or more|must be a number of GEL)/,
    (_, t) => t("tbc.limits.notAnAmount"),
  ],
  [/^min must not exceed max/, (_, t) => t("tbc.limits.minAboveMax")],
  [/^may contain only printable ASCII/, (_, t) => t(p("latinOnly"))],
  [/^must be at most (\d+) characters/, (m, t) => t(p("tooLong"), { max: m[1] })],
  [/^must be (?:at least 1 day|at most 3650 days|a whole number of days|a number of days)/, (_, t) => t(p("days"))],
  [/^must be KA, EN or RU/, (_, t) => t(p("language"))],
]

/** One part of the message ("methodLimits.bnpl.max: must be at most …") in words, without the path. */
function partText(part: string, key: string, t: TbcT): string {
  const colon = part.indexOf(": ")
  const path = colon < 0 ? "" : part.slice(0, colon)
  const rule = colon < 0 ? part : part.slice(colon + 2)
  const words = RULE_WORDS.reduce<string | undefined>((found, [pattern, say]) => {
    if (found !== undefined) return found
    const match = pattern.exec(rule)
    return match ? say(match, t) : undefined
  }, undefined)
  const text = words ?? rule
  // a limit's problem names the method it is about
  const limitKey = path.split(".")[1]
  if (key === "methodLimits" && (LIMIT_KEYS as readonly string[]).includes(limitKey)) {
    return `${limitKeyText(limitKey as LimitKey, t)}: ${text}`
  }
  return text
}

export function problemsOf(message: string, keys: readonly string[], t: TbcT = tEn): Problems {
  const body = message.replace(/^Invalid settings[^:]*: /, "")
  const byKey: Record<string, string> = {}
  const rest: string[] = []
  for (const part of body.split("; ")) {
    const key = keys.find((k) => part.startsWith(`${k}: `) || part.startsWith(`${k}.`))
    if (key) byKey[key] = [byKey[key], partText(part, key, t)].filter(Boolean).join(" ")
    else rest.push(part)
  }
  return { byKey, general: rest.length > 0 ? `${settingsWords(t).refused} ${rest.join("; ")}` : null }
}
