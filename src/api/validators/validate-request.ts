/**
 * Our zod schemas in Medusa's request validation: `validateAndTransformQuery` /
 * `validateAndTransformBody` register the check and set `req.validatedQuery` / `req.validatedBody`
 * as for Medusa's own routes; the parse and the words of a 400 are ours
 * (src/providers/common/invalid-data.ts: "Invalid query: limit: must be at most 200").
 *
 * Why an adapter and not the schema itself: Medusa's validator is typed for, and formats the
 * errors of, its own zod (see "Why the plugin ships its own zod" in docs/architecture.md). It
 * calls only `parseAsync` on the schema (and `.strict()` when the schema has one, which the
 * adapter does not: our schemas say themselves whether unknown keys are refused), and passes an
 * error that is not a ZodError on as it is. __tests__/validate-request.unit.spec.ts runs Medusa's
 * middlewares with it, so a Medusa update that changes this fails there.
 */
import {
  validateAndTransformBody,
  validateAndTransformQuery,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { SafeParser } from "../../lib/zod-problems"
import { parseOrInvalid, type InvalidDataPlace } from "../../providers/common/invalid-data"

type MedusaSchema = Parameters<typeof validateAndTransformQuery>[0]
type Middleware = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) => Promise<void>

/** What Medusa's validator needs of a schema, backed by ours. */
function asMedusaSchema<T>(schema: SafeParser<T>, place: InvalidDataPlace): MedusaSchema {
  const adapter = {
    // no body/query at all reads as an empty one, as the routes did before
    parseAsync: async (input: unknown): Promise<T> => parseOrInvalid(schema, input ?? {}, place),
  }
  return adapter as unknown as MedusaSchema
}

/** Checks `req.query` with `schema`; the route reads `req.validatedQuery`. */
export function validateQuery<T>(schema: SafeParser<T>): Middleware {
  const medusaCheck = validateAndTransformQuery(asMedusaSchema(schema, { heading: "Invalid query", root: "query" }), {})
  return async (req, res, next) => {
    // Medusa's check throws INVALID_ARGUMENT (answered 500) for a key like `a.b.c`, before our
    // schema sees it: such a key is the caller's mistake, so it gets our 400 first
    if (Object.keys(req.query ?? {}).some((key) => key.split(".").length > 2)) {
      return next(
        new MedusaError(MedusaError.Types.INVALID_DATA, "Invalid query: a query key may nest at most one level (a.b)")
      )
    }
    return medusaCheck(req, res, next)
  }
}

/** Checks `req.body` with `schema`; the route reads `req.validatedBody`. */
export function validateBody<T>(schema: SafeParser<T>): Middleware {
  return validateAndTransformBody(asMedusaSchema(schema, { heading: "Invalid body", root: "body" }))
}

/** Route params (Medusa has no middleware for them): the parsed params or a 400. */
export function parseParams<T>(schema: SafeParser<T>, params: unknown): T {
  return parseOrInvalid(schema, params ?? {}, { heading: "Invalid params", root: "params" })
}
