/**
 * The admin extension's words outside React: a translator over one language's JSON
 * (src/admin/i18n/json), with react-i18next's rules for what the pure helpers use — `{{name}}`
 * placeholders and `_one` / `_few` / `_many` / `_other` plural keys picked by `count` — so a pure
 * helper gives the same sentence as `t()` in a component. English by default (the unit tests).
 */
import en from "../i18n/json/en.json"
import { choiceOf, parseCheckoutProviderId } from "../../lib/checkout-choices"

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

/**
 * A per-method provider's name (`tbc-bnpl` → "Part-by-Part (BNPL)"): BNPL has no method number of
 * its own (the bank offers it on method 4's page), so the method's name would say "Web QR".
 */
export const choiceText = (identifier: string, t: TbcT = tEn): string =>
  known(t, `tbc.choices.${identifier}`, () => choiceOf(identifier)?.label ?? identifier)

/**
 * The method an order's payment was made with. A per-method provider's payment is named after its
 * choice when the bank reports that choice's method (a BNPL payment is method 4, not "Web QR");
 * anything else (a saved card's 11, the all-methods page) by the method the bank reported.
 */
export function paymentMethodText(method: number, providerId: string | null | undefined, t: TbcT = tEn): string {
  const choice = choiceOf(parseCheckoutProviderId(providerId)?.identifier)
  return choice && choice.method === method ? choiceText(choice.identifier, t) : methodText(method, t)
}

/** A checkout payment status in words; an unknown status as the bank named it. */
export const checkoutStatusText = (status: string, t: TbcT = tEn): string =>
  known(t, `tbc.checkoutStatus.${status}`, () => status)

/** What the plugin did with a bank callback, in words; an unknown verdict as it is stored. */
export const callbackResultText = (result: string, t: TbcT = tEn): string =>
  known(t, `tbc.callbackResult.${result}`, () => result)

/** Bank statuses that end a payment with nothing charged (a decline, a page left to expire). */
const NOTHING_CHARGED: Readonly<Record<string, string>> = { Failed: "declined", Expired: "expiredUnpaid" }

/**
 * A Recent callbacks row's verdict in words. A decline or an expiry whose checkout the shopper had
 * already left (a new payment started, so Medusa dropped the session: `session_gone`) took no
 * money: it says so, not "orphan policy", which is for money that came without an order.
 */
export function callbackRowText(
  row: { result: string; bank_status: string | null },
  t: TbcT = tEn
): { text: string; tone: "green" | "grey" | "orange" } {
  const unpaid = row.bank_status ? NOTHING_CHARGED[row.bank_status] : undefined
  if (row.result === "session_gone" && unpaid) return { text: t(`tbc.callbackResult.${unpaid}`), tone: "grey" }
  return { text: callbackResultText(row.result, t), tone: row.result === "accepted" ? "green" : "orange" }
}

/** True when the language has words for the installment status id. */
export const isKnownInstallmentStatus = (statusId: number, t: TbcT = tEn): boolean =>
  t(`tbc.installmentStatus.${statusId}`) !== `tbc.installmentStatus.${statusId}`

/** An installment application's status id in words; "Unknown status 42" for one we do not know. */
export const installmentStatusName = (statusId: number, t: TbcT = tEn): string =>
  known(t, `tbc.installmentStatus.${statusId}`, () => t("tbc.installmentStatus.unknown", { id: statusId }))

/**
 * A card decline's result code with its meaning ("116: Insufficient funds"). TBC documents no list
 * for tpay; the meanings are those of its card gateway's 3-digit codes (docs/bank-behaviour.md). A
 * code without words shows as it came.
 */
export function resultCodeText(code: string, t: TbcT = tEn): string {
  const meaning = known(t, `tbc.resultCodes.${code}`, () => "")
  return meaning ? `${code}: ${meaning}` : code
}

/** The dashboard's language code as a locale: "ka", "ru", "enGB" → "en-GB". */
const localeOf = (language: string | undefined): string | undefined =>
  language ? language.replace(/^([a-z]{2,3})([A-Z]{2})$/, "$1-$2") : undefined

/**
 * A time as the admin's language writes it (Russian "2 дек. 2026 г., 14:05", Georgian, English),
 * not the browser's; the browser's when the language is not one Intl knows.
 */
export function formatTimeIn(iso: string | null | undefined, language: string | undefined): string {
  if (!iso) return "—"
  const date = new Date(iso)
  try {
    return new Intl.DateTimeFormat(localeOf(language), { dateStyle: "medium", timeStyle: "short" }).format(date)
  } catch {
    return date.toLocaleString()
  }
}
