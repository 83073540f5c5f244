/**
 * The admin extension's words (src/admin/i18n): the dashboard gets en, ru and ka; every key of
 * English exists in Russian and Georgian (with each language's plural forms), none is left in
 * English, placeholders match, and every key the extension's code uses exists.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import resources from "../../i18n"
import {
  baseKeys,
  entriesOf,
  missingPluralForms,
  placeholdersOf,
  untranslatedReason,
} from "../../../lib/__tests__/translation-checks"
import { checkoutStatusText, formatTimeIn, installmentStatusName, methodText, tEn, translatorFor } from "../i18n"
import { choiceValueText, SETTINGS_TEXT, settingLabel, settingValueText, settingsWords } from "../settings-words"
import { EDITABLE_SETTINGS } from "../../../lib/settings/editable-settings"
import {
  CHECKOUT_STATUS_LABELS,
  INSTALLMENT_STATUS_LABELS,
  METHOD_NAMES,
  CALLBACK_RESULT_LABELS,
} from "../../../lib/labels"

/** Shown as they are in every language: a payId's shape, option names and values an admin types. */
const EXAMPLE_VALUES = ["6azzo13uw5u2116332", "activatedMethods", "extra", "refund", "notify"]

const tables = {
  en: new Map(entriesOf(resources.en.translation)),
  ru: new Map(entriesOf(resources.ru.translation)),
  ka: new Map(entriesOf(resources.ka.translation)),
}

