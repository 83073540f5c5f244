/**
 * Shared checks of the plugin's translations (admin JSON, the kit's words, the sandbox page's
 * texts): the same keys in en, ka and ru, and nothing left in English in ka or ru. A Georgian
 * text must have Georgian letters (U+10D0–U+10FF), a Russian one Cyrillic, and neither may keep a
 * Latin word outside the brand and technical names below. Placeholders ({{name}}) are not words.
 */

/** Latin names a Georgian or Russian text may keep: brands, and identifiers an admin types or reads. */
export const KEPT_IN_LATIN = [
  "TBC Checkout",
  "TBC Bank",
  "Apple Pay",
  "Google Pay",
  "3-D Secure",
  "medusa-config",
  "Medusa",
  "merchantPaymentId",
  "payId",
  "TBC",
  "QR",
  "RRN",
  "URL",
  "ID",
]

export const SCRIPTS = { ka: /[\u10D0-\u10FF]/, ru: /[\u0400-\u04FF]/ } as const

/** Every [path, text] of a nested words table, keys joined with dots; functions are called with "X". */
export function entriesOf(value: unknown, path = ""): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]]
  if (typeof value === "function") return [[path, String((value as (x: string) => unknown)("X"))]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    entriesOf(inner, path ? `${path}.${key}` : key)
  )
}

/** The text without placeholders and the allowed Latin names. */
function wordsOf(text: string, extra: readonly string[] = []): string {
  let rest = text.replace(/\{\{\s*\w+\s*\}\}/g, " ")
  for (const name of [...extra, ...KEPT_IN_LATIN]) rest = rest.split(name).join(" ")
  return rest
}

/**
 * Why `text` is not really in `language` (null when it is): a Latin word left, or letters but none
 * of the language's script. A text of names and placeholders only ("Apple Pay", "{{a}}: {{b}}") passes.
 */
export function untranslatedReason(
  text: string,
  language: keyof typeof SCRIPTS,
  extra: readonly string[] = []
): string | null {
  const rest = wordsOf(text, extra)
  const latin = rest.match(/[A-Za-z]+/g)
  if (latin) return `Latin words left: ${latin.join(" ")}`
  const hasLetters = /\p{L}/u.test(rest)
  if (hasLetters && !SCRIPTS[language].test(rest)) return `no ${language} letters`
  return null
}

/**
 * The keys of a table without their plural suffix (i18next's key_one / key_few / …), so languages
 * with other plural forms still have "the same keys".
 */
export function baseKeys(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))].sort()
}

/** The plural keys a language lacks: every form Intl.PluralRules names for it, for each plural key. */
export function missingPluralForms(keys: readonly string[], language: string): string[] {
  const plural = keys.filter((key) => /_(zero|one|two|few|many|other)$/.test(key))
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  const bases = baseKeys(plural)
  return bases.flatMap((base) => forms.map((form) => `${base}_${form}`)).filter((key) => !keys.includes(key))
}

/** The `{{name}}` placeholders of a text, sorted. */
export const placeholdersOf = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()
