/**
 * Input rules shared by the saved-card store routes and session creation, and how a refusal
 * reads there: a 400 naming the first bad field and its rule.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"

/** One of our SavedCard ids as a shopper sends it (`tbccard_…`). */
export const savedCardIdSchema = z
  .string({ invalid_type_error: "must be a string" })
  .regex(/^tbccard_[A-Za-z0-9]{1,60}$/, { message: "must be a saved card id (tbccard_…)" })

/** `input` parsed by `schema`, or a 400 MedusaError "<fieldPrefix><path>: <rule>" for its first issue. */
export function parseOrInvalid<S extends z.ZodTypeAny>(schema: S, input: unknown, fieldPrefix = ""): z.output<S> {
  const parsed = schema.safeParse(input)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${fieldPrefix}${first.path.join(".")}: ${first.message}`)
  }
  return parsed.data
}