/** Every file of the admin extension's code. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === "__tests__" || name === "i18n" ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) ? [path] : []
  })
}

describe("the admin extension's translations", () => {
  it("ships en, ru and ka as react-i18next resources, every key under tbc.", () => {
    expect(Object.keys(resources).sort()).toEqual(["en", "ka", "ru"])
    for (const table of Object.values(tables)) {
      expect([...table.keys()].every((key) => key.startsWith("tbc."))).toBe(true)
    }
  })

  it.each(["ru", "ka"] as const)("%s has every English key, with its own plural forms, none empty", (language) => {
    const keys = [...tables[language].keys()]
    expect(baseKeys(keys)).toEqual(baseKeys([...tables.en.keys()]))
    expect(missingPluralForms(keys, language)).toEqual([])
    expect([...tables[language].values()].filter((text) => text.trim() === "")).toEqual([])
  })

  it.each(["ru", "ka"] as const)("leaves nothing in English in %s, and keeps every placeholder", (language) => {
    const problems = [...tables[language]].flatMap(([key, text]) => {
      const why = untranslatedReason(text, language, EXAMPLE_VALUES)
      const english = tables.en.get(key) ?? tables.en.get(key.replace(/_(one|few|many|other)$/, "_other"))
      const samePlaceholders = english === undefined || placeholdersOf(english).join() === placeholdersOf(text).join()
      return [...(why ? [`${key}: ${why}`] : []), ...(samePlaceholders ? [] : [`${key}: placeholders differ`])]
    })
    expect(problems).toEqual([])
  })

  it("has words for every method, status and callback verdict the server labels", () => {
    for (const code of Object.keys(METHOD_NAMES)) expect(tables.en.has(`tbc.methods.${code}`)).toBe(true)
    for (const status of Object.keys(CHECKOUT_STATUS_LABELS))
      expect(tables.en.has(`tbc.checkoutStatus.${status}`)).toBe(true)
    for (const id of Object.keys(INSTALLMENT_STATUS_LABELS))
      expect(tables.en.has(`tbc.installmentStatus.${id}`)).toBe(true)
    for (const result of Object.keys(CALLBACK_RESULT_LABELS))
      expect(tables.en.has(`tbc.callbackResult.${result}`)).toBe(true)
    // English is the server's own labels, word for word
    expect(methodText(9)).toBe(METHOD_NAMES[9])
    expect(checkoutStatusText("WaitingConfirm")).toBe(CHECKOUT_STATUS_LABELS.WaitingConfirm)
    expect(installmentStatusName(9)).toBe(INSTALLMENT_STATUS_LABELS[9])
    // an unknown code stays readable
    expect(methodText(99)).toBe("Method 99")
    expect(checkoutStatusText("SomethingNew")).toBe("SomethingNew")
    expect(installmentStatusName(42, translatorFor(resources.ru.translation, "ru"))).toBe("Неизвестный статус 42")
  })

  it("words the settings form in every language, keys built at run time included", () => {
    for (const [language, table] of Object.entries(resources)) {
      const t = translatorFor(table.translation, language)
      const words = settingsWords(t)
      const texts = Object.values(words).map((value) =>
        typeof value === "function" ? (value as (a: unknown, b: unknown) => string)(2, "Y") : value
      )
      expect({ language, missing: texts.filter((text) => text.startsWith("tbc.")) }).toEqual({ language, missing: [] })
      expect(words.saved(1)).not.toBe(words.saved(2))
      for (const { key } of EDITABLE_SETTINGS) expect(settingLabel(key, t)).not.toBe(key)
    }
    expect([SETTINGS_TEXT.saved(0), SETTINGS_TEXT.saved(1), SETTINGS_TEXT.saved(3)]).toEqual([
      "Nothing changed.",
      "Saved 1 setting.",
      "Saved 3 settings.",
    ])
    expect(settingValueText("methods", [5, 9])).toBe("Card, Apple Pay")
    expect(settingValueText("methods", [5, 9], undefined, translatorFor(resources.ka.translation, "ka"))).toBe(
      "ბარათი, Apple Pay"
    )
  })

  it("picks each language's plural form by count, as react-i18next does", () => {
    const ru = translatorFor(resources.ru.translation, "ru")
    expect(ru("tbc.widget.daysLeft", { count: 1 })).toBe("На списание остался 1 день")
    expect(ru("tbc.widget.daysLeft", { count: 3 })).toBe("На списание осталось 3 дня")
    expect(ru("tbc.widget.daysLeft", { count: 11 })).toBe("На списание осталось 11 дней")
    expect(tEn("tbc.widget.daysLeft", { count: 1 })).toBe("1 day left to capture")
    expect(tEn("tbc.widget.daysLeft", { count: 29 })).toBe("29 days left to capture")
    expect(tEn("tbc.no.such.key")).toBe("tbc.no.such.key")
  })

  it("has every key the extension's code asks for", () => {
    const root = join(__dirname, "..", "..")
    const used = sourceFiles(root).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/["'`](tbc\.[A-Za-z]+\.[A-Za-z0-9_.]+)["'`]/g)].map((m) => m[1])
    )
    expect(used.length).toBeGreaterThan(80)
    const known = new Set(baseKeys([...tables.en.keys()]))
    expect([...new Set(used)].filter((key) => !known.has(key))).toEqual([])
  })
})

describe("Russian and Georgian admins read values and times in their language", () => {
  const ru = translatorFor(resources.ru.translation, "ru")
  it("names the choices' values, never the raw option values", () => {
    expect(choiceValueText("orphanPolicy", "refund", ru)).toBe("Сразу вернуть деньги")
    expect(choiceValueText("orphanPolicy", "notify", ru)).toBe("Показать мне в списке")
    expect(choiceValueText("language", "KA", translatorFor(resources.ka.translation, "ka"))).toBe("ქართული")
    expect(settingValueText("orphanPolicy", "notify", undefined, ru)).toBe("Показать мне в списке")
    expect(choiceValueText("orphanPolicy", "something_new", ru)).toBe("something_new")
    for (const { key, input } of EDITABLE_SETTINGS) {
      if (input.type !== "choice") continue
      for (const [language, table] of Object.entries(resources)) {
        const t = translatorFor(table.translation, language)
        for (const choice of input.choices)
          expect([language, choiceValueText(key, choice, t)]).not.toEqual([language, choice])
      }
    }
  })

  it("formats times by the dashboard's language, not the browser's", () => {
    const iso = "2026-12-02T14:05:00.000Z"
    expect(formatTimeIn(iso, "ru")).toBe(
      new Intl.DateTimeFormat("ru", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
    )
    expect(formatTimeIn(iso, "ru")).toMatch(/дек/)
    expect(formatTimeIn(iso, "ru")).not.toBe(formatTimeIn(iso, "en"))
    expect(formatTimeIn(iso, "enGB")).toBe(
      new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))
    )
    expect(formatTimeIn(null, "ru")).toBe("—")
  })
})
