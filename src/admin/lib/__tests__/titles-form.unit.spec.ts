import resources from "../../i18n"
import { translatorFor } from "../i18n"
import { titleKeyText, titlesFormTexts, titlesFromForm } from "../titles-form"

describe("the store's titles per checkout choice", () => {
  const keys = ["tbc-checkout", "tbc-card", "tbc-bnpl"]

  it("names each choice, the all-methods page included, in the admin's language", () => {
    expect(keys.map((key) => titleKeyText(key))).toEqual(["All methods (one bank page)", "Card", "Part-by-Part (BNPL)"])
    expect(titleKeyText("tbc-checkout", translatorFor(resources.ka.translation, "ka"))).toBe(
      "ყველა მეთოდი (ბანკის ერთი გვერდი)"
    )
  })

  it("round-trips the titles; an empty field is no title; hidden choices keep theirs", () => {
    const value = { "tbc-card": "Visa / Mastercard", "tbc-apple-pay": "Apple Pay (iPhone)" }
    const texts = titlesFormTexts(value, keys)
    expect(texts).toEqual({ "tbc-checkout": "", "tbc-card": "Visa / Mastercard", "tbc-bnpl": "" })
    expect(titlesFromForm(texts, keys, value)).toEqual(value)
    expect(titlesFromForm({ ...texts, "tbc-card": "  ", "tbc-bnpl": " Pay in parts " }, keys, value)).toEqual({
      "tbc-apple-pay": "Apple Pay (iPhone)",
      "tbc-bnpl": "Pay in parts",
    })
    expect(titlesFormTexts(null, keys)).toEqual({ "tbc-checkout": "", "tbc-card": "", "tbc-bnpl": "" })
  })
})
