/**
 * Our schemas through Medusa's own validation middlewares (validateAndTransformQuery/Body), as
 * the app runs them: the contract the adapter relies on (Medusa calls parseAsync and passes our
 * MedusaError on) is pinned here, so a Medusa update that breaks it fails this test.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listQuerySchema, orderParamsSchema, savedCardsQuerySchema, syncBodySchema } from "../route-schemas"
import { parseParams, validateBody, validateQuery } from "../validate-request"

type Middleware = ReturnType<typeof validateQuery>

/** Runs a middleware on a request shaped as Medusa's router leaves it; the request and what next() got. */
async function run(middleware: Middleware, fields: { query?: Record<string, unknown>; body?: unknown }) {
  const req = { query: {}, allowed: [], ...fields } as unknown as MedusaRequest
  let passed: unknown = "next not called"
  await middleware(req, {} as MedusaResponse, (error?: unknown) => {
    passed = error
  })
  return { req, passed }
}

describe("validateQuery / validateBody (Medusa's middlewares, our schemas and words)", () => {
  it("sets req.validatedQuery with defaults and coercion", async () => {
    const { req, passed } = await run(validateQuery(listQuerySchema), { query: { limit: "5" } })
    expect(passed).toBeUndefined()
    expect(req.validatedQuery).toEqual({ limit: 5 })
    expect((await run(validateQuery(listQuerySchema), {})).req.validatedQuery).toEqual({ limit: 20 })
  })

  it("refuses with a 400 naming the field and the rule, never Medusa's generic text", async () => {
    const tooBig = (await run(validateQuery(listQuerySchema), { query: { limit: "500" } })).passed as MedusaError
    expect(tooBig).toBeInstanceOf(MedusaError)
    expect(tooBig.type).toBe(MedusaError.Types.INVALID_DATA)
    expect(tooBig.message).toBe("Invalid query: limit: must be at most 200")
    const unknownKey = (await run(validateQuery(listQuerySchema), { query: { foo: "1" } })).passed as MedusaError
    expect(unknownKey.message).toBe('Invalid query: query: Unrecognized key: "foo"')
    const provider = (await run(validateQuery(savedCardsQuerySchema), { query: { provider_id: "pp_stripe" } }))
      .passed as MedusaError
    expect(provider.message).toBe(
      "Invalid query: provider_id: must be a tbc-checkout or tbc-card provider id (pp_tbc-checkout_…, pp_tbc-card_…)"
    )
  })

  it("a key nested deeper than a.b is a 400 (Medusa's own check would answer 500), for every query schema", async () => {
    const deepList = (await run(validateQuery(listQuerySchema), { query: { "a.b.c": "1" } })).passed as MedusaError
    const deepCards = (await run(validateQuery(savedCardsQuerySchema), { query: { "x.y.z.w": "1" } })).passed
    for (const deep of [deepList, deepCards] as MedusaError[]) {
      expect(deep).toBeInstanceOf(MedusaError)
      expect(deep.type).toBe(MedusaError.Types.INVALID_DATA)
      expect(deep.message).toBe("Invalid query: a query key may nest at most one level (a.b)")
    }
  })

  it("a query schema that ignores unknown keys still does under Medusa (no .strict() forced on it)", async () => {
    const { req, passed } = await run(validateQuery(savedCardsQuerySchema), { query: { other: "x" } })
    expect(passed).toBeUndefined()
    expect(req.validatedQuery).toEqual({})
  })

  it("bodies: req.validatedBody; a missing body reads as empty; a bad one is named", async () => {
    const ok = await run(validateBody(syncBodySchema), { body: { provider_id: "pp_tbc-installments_tbc" } })
    expect(ok.passed).toBeUndefined()
    expect(ok.req.validatedBody).toEqual({ provider_id: "pp_tbc-installments_tbc" })
    expect((await run(validateBody(syncBodySchema), { body: undefined })).req.validatedBody).toEqual({})
    const bad = (await run(validateBody(syncBodySchema), { body: { provider_id: 5 } })).passed as MedusaError
    expect(bad.message).toBe("Invalid body: provider_id: must be a string")
    expect(((await run(validateBody(syncBodySchema), { body: [1] })).passed as MedusaError).message).toMatch(
      /^Invalid body: body: /
    )
  })

  it("params: parsed or a 400", () => {
    expect(parseParams(orderParamsSchema, { id: " order_1 " })).toEqual({ id: "order_1" })
    expect(() => parseParams(orderParamsSchema, { id: "bad id!" })).toThrow("Invalid params: id: must be an order id")
  })
})
