import { problemsOf } from "../settings-problems"

describe("problemsOf", () => {
  const keys = ["methods", "statementText", "preAuth"]

  it("puts each refused field beside its setting, nested fields included", () => {
    expect(
      problemsOf(
        "Invalid settings of pp_tbc-checkout_tbc: methods.1: method 9 must be activated by the bank first: list it in activatedMethods too; statementText: must be at most 25 characters",
        keys
      )
    ).toEqual({
      byKey: {
        methods: "methods.1: method 9 must be activated by the bank first: list it in activatedMethods too",
        statementText: "statementText: must be at most 25 characters",
      },
      general: null,
    })
  })

  it("keeps what names no setting of the page as a general message", () => {
    const problems = problemsOf("Invalid settings: provider_id: is not a TBC provider of this store", keys)
    expect(problems.byKey).toEqual({})
    expect(problems.general).toMatch(/provider_id: is not a TBC provider/)
    expect(problemsOf("Failed to fetch", keys).general).toMatch(/Failed to fetch$/)
  })
})
