/**
 * The MedusaError side of src/lib/zod-problems.ts: a zod failure of provider options, a route's
 * query/body/params or a session's data becomes one MedusaError(INVALID_DATA) (a 400 on a route)
 * whose message names every broken field and its rule, never a value:
 * `Invalid query: limit: Number must be less than or equal to 200`.
 *
 * Why here: the providers, the app glue and the routes all need it, and providers/common is the
 * lowest layer that may import Medusa (src/lib may not).
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { ValidationIssue } from "../../lib/tbc/errors"
import { checkWith, problemsText, type ProblemPlace, type SafeParser } from "../../lib/zod-problems"

export interface InvalidDataPlace extends ProblemPlace {
  /** words before the list ("Invalid query"); none: the message is the list alone */
  heading?: string
  /** a structured error kept as the MedusaError's `cause` (not serialised), e.g. a TbcConfigError */
  causeOf?: (issues: ValidationIssue[]) => Error
}

/** `input` parsed by `schema`, or a MedusaError(INVALID_DATA) naming every issue. */
export function parseOrInvalid<T>(schema: SafeParser<T>, input: unknown, place: InvalidDataPlace = {}): T {
  const checked = checkWith(schema, input, place)
  if (checked.ok) return checked.value
  throw invalidDataError(checked.issues, place)
}

export function invalidDataError(issues: ValidationIssue[], place: InvalidDataPlace = {}): MedusaError {
  const error = new MedusaError(MedusaError.Types.INVALID_DATA, problemsText(issues, place.heading))
  if (place.causeOf) {
    Object.defineProperty(error, "cause", { value: place.causeOf(issues), enumerable: false })
  }
  return error
}
