import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod/v4"
import { TbcConfigError } from "../../../lib/tbc/errors"
import { savedCardIdSchema } from "../../../lib/saved-card-input"
import { parseOrInvalid } from "../invalid-data"

function errorOf(run: () => unknown): MedusaError {
  try {
    run()
  } catch (error) {
    return error as MedusaError
  }
  throw new Error("expected a MedusaError")
}

describe("savedCardIdSchema", () => {
  it("accepts tbccard_ ids of 1-60 letters and digits only", () => {
    expect(savedCardIdSchema.safeParse("tbccard_A1").success).toBe(true)
    expect(savedCardIdSchema.safeParse(`tbccard_${"a".repeat(60)}`).success).toBe(true)
    for (const bad of ["tbccard_", `tbccard_${"a".repeat(61)}`, "tbccard_a-b", "card_1", " tbccard_1", 5, null]) {
      expect(savedCardIdSchema.safeParse(bad).success).toBe(false)
    }
  })
})

describe("parseOrInvalid", () => {
  const schema = z.object({ id: savedCardIdSchema, nested: z.object({ n: z.number() }).optional() })

  it("returns the parsed value", () => {
    expect(parseOrInvalid(schema, { id: "tbccard_1" })).toEqual({ id: "tbccard_1" })
  })

  it("throws INVALID_DATA (a 400) naming every prefixed path and its rule", () => {
    const error = errorOf(() => parseOrInvalid(schema, { id: "x", nested: { n: "1" } }, { prefix: "data" }))
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toBe(
      "data.id: must be a saved card id (tbccard_…); data.nested.n: Invalid input: expected number, received string"
    )
    expect(errorOf(() => parseOrInvalid(schema, { id: 7 }, { heading: "Invalid params" })).message).toBe(
      "Invalid params: id: must be a string"
    )
    expect(errorOf(() => parseOrInvalid(z.string(), 5, { root: "query" })).message).toBe(
      "query: Invalid input: expected string, received number"
    )
  })

  it("keeps a structured cause when asked, out of the error's JSON", () => {
    const error = errorOf(() =>
      parseOrInvalid(schema, {}, { heading: "Invalid p options", causeOf: (issues) => new TbcConfigError(issues) })
    )
    expect(error.message).toBe("Invalid p options: id: is required")
    const cause = (error as unknown as { cause: TbcConfigError }).cause
    expect(cause).toBeInstanceOf(TbcConfigError)
    expect(cause.issues).toEqual([{ field: "id", rule: "invalid_type", message: "is required" }])
    expect(Object.keys(error)).not.toContain("cause")
  })
})
