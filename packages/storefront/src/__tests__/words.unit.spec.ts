/** The shopper's words: complete in English, Georgian and Russian, and really translated. */
import {
  installmentStatusText,
  orderPaymentLines,
  paymentMethodText,
  declineReasonOf,
  TBC_DECLINE_REASONS,
  TBC_LOCALES,
  TBC_WAYS_FORWARD,
  tbcMessage,
  tbcWords,
  toTbcLocale,
  type TbcErrorCode,
} from ".."
import { RESULT_CODES } from "../../../sandbox/src/test-cards"
import { INSTALLMENT_STATUS } from "../../../../src/lib/tbc/types"
import { untranslatedReason } from "../../../../src/lib/__tests__/translation-checks"

/** Every [path, text] of a words table, nested keys joined with dots. */
function entries(value: unknown, path = ""): Array<[string, string]> {
  if (typeof value === "string") return [[path, value]]
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) =>
    entries(inner, path ? `${path}.${key}` : key)
  )
}

describe("the kit's words", () => {
  const english = new Map(entries(tbcWords("en")))

  it("has every key in all three languages, none empty", () => {
    for (const locale of TBC_LOCALES) {
      const table = entries(tbcWords(locale))
      expect({ locale, keys: table.map(([key]) => key).sort() }).toEqual({ locale, keys: [...english.keys()].sort() })
      expect(table.filter(([, text]) => text.trim() === "")).toEqual([])
    }
  })

  it.each(["ka", "ru"] as const)(
    "leaves nothing in English in %s: each text is in its script, with no Latin word but brands (TBC, Apple Pay, …)",
    (locale) => {
      const untranslated = entries(tbcWords(locale))
        .map(([key, text]) => [key, untranslatedReason(text, locale)])
        .filter(([, why]) => why !== null)
      expect(untranslated).toEqual([])
      // a text left as the English one is only a brand ("Apple Pay")
      const same = entries(tbcWords(locale)).filter(([key, text]) => text === english.get(key))
      expect(same.map(([key]) => key).sort()).toEqual(["methods.14", "methods.9"])
    }
  )

  it("names installment statuses and payment methods in the shopper's language", () => {
    expect(installmentStatusText(INSTALLMENT_STATUS.Approved, "en")).toBe("Approved by the bank")
    expect(installmentStatusText(INSTALLMENT_STATUS.Declined, "ka")).toBe(tbcWords("ka").installmentStatuses.Declined)
    expect(installmentStatusText(99, "ru")).toBeNull()
    expect(Object.keys(tbcWords("en").installmentStatuses)).toEqual(
      Object.entries(INSTALLMENT_STATUS)
        .sort(([, a], [, b]) => a - b)
        .map(([name]) => name)
    )
    expect(paymentMethodText(9, "ka")).toBe("Apple Pay")
    expect(paymentMethodText(5, "ru")).toBe("Карта")
    expect(paymentMethodText(99, "en")).toBeNull()
    expect(
      orderPaymentLines(
        { card_mask: "4***1111", card_last4: "1111", payment_method: 5, payment_method_label: "Card" },
        "ka"
      )
    ).toEqual([
      { label: "გადახდის საშუალება", value: "ბარათი" },
      { label: "ბარათი", value: "4***1111" },
    ])
    expect(orderPaymentLines(null, "en")).toEqual([])
  })

  it("has a sentence and a way forward for every error code", () => {
    const codes = Object.keys(tbcWords("en").errors) as TbcErrorCode[]
    expect(Object.keys(TBC_WAYS_FORWARD).sort()).toEqual([...codes].sort())
    for (const code of codes) expect(TBC_WAYS_FORWARD[code].length).toBeGreaterThan(0)
  })

  it("turns the bank's decline codes into reasons; the sandbox's test cards each get their own words", () => {
    expect(declineReasonOf(RESULT_CODES.insufficientFunds)).toBe("insufficient_funds")
    expect(declineReasonOf(RESULT_CODES.expiredCard)).toBe("expired_card")
    expect(declineReasonOf(RESULT_CODES.doNotHonour)).toBe("contact_bank")
    expect(declineReasonOf("999")).toBeNull()
    expect(declineReasonOf(undefined)).toBeNull()
    for (const locale of TBC_LOCALES) {
      expect(tbcMessage("declined", locale, "116")).toBe(tbcWords(locale).declineReasons.insufficient_funds)
      // an unknown code: the plain decline sentence
      expect(tbcMessage("declined", locale, "999")).toBe(tbcWords(locale).errors.declined)
      // only a decline says why
      expect(tbcMessage("expired", locale, "116")).toBe(tbcWords(locale).errors.expired)
    }
    const reasons = new Set(Object.values(TBC_DECLINE_REASONS))
    expect([...reasons].sort()).toEqual(Object.keys(tbcWords("en").declineReasons).sort())
  })

  it("reads the shopper's language from a locale, English otherwise (a country code is not a language)", () => {
    expect(["ka", "ka-GE", "KA", "ka_GE"].map(toTbcLocale)).toEqual(["ka", "ka", "ka", "ka"])
    expect(["ru", "ru-RU"].map(toTbcLocale)).toEqual(["ru", "ru"])
    expect(["en", "de", "ge", "", null, undefined].map(toTbcLocale)).toEqual(["en", "en", "en", "en", "en", "en"])
  })
})
