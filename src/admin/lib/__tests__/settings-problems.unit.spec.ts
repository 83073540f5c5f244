import resources from "../../i18n"
import { translatorFor } from "../i18n"
import { problemsOf } from "../settings-problems"

describe("problemsOf", () => {
  const keys = ["methods", "statementText", "preAuth", "methodLimits", "deletedCardRetentionDays"]

  it("puts each refused field beside its setting in a merchant's words, never a config path", () => {
    const problems = problemsOf(
      "Invalid settings of pp_tbc-checkout_tbc: methods.1: method 9 must be activated by the bank first: list it in activatedMethods too; statementText: must be at most 25 characters (the bank's limit of `extra`)",
      keys
    )
    expect(problems).toEqual({
      byKey: {
        methods: "Apple Pay is not yet activated by TBC for your shop.",
        statementText: "At most 25 characters.",
      },
      general: null,
    })
    expect(JSON.stringify(problems)).not.toMatch(/activatedMethods|methods\.1|extra/)
  })

  it("names the method of a refused limit and the rule it breaks", () => {
    const problems = problemsOf(
      "Invalid settings of pp_tbc-checkout_tbc: methodLimits.bnpl.max: must be at most 1000000 GEL (leave it empty for no limit); methodLimits.8: min must not exceed max; methodLimits.5.min: must have at most 2 decimals (whole tetri)",
      keys
    )
    expect(problems.byKey.methodLimits).toBe(
      "Part-by-Part (BNPL): At most 1000000 GEL; leave it empty for no limit. Installment: The smallest amount must not be above the largest. Card: Enter an amount in GEL with at most 2 decimals, e.g. 100 or 12.50."
    )
  })

  it("speaks the admin's language", () => {
    const ru = translatorFor(resources.ru.translation, "ru")
    const problems = problemsOf(
      "Invalid settings of pp_tbc-checkout_tbc: methods.0: method 14 must be activated by the bank first: list it in activatedMethods too; statementText: may contain only printable ASCII characters, no Georgian or Cyrillic letters (the bank's statement is ANSI only); deletedCardRetentionDays: must be at least 1 day",
      keys,
      ru
    )
    expect(problems.byKey).toEqual({
      methods: "TBC ещё не подключил Google Pay для вашего магазина.",
      statementText: expect.stringMatching(/^Только латинские буквы/),
      deletedCardRetentionDays: "Введите целое число дней, от 1 до 3650.",
    })
  })

  it("keeps a rule it has no words for, without its path; what names no setting is general", () => {
    expect(problemsOf("Invalid settings: preAuth: must be true or false", keys).byKey).toEqual({
      preAuth: "must be true or false",
    })
    const problems = problemsOf("Invalid settings: provider_id: is not a TBC provider of this store", keys)
    expect(problems.byKey).toEqual({})
    expect(problems.general).toMatch(/provider_id: is not a TBC provider/)
    expect(problemsOf("Failed to fetch", keys).general).toMatch(/Failed to fetch$/)
  })
})
