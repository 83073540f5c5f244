/**
 * The amount limits as two fields per method, by name: texts in, the option's value and the
 * problems per field out (src/admin/lib/limits-form.ts).
 */
import fc from "fast-check"
import resources from "../../i18n"
import { LIMIT_KEYS, MAX_LIMIT_GEL, type LimitKey } from "../../../lib/checkout-choices"
import { translatorFor } from "../i18n"
import { limitKeyText, limitsFormTexts, limitsFromForm } from "../limits-form"

const keys = LIMIT_KEYS
const ru = translatorFor(resources.ru.translation, "ru")

describe("amount limits per method, by name", () => {
  it("names each limit after its method, BNPL included", () => {
    expect(keys.map((key) => limitKeyText(key))).toEqual([
      "Web QR",
      "Card",
      "Internet bank",
      "Installment",
      "Apple Pay",
      "Google Pay",
      "Part-by-Part (BNPL)",
    ])
    expect(limitKeyText("8", ru)).toBe("Рассрочка")
  })

  it("shows TBC's defaults for a key the store left unset, and the store's own otherwise", () => {
    const texts = limitsFormTexts({ "5": { max: 500 }, "8": {} }, keys)
    expect(texts["5"]).toEqual({ min: "", max: "500" })
    expect(texts["8"]).toEqual({ min: "", max: "" }) // the store removed the installment limit
    expect(texts.bnpl).toEqual({ min: "100", max: "5000" })
    expect(texts["9"]).toEqual({ min: "", max: "" })
  })

  it("gives back what was shown unchanged: the defaults are not stored", () => {
    for (const value of [{}, { "5": { max: 500 } }, { "8": {} }, { "8": { min: 50, max: 10_000 }, "14": { min: 1 } }]) {
      expect(limitsFromForm(limitsFormTexts(value, keys), keys)).toEqual({ value, problems: {} })
    }
  })

  it("emptying a default's fields removes that limit; a comma is a decimal point", () => {
    const texts = limitsFormTexts({}, keys)
    texts["8"] = { min: "", max: "" }
    texts["5"] = { min: "1,5", max: " 250.75 " }
    expect(limitsFromForm(texts, keys).value).toEqual({ "8": {}, "5": { min: 1.5, max: 250.75 } })
  })

  it("names the field and the rule: not an amount, above a million GEL, min above max", () => {
    const texts = limitsFormTexts({}, keys)
    texts["5"] = { min: "abc", max: "12.345" }
    texts["9"] = { min: "", max: "99999999999" }
    texts["14"] = { min: "600", max: "500" }
    const form = limitsFromForm(texts, keys)
    expect(form.problems).toEqual({
      "5.min": "Enter an amount in GEL with at most 2 decimals, e.g. 100 or 12.50.",
      "5.max": "Enter an amount in GEL with at most 2 decimals, e.g. 100 or 12.50.",
      "9.max": `At most ${MAX_LIMIT_GEL} GEL; leave it empty for no limit.`,
      "14": "The smallest amount must not be above the largest.",
    })
    // what is not an amount goes as typed, so the server refuses it too: never saved as a guess
    expect(form.value["5"]).toEqual({ min: "abc", max: "12.345" })
    expect(form.value["9"]).toEqual({ max: "99999999999" })
  })

  it("keeps the limits of methods the form does not show (not activated)", () => {
    const shown: LimitKey[] = ["5", "8"]
    const form = limitsFromForm({ "5": { min: "", max: "300" }, "8": { min: "100", max: "10000" } }, shown, {
      "9": { max: 50 },
      "5": { max: 200 },
    })
    expect(form.value).toEqual({ "9": { max: 50 }, "5": { max: 300 } })
  })

  it("round-trips any whole-tetri limits up to a million GEL (property)", () => {
    const end = fc.option(
      fc.integer({ min: 0, max: MAX_LIMIT_GEL * 100 }).map((tetri) => tetri / 100),
      {
        nil: undefined,
      }
    )
    fc.assert(
      fc.property(fc.constantFrom(...keys), end, end, (key, a, b) => {
        const [min, max] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]
        const limit = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) }
        const form = limitsFromForm(limitsFormTexts({ [key]: limit }, keys), keys)
        expect(form.problems).toEqual({})
        const defaults: Record<string, unknown> = { "8": { min: 100, max: 10_000 }, bnpl: { min: 100, max: 5_000 } }
        const unchanged =
          JSON.stringify(defaults[key]) === JSON.stringify(limit) ||
          (defaults[key] === undefined && !("min" in limit || "max" in limit))
        expect(form.value).toEqual(unchanged ? {} : { [key]: limit })
      })
    )
  })
})
