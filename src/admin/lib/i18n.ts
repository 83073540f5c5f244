/**
 * The admin extension's words outside React: a translator over one language's JSON
 * (src/admin/i18n/json), with react-i18next's rules for what the pure helpers use — `{{name}}`
 * placeholders and `_one` / `_few` / `_many` / `_other` plural keys picked by `count` — so a pure
 * helper gives the same sentence as `t()` in a component. English by default (the unit tests).
 */
import en from "../i18n/json/en.json"

/** A translate function: react-i18next's `t` in components, `translatorFor(...)` elsewhere. */
export type TbcT = (key: string, vars?: Record<string, string | number>) => string

type Words = { [key: string]: string | Words }

function lookup(words: Words, key: string): string | undefined {
  let node: string | Words | undefined = words
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined
    node = node[part]
  }
  return typeof node === "string" ? node : undefined
}

/** A translator over `words` in `language`; a missing key answers the key itself (as i18next does). */
export function translatorFor(words: Words, language: string): TbcT {
  const plural = new Intl.PluralRules(language)
  return (key, vars = {}) => {
    const count = vars.count
    const template =
      (typeof count === "number" ? lookup(words, `${key}_${plural.select(count)}`) : undefined) ??
      lookup(words, key) ??
      key
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      vars[name] === undefined ? whole : String(vars[name])
    )
  }
}

/** English: the pure helpers' default and the fallback of every other language. */
export const tEn: TbcT = translatorFor(en as Words, "en")

/** The key's words, or `fallback()` when the language has none for it (a code the bank added). */
function known(t: TbcT, key: string, fallback: () => string): string {
  const text = t(key)
  return text === key ? fallback() : text
}

/** A payment method's name (the bank's `paymentMethod`); "Method 12" for one we do not know. */
export const methodText = (code: number, t: TbcT = tEn): string =>
  known(t, `tbc.methods.${code}`, () => t("tbc.methods.unknown", { code }))

/** A checkout payment status in words; an unknown status as the bank named it. */
export const checkoutStatusText = (status: string, t: TbcT = tEn): string =>
  known(t, `tbc.checkoutStatus.${status}`, () => status)

/** What the plugin did with a bank callback, in words; an unknown verdict as it is stored. */
export const callbackResultText = (result: string, t: TbcT = tEn): string =>
  known(t, `tbc.callbackResult.${result}`, () => result)

/** True when the language has words for the installment status id. */
export const isKnownInstallmentStatus = (statusId: number, t: TbcT = tEn): boolean =>
  t(`tbc.installmentStatus.${statusId}`) !== `tbc.installmentStatus.${statusId}`

/** An installment application's status id in words; "Unknown status 42" for one we do not know. */
export const installmentStatusName = (statusId: number, t: TbcT = tEn): string =>
  known(t, `tbc.installmentStatus.${statusId}`, () => t("tbc.installmentStatus.unknown", { id: statusId }))
