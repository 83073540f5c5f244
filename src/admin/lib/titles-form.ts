/**
 * The store's titles of its checkout choices (`methodTitles`) as the settings page edits them: one
 * field per choice, by its name. Pure, unit-tested. An empty field is no title (the storefront
 * shows its own words); titles of choices the form does not show (a method not activated) are kept.
 */
import { choiceText, tEn, type TbcT } from "./i18n"

const asTitles = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** A choice by its name: "tbc-checkout" is the all-methods page. */
export const titleKeyText = (identifier: string, t: TbcT = tEn): string => choiceText(identifier, t)

/** The fields' texts for the value in force. */
export function titlesFormTexts(value: unknown, keys: readonly string[]): Record<string, string> {
  const titles = asTitles(value)
  return Object.fromEntries(keys.map((key) => [key, typeof titles[key] === "string" ? (titles[key] as string) : ""]))
}

/** The option's value from the fields: trimmed, empty ones left out, the hidden choices' kept. */
export function titlesFromForm(
  texts: Record<string, string>,
  keys: readonly string[],
  others: unknown = {}
): Record<string, string> {
  const kept = Object.entries(asTitles(others)).filter(([key]) => !keys.includes(key))
  const typed = keys.map((key) => [key, (texts[key] ?? "").trim()] as const).filter(([, text]) => text !== "")
  return Object.fromEntries([...kept, ...typed]) as Record<string, string>
}
