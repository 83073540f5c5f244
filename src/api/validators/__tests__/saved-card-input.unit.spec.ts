import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import { parseOrInvalid, savedCardIdSchema } from "../saved-card-input"

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

  it("throws a 400 naming the prefixed path and the rule of the first issue", () => {
    const error = errorOf(() => parseOrInvalid(schema, { id: "x", nested: { n: "1" } }, "data."))
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(error.message).toBe("data.id: must be a saved card id (tbccard_…)")
    expect(errorOf(() => parseOrInvalid(schema, { id: "tbccard_1", nested: { n: "1" } })).message).toBe(
      "nested.n: Expected number, received string"
    )
    expect(errorOf(() => parseOrInvalid(schema, { id: 7 })).message).toBe("id: must be a string")
  })
})
