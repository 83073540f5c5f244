/**
 * When the session middleware leaves the request to Medusa's route and how it passes a failure on.
 * The workflow itself: src/workflows/payment-sessions/__tests__; the whole route: the app specs.
 */
import { asValue } from "awilix"
import { ContainerRegistrationKeys, createMedusaContainer } from "@medusajs/framework/utils"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createPaymentSessionThroughWorkflow, shopperAddressOf } from "../payment-sessions"

const FIELDS = { fields: ["id", "payment_sessions.id"] }
const CHECKOUT_OPTIONS = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "s",
  environment: "test",
  storeUrl: "http://127.0.0.1:9",
  returnUrl: "http://127.0.0.1:8/return",
  trustProxy: ["10.0.0.2"],
}
const CONFIG = {
  modules: {
    payment: {
      options: { providers: [{ resolve: "./src/providers/tbc-checkout", id: "tbc", options: CHECKOUT_OPTIONS }] },
    },
  },
}

function request(validatedBody: unknown, queryConfig: unknown = FIELDS) {
  const graphed: string[] = []
  const scope = createMedusaContainer()
  scope.register({
    [ContainerRegistrationKeys.QUERY]: asValue({
      graph: async ({ entity }: { entity: string }) => {
        graphed.push(entity)
        throw new Error("database unavailable")
      },
    }),
    [ContainerRegistrationKeys.LOGGER]: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
    [ContainerRegistrationKeys.PG_CONNECTION]: asValue({ raw: async () => ({ rows: [] }) }),
    [ContainerRegistrationKeys.CONFIG_MODULE]: asValue(CONFIG),
  })
  const req = { params: { id: "pay_col_1" }, validatedBody, queryConfig, scope, body: validatedBody }
  const res = { sent: false, status: () => res, json: () => ((res.sent = true), res) }
  return { req: req as unknown as MedusaRequest, res, graphed }
}

async function run(req: MedusaRequest, res: unknown) {
  let passed: unknown = "not called"
  await createPaymentSessionThroughWorkflow(
    req,
    res as MedusaResponse,
    ((error?: unknown) => {
      passed = error
    }) as MedusaNextFunction
  )
  return passed
}

describe("createPaymentSessionThroughWorkflow", () => {
  it.each([
    ["no validated body", undefined, FIELDS],
    ["a provider_id that is not a string", { provider_id: 7 }, FIELDS],
    ["data that is not an object", { provider_id: "pp_tbc-checkout_tbc", data: "x" }, FIELDS],
    ["no response fields", { provider_id: "pp_tbc-checkout_tbc" }, undefined],
  ])("leaves %s to Medusa's route, reading nothing", async (_case, body, queryConfig) => {
    const { req, res, graphed } = request(body, queryConfig ?? {})
    expect(await run(req, res)).toBeUndefined()
    expect(graphed).toEqual([])
    expect(res.sent).toBe(false)
  })

  it("passes a failure of the workflow on to Medusa's error handler and answers nothing itself", async () => {
    const { req, res, graphed } = request({ provider_id: "pp_tbc-checkout_tbc", data: {} })
    const passed = await run(req, res)
    expect(passed).toMatchObject({ message: expect.stringMatching(/database unavailable/) })
    expect(graphed).toEqual(["cart_payment_collection"]) // the paid-collection guard ran first
    expect(res.sent).toBe(false)
  })
})

describe("shopperAddressOf", () => {
  const from = (remoteAddress: string, forwardedFor?: string) => {
    const { req } = request({})
    Object.assign(req, { socket: { remoteAddress }, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} })
    return req
  }

  it("is the socket's address, or the client your own proxy (trustProxy) names; for TBC checkout providers only", () => {
    expect(shopperAddressOf(from("::ffff:203.0.113.9"), "pp_tbc-checkout_tbc")).toBe("203.0.113.9")
    expect(shopperAddressOf(from("203.0.113.9", "198.51.100.1"), "pp_tbc-card_tbc")).toBe("203.0.113.9")
    expect(shopperAddressOf(from("10.0.0.2", "198.51.100.1"), "pp_tbc-checkout_tbc")).toBe("198.51.100.1")
    expect(shopperAddressOf(from("203.0.113.9"), "pp_system_default")).toBeUndefined()
  })
})
