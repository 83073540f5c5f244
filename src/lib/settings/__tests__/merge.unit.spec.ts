import { z } from "zod/v4"
import { typeRule } from "../../zod-problems"
import { checkSettingsChange, mergeStoredSettings } from "../merge"
import {
  availableInput,
  DESCRIPTION_MAX,
  EDITABLE_SETTINGS,
  editableSettingsOf,
  isEditable,
  STATEMENT_TEXT_MAX,
} from "../editable-settings"
import { LIMITS } from "../../tbc/validation/fields"

/** A small stand-in of the checkout options schema: defaults, a normalizing preprocess and a cross-option rule. */
const schema = z
  .object({
    clientSecret: z.string(typeRule("must be a string")).min(1, { message: "is required" }),
    methods: z.array(z.number()).min(1, { message: "must name at least one method" }).default([5]),
    activatedMethods: z.array(z.number()).default([]),
    preAuth: z.boolean(typeRule("must be true or false")).default(true),
    language: z.preprocess(
      (v) => (typeof v === "string" ? v.toUpperCase() : v),
      z.enum(["KA", "EN", "RU"], { error: "must be KA, EN or RU" }).optional()
    ),
    statementText: z.string().max(25, { message: "must be at most 25 characters" }).optional(),
  })
  .superRefine((options, ctx) => {
    for (const [index, method] of options.methods.entries()) {
      if (method === 9 && !options.activatedMethods.includes(9)) {
        ctx.addIssue({ code: "custom", path: ["methods", index], message: "method 9 must be activated first" })
      }
    }
  })

const config = { clientSecret: "s3cr3t-value", methods: [5], activatedMethods: [9] }

describe("editable settings list", () => {
  it("lists each key once, never a credential, and per provider kind", () => {
    const keys = EDITABLE_SETTINGS.map((s) => s.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const secret of ["apiKey", "clientId", "clientSecret", "cardTokenSecret", "apiSecret", "merchantKey"]) {
      expect(keys).not.toContain(secret)
    }
    expect(editableSettingsOf("tbc-checkout").map((s) => s.key)).toEqual(
      expect.arrayContaining(["methods", "preAuth", "language", "saveCards", "statementText", "orphanPolicy"])
    )
    expect(isEditable("tbc-installments", "preAuth")).toBe(false)
    expect(isEditable("tbc-installments", "installmentChangeRetentionDays")).toBe(true)
  })
})

describe("mergeStoredSettings", () => {
  it("applies every stored value that passes, normalized by the schema", () => {
    const merged = mergeStoredSettings(schema, "tbc-checkout", config, [
      { key: "preAuth", value: false },
      { key: "language", value: "ka" },
    ])
    expect(merged.options).toMatchObject({ preAuth: false, language: "KA", methods: [5] })
    expect(merged.applied.sort()).toEqual(["language", "preAuth"])
    expect(merged.ignored).toEqual([])
  })

  it("ignores a stored value that no longer passes with the config, naming the rule, and keeps the others", () => {
    const noLongerActivated = { ...config, activatedMethods: [] }
    const merged = mergeStoredSettings(schema, "tbc-checkout", noLongerActivated, [
      { key: "methods", value: [5, 9] },
      { key: "preAuth", value: false },
    ])
    expect(merged.options).toMatchObject({ methods: [5], preAuth: false })
    expect(merged.applied).toEqual(["preAuth"])
    expect(merged.ignored).toEqual([{ key: "methods", problem: "methods.1: method 9 must be activated first" }])
  })

  it("never applies a key outside the editable list (a credential stored by hand stays the config's)", () => {
    const merged = mergeStoredSettings(schema, "tbc-checkout", config, [{ key: "clientSecret", value: "other" }])
    expect(merged.options).toMatchObject({ clientSecret: "s3cr3t-value" })
    expect(merged.ignored).toEqual([
      { key: "clientSecret", problem: expect.stringMatching(/^clientSecret: cannot be changed/) },
    ])
  })

  it("gives no options when the config itself does not pass, and names why", () => {
    const merged = mergeStoredSettings(schema, "tbc-checkout", { methods: [5] }, [{ key: "preAuth", value: false }])
    expect(merged.options).toBeUndefined()
    expect(merged.ignored[0].problem).toMatch(/clientSecret: is required/)
  })
})

