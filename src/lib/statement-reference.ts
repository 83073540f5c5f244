/**
 * The text we send the bank as `extra`, which it prints on the shopper's account statement
 * (tpay: printable ASCII only, at most 25 characters). The order does not exist yet when the
 * payment starts, so the reference is a short, stable tail of the cart id (the admin widget shows
 * the same reference on the order, docs/bank-behaviour.md "The statement reference").
 *
 * An optional prefix (the store's statement text, option `statementText`) comes first:
 * `${prefix} ${reference}`. The reference gives way to it down to its last 8 characters (a prefix
 * of up to 12 characters leaves all 12, one of 16 leaves 8); a longer prefix is cut to 16. Georgian
 * and Russian letters are transliterated to Latin, accents dropped, anything else not printable
 * ASCII removed.
 * Pure: no I/O.
 */

/** The bank's limit for `extra` (tpay create payment and execution). */
export const STATEMENT_MAX_LENGTH = 25
/** Characters of the id kept as the reference: 12 of a ULID's tail are random (60 bits). */
export const STATEMENT_REFERENCE_LENGTH = 12
/** The fewest the reference keeps after a long prefix (8 random characters: 40 bits). */
export const STATEMENT_REFERENCE_MIN_LENGTH = 8

/** Georgian (Mkhedruli), by the national romanisation of 2002 without apostrophes. */
const GEORGIAN: Readonly<Record<string, string>> = {
  ა: "a",
  ბ: "b",
  გ: "g",
  დ: "d",
  ე: "e",
  ვ: "v",
  ზ: "z",
  თ: "t",
  ი: "i",
  კ: "k",
  ლ: "l",
  მ: "m",
  ნ: "n",
  ო: "o",
  პ: "p",
  ჟ: "zh",
  რ: "r",
  ს: "s",
  ტ: "t",
  უ: "u",
  ფ: "p",
  ქ: "k",
  ღ: "gh",
  ყ: "q",
  შ: "sh",
  ჩ: "ch",
  ც: "ts",
  ძ: "dz",
  წ: "ts",
  ჭ: "ch",
  ხ: "kh",
  ჯ: "j",
  ჰ: "h",
}

/** Russian Cyrillic, lower case (upper case is mapped through it and capitalised). */
const CYRILLIC: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
}

function transliterateChar(char: string): string {
  if (GEORGIAN[char] !== undefined) return GEORGIAN[char]
  const lower = char.toLowerCase()
  const latin = CYRILLIC[lower]
  if (latin === undefined) return char
  return lower === char || latin === "" ? latin : latin[0].toUpperCase() + latin.slice(1)
}

/**
 * Any text → printable ASCII (0x20–0x7E): Georgian and Russian transliterated, accents dropped,
 * everything else removed, runs of spaces collapsed, trimmed.
 */
export function toStatementAscii(text: string): string {
  const latin = Array.from(text.normalize("NFC"), transliterateChar).join("")
  return latin
    .normalize("NFD")
    .replace(/[^\x20-\x7E]/g, (c) => (/\s/.test(c) ? " " : ""))
    .replace(/\s+/g, " ")
    .trim()
}

/**
 * The reference of a cart (or, without a cart, of the payment session): the last
 * STATEMENT_REFERENCE_LENGTH letters and digits of its id, upper case ("cart_01JD…K4Z9" →
 * "…K4Z9"). Stable: the same id always gives the same reference.
 */
export function statementReferenceOf(id: string): string {
  const body = id.replace(/^[a-z]+_/i, "").replace(/[^A-Za-z0-9]/g, "")
  return body.slice(-STATEMENT_REFERENCE_LENGTH).toUpperCase()
}

/**
 * `extra` for a payment: the reference of `id`, after `prefix` when one is given; the reference
 * keeps at least its last 8 characters, the prefix at least 16. Empty string when neither gives
 * any printable character.
 */
export function statementText(id: string, prefix?: string | null): string {
  const full = statementReferenceOf(id)
  const minimum = Math.min(full.length, STATEMENT_REFERENCE_MIN_LENGTH)
  const head = toStatementAscii(prefix ?? "")
    .slice(0, STATEMENT_MAX_LENGTH - (minimum ? minimum + 1 : 0))
    .trim()
  const room = STATEMENT_MAX_LENGTH - (head ? head.length + 1 : 0)
  const reference = full.slice(-Math.max(minimum, Math.min(full.length, room)))
  return [head, reference].filter(Boolean).join(" ")
}
