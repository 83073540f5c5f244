/**
 * The sandbox bank page's words (page-texts.ts) in Georgian, English and Russian: the same keys
 * and method numbers in all three, nothing left in English in ka or ru (brands aside).
 */
import { entriesOf, untranslatedReason } from "../../../../src/lib/__tests__/translation-checks"
import { textsFor } from "../page-texts"

describe("sandbox page texts", () => {
  const en = new Map(entriesOf(textsFor("en")))

  it.each(["ka", "ru"] as const)("%s has every English key and method", (language) => {
    expect([...new Map(entriesOf(textsFor(language))).keys()].sort()).toEqual([...en.keys()].sort())
  })

  it.each(["ka", "ru"] as const)("leaves nothing in English in %s", (language) => {
    const untranslated = entriesOf(textsFor(language))
      .map(([key, text]) => [key, untranslatedReason(text.replace(/\bX\b/g, ""), language)])
      .filter(([, why]) => why !== null)
    expect(untranslated).toEqual([])
  })
})
