import fc from "fast-check"
import { z } from "zod/v4"
import { checkWith, problemsText, typeRule, zodProblems } from "../zod-problems"
import { propertyRuns } from "./property-runs"

/** A schema with the kinds of rules the plugin's options and routes use, secrets among them. */
const schema = z
  .object({
    apiKey: z.string(typeRule("must be a string")).min(1, { message: "must not be empty" }),
    clientSecret: z
      .string()
      .refine((value) => value.trim() !== "" && value.length >= 40, { message: "must be at least 40 characters" }),
    language: z.enum(["KA", "EN", "RU"]),
    timeoutMs: z.number().int().min(1000).max(120_000).optional(),
    nested: z
      .object({ secret: z.string().regex(/^sk_[0-9a-f]{32}$/), list: z.array(z.literal("x")).optional() })
      .optional(),
  })
  .strict()

const secretValue = fc.string({ minLength: 12, maxLength: 40 }).filter((value) => value.trim().length >= 12)
/** Anything a caller might pass in a field: right or wrong type, the secret itself. */
const anyValue = (secret: string) =>
  fc.oneof(
    fc.constant(secret),
    fc.constant(undefined),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.constant(secret), { maxLength: 2 }),
    fc.record({ secret: fc.constant(secret) })
  )

describe("zodProblems (property): any failure names a field path and never an input value", () => {
  it("options-like input made of secrets", () => {
    fc.assert(
      fc.property(secretValue, fc.context(), (secret, ctx) =>
        fc.assert(
          fc.property(
            fc.record(
              {
                apiKey: anyValue(secret),
                clientSecret: anyValue(secret),
                language: anyValue(secret),
                timeoutMs: anyValue(secret),
                nested: anyValue(secret),
                [secret]: anyValue(secret),
              },
              { requiredKeys: [] }
            ),
            (input) => {
              const checked = checkWith(schema, input, { root: "(options)" })
              if (checked.ok) return
              const text = problemsText(checked.issues, "Invalid options")
              ctx.log(text)
              expect(checked.issues.length).toBeGreaterThan(0)
              for (const issue of checked.issues) {
                expect(issue.field).not.toBe("")
                expect(issue.rule).not.toBe("")
                expect(text).toContain(`${issue.field}: ${issue.message}`)
              }
              // the secret as a VALUE never shows; as an unknown KEY it may be named (keys are names)
              const withoutKeyNames = checked.issues
                .filter((issue) => issue.rule !== "unrecognized_keys")
                .map((issue) => issue.message)
              expect(withoutKeyNames.join(" ")).not.toContain(secret)
            }
          ),
          { numRuns: 5 }
        )
      ),
      { numRuns: propertyRuns(200) }
    )
  })

  it("zod's own texts (a length, an enum, a bound) never quote the value", () => {
    const v4 = z.object({ token: z.string().min(40), mode: z.enum(["a", "b"]), n: z.number().max(5) }).strict()
    fc.assert(
      fc.property(secretValue, fc.integer({ min: 6 }), (secret, n) => {
        const checked = checkWith(v4, { token: secret.slice(0, 20), mode: secret, n }, { prefix: "data" })
        expect(checked.ok).toBe(false)
        if (checked.ok) return
        expect(checked.issues.map((issue) => issue.field)).toEqual(["data.token", "data.mode", "data.n"])
        expect(problemsText(checked.issues)).not.toContain(secret)
      }),
      { numRuns: propertyRuns(200) }
    )
  })
})

describe("zodProblems", () => {
  it("prefix, root, rule ids, a type rule's words for a missing and a wrong value", () => {
    const failure = schema.safeParse({ apiKey: "", language: "xx-secret-xx", extra: 1 })
    expect(failure.success).toBe(false)
    if (failure.success) return
    const issues = zodProblems(failure.error.issues, { prefix: "opts" })
    expect(issues).toEqual([
      { field: "opts.apiKey", rule: "too_small", message: "must not be empty" },
      {
        field: "opts.clientSecret",
        rule: "invalid_type",
        message: "Invalid input: expected string, received undefined",
      },
      { field: "opts.language", rule: "invalid_value", message: 'Invalid option: expected one of "KA"|"EN"|"RU"' },
      { field: "opts", rule: "unrecognized_keys", message: 'Unrecognized key: "extra"' },
    ])
    const typed = schema.safeParse({ apiKey: 7 })
    expect(typed.success || zodProblems(typed.error.issues)[0]).toEqual({
      field: "apiKey",
      rule: "invalid_type",
      message: "must be a string",
    })
    const missing = schema.safeParse({})
    expect(missing.success || zodProblems(missing.error.issues)[0]).toEqual({
      field: "apiKey",
      rule: "invalid_type",
      message: "is required",
    })
    const whole = z.string().safeParse(5)
    expect(whole.success || zodProblems(whole.error.issues)[0].field).toBe("body")
    expect(whole.success || zodProblems(whole.error.issues, { root: "query" })[0].field).toBe("query")
  })

  it("a custom issue's params.rule is its rule id; a custom enum message is kept", () => {
    const ruled = z
      .string()
      .superRefine((_v, ctx) =>
        ctx.addIssue({ code: "custom", message: "sum must match", params: { rule: "sum_equals_total" } })
      )
    const failure = ruled.safeParse("x")
    expect(failure.success || zodProblems(failure.error.issues)).toEqual([
      { field: "body", rule: "sum_equals_total", message: "sum must match" },
    ])
    const worded = z.enum(["KA", "EN"], { error: "must be KA or EN" }).safeParse("zz")
    expect(worded.success || zodProblems(worded.error.issues)[0].message).toBe("must be KA or EN")
  })

  it("problemsText joins 'field: message' after an optional heading", () => {
    const issues = [
      { field: "a", rule: "r", message: "is required" },
      { field: "b.0", rule: "r", message: "must be a number" },
    ]
    expect(problemsText(issues)).toBe("a: is required; b.0: must be a number")
    expect(problemsText(issues, "Invalid query")).toBe("Invalid query: a: is required; b.0: must be a number")
  })
})