describe("checkSettingsChange", () => {
  it("returns old → new per changed key (null = the config's value), normalized, unchanged keys left out", () => {
    const checked = checkSettingsChange(schema, "tbc-checkout", config, [{ key: "preAuth", value: false }], {
      set: { preAuth: false, language: "en", methods: [5, 9] },
      reset: [],
    })
    expect(checked).toEqual({
      ok: true,
      changes: [
        { key: "language", old_value: null, new_value: "EN" },
        { key: "methods", old_value: null, new_value: [5, 9] },
      ],
    })
  })

  it("resets a stored key to the config, and a reset of nothing stored changes nothing", () => {
    const checked = checkSettingsChange(schema, "tbc-checkout", config, [{ key: "language", value: "RU" }], {
      set: {},
      reset: ["language", "preAuth"],
    })
    expect(checked).toEqual({ ok: true, changes: [{ key: "language", old_value: "RU", new_value: null }] })
  })

  it("refuses with the field and the rule: each field's rules, then the cross-option ones", () => {
    const notActivated = { ...config, activatedMethods: [] }
    const fields = checkSettingsChange(schema, "tbc-checkout", notActivated, [], {
      set: { statementText: "x".repeat(26), preAuth: "yes" },
      reset: [],
    })
    expect(fields.ok ? [] : fields.issues.map((i) => `${i.field}: ${i.message}`).sort()).toEqual([
      "preAuth: must be true or false",
      "statementText: must be at most 25 characters",
    ])
    const crossOption = checkSettingsChange(schema, "tbc-checkout", notActivated, [], {
      set: { methods: [5, 9] },
      reset: [],
    })
    expect(crossOption.ok ? [] : crossOption.issues).toEqual([
      { field: "methods.1", rule: "custom", message: "method 9 must be activated first" },
    ])
  })

  it("refuses keys that are not editable, null values and a key both set and reset, before any schema", () => {
    const checked = checkSettingsChange(schema, "tbc-checkout", config, [], {
      set: { clientSecret: "mine", language: null },
      reset: ["language", "environment"],
    })
    expect(checked.ok ? [] : checked.issues.map((i) => `${i.field}:${i.rule}`)).toEqual([
      "clientSecret:not_editable",
      "environment:not_editable",
      "language:set_and_reset",
      "language:required",
    ])
  })

  it("judges the change with the stored values still in force, not with those the config now refuses", () => {
    const stale = [{ key: "methods", value: [5, 9] }]
    const checked = checkSettingsChange(schema, "tbc-checkout", { ...config, activatedMethods: [] }, stale, {
      set: { preAuth: false },
      reset: [],
    })
    expect(checked).toEqual({ ok: true, changes: [{ key: "preAuth", old_value: null, new_value: false }] })
  })
})

describe("availableInput: only what the registration's config lets it save", () => {
  it("offers only the methods TBC activated for the shop, lists the others as unavailable", () => {
    const methods = EDITABLE_SETTINGS.find((s) => s.key === "methods")!.input
    expect(availableInput(methods, [])).toEqual({ type: "methods", choices: [5], unavailable: [4, 6, 7, 8, 9, 14] })
    expect(availableInput(methods, [9, 4])).toEqual({
      type: "methods",
      choices: [4, 5, 9],
      unavailable: [6, 7, 8, 14],
    })
  })

  it("offers amount limits by method only for methods that can be chosen (BNPL with method 4)", () => {
    const limits = EDITABLE_SETTINGS.find((s) => s.key === "methodLimits")!.input
    expect(availableInput(limits, [])).toEqual({ type: "limits", keys: ["5"] })
    expect(availableInput(limits, [4, 8])).toEqual({ type: "limits", keys: ["4", "5", "8", "bnpl"] })
    expect(availableInput({ type: "days" }, [])).toEqual({ type: "days" })
  })

  it("offers a title only for choices that can be chosen; the all-methods page always", () => {
    const titles = EDITABLE_SETTINGS.find((s) => s.key === "methodTitles")!.input
    expect(availableInput(titles, [])).toEqual({ type: "titles", keys: ["tbc-checkout", "tbc-card"], maxLength: 60 })
    expect(availableInput(titles, [4])).toMatchObject({ keys: ["tbc-checkout", "tbc-card", "tbc-qr", "tbc-bnpl"] })
  })

  it("the page's text limits are the bank's (the admin bundle cannot import the validation)", () => {
    expect(STATEMENT_TEXT_MAX).toBe(LIMITS.extra)
    expect(DESCRIPTION_MAX).toBe(LIMITS.description)
  })
})
