/**
 * (A workflow rejects with its step's error serialized: a plain object with the MedusaError's
 * type and message, which is what Medusa's HTTP error handler reads for the status code.)
 *
 * createTbcPaymentSessionWorkflow run for real (Medusa's workflow engine, Medusa's own
 * createPaymentSessionsWorkflow inside) on a container of fakes: the query and remote query
 * answer one collection with one cart, the payment module and our module record what they are
 * asked. The app specs (checkout-saved-cards, installment-products, installments-flow,
 * checkout-paid-session-replaced) cover the route with the real modules.
 */
import { asValue } from "awilix"
import { ContainerRegistrationKeys, createMedusaContainer, MedusaError, Modules } from "@medusajs/framework/utils"
import { TBC_MODULE } from "../../../modules/tbc"
import { createTbcPaymentSessionWorkflow } from "../create-tbc-payment-session"
import { CONFIG_WITH_TBC_PROVIDERS as CONFIG } from "../../../use-cases/payment-sessions/__tests__/tbc-config"

const ITEMS = [
  {
    id: "item_a",
    product_title: "Tea",
    variant_title: "Green",
    quantity: 3,
    unit_price: 10,
    discount_total: 0,
    tax_total: 0,
  },
]
const FORGED = [{ name: "forged", price: 0.01, quantity: 1 }]

interface Setup {
  /** a live TBC payment on the collection (the guard refuses) */
  paid?: boolean
  /** our module cannot write the application row */
  rowFails?: boolean
}

function fakeApp(setup: Setup = {}) {
  const created: Array<{ collectionId: string; input: Record<string, any> }> = []
  const deleted: string[] = []
  const rows: Array<Record<string, unknown>> = []
  /** the order of the cart lock's moves, the queries and the session's creation */
  const events: string[] = []
  const collection = {
    id: "pay_col_1",
    amount: 30,
    currency_code: "gel",
    cart: { id: "cart_1" }, // no region: Medusa's region check has nothing to check
    payment_sessions: setup.paid ? [{ provider_id: "pp_tbc-checkout_tbc" }] : [],
    payments: setup.paid ? [{ provider_id: "pp_tbc-checkout_tbc", canceled_at: null }] : [],
  }
  const query = {
    graph: async ({ entity }: { entity: string }) => {
      events.push(`query ${entity}`)
      if (entity === "payment_collection") return { data: [collection] }
      if (entity === "cart_payment_collection") return { data: [{ cart_id: "cart_1" }] }
      if (entity === "cart") return { data: [{ id: "cart_1", completed_at: null, items: ITEMS }] }
      throw new Error(`unexpected entity ${entity}`)
    },
  }
  const remoteQuery = async () => [collection]
  const payment = {
    createPaymentSession: async (collectionId: string, input: Record<string, any>) => {
      events.push("create session")
      created.push({ collectionId, input })
      const bank = input.provider_id.startsWith("pp_tbc-installments_") ? { sessionId: "bank_app_1" } : {}
      return { id: "payses_1", provider_id: input.provider_id, amount: input.amount, data: { ...input.data, ...bank } }
    },
    deletePaymentSession: async (id: string) => {
      deleted.push(id)
    },
    listPaymentSessions: async () => [],
  }
  const tbc = {
    ensureInstallmentApplications: async (seeds: Array<Record<string, unknown>>) => {
      if (setup.rowFails) throw new Error("database unavailable")
      rows.push(...seeds)
      return seeds.length
    },
  }
  // Medusa's locking module, as acquireLockStep and releaseLockStep call it
  const keysOf = (keys: string | string[]) => (Array.isArray(keys) ? keys : [keys]).join(",")
  const locking = {
    acquire: async (keys: string | string[], args?: { expire?: number }) => {
      events.push(`acquire ${keysOf(keys)} for ${args?.expire} s`)
    },
    release: async (keys: string | string[]) => {
      events.push(`release ${keysOf(keys)}`)
      return true
    },
  }
  const silent = () => undefined
  const container = createMedusaContainer()
  container.register({
    [ContainerRegistrationKeys.CONFIG_MODULE]: asValue(CONFIG),
    [ContainerRegistrationKeys.QUERY]: asValue(query),
    [ContainerRegistrationKeys.REMOTE_QUERY]: asValue(remoteQuery),
    [ContainerRegistrationKeys.LOGGER]: asValue({ info: silent, warn: silent, error: silent, debug: silent }),
    [Modules.PAYMENT]: asValue(payment),
    [Modules.LOCKING]: asValue(locking),
    [TBC_MODULE]: asValue(tbc),
    // the money ledger the guard reads: empty here (its rules: paid-collection.unit.spec.ts)
    [ContainerRegistrationKeys.PG_CONNECTION]: asValue({ raw: async () => ({ rows: [] }) }),
  })
  return { container, created, deleted, rows, events }
}

const run = (app: ReturnType<typeof fakeApp>, provider_id: string, data?: Record<string, unknown>) =>
  createTbcPaymentSessionWorkflow(app.container).run({
    input: { payment_collection_id: "pay_col_1", provider_id, data },
  })

describe("createTbcPaymentSessionWorkflow", () => {
  it("hands Medusa the server's products and records the installment application of the new session", async () => {
    const app = fakeApp()
    const { result } = await run(app, "pp_tbc-installments_tbc", { installmentProducts: FORGED })
    expect(result).toMatchObject({ id: "payses_1" })
    expect(app.created).toHaveLength(1)
    expect(app.created[0].input.data.installmentProducts).toEqual([
      { name: "Tea (Green) \u00d7 3", price: 30, quantity: 1 },
    ])
    expect(app.rows).toEqual([
      {
        bank_session_id: "bank_app_1",
        payment_session_id: "payses_1",
        payment_collection_id: "pay_col_1",
        cart_id: "cart_1",
        amount: "30",
      },
    ])
    expect(app.deleted).toEqual([])
  })

  it("writes no application row for a checkout session", async () => {
    const app = fakeApp()
    await run(app, "pp_tbc-checkout_tbc", {})
    expect(app.created).toHaveLength(1)
    expect(app.rows).toEqual([])
  })

  it("compensation: when the application row cannot be written, the new session is deleted again", async () => {
    const app = fakeApp({ rowFails: true })
    const failure = await run(app, "pp_tbc-installments_tbc").catch((error: unknown) => error)
    expect(failure).toMatchObject({ message: expect.stringMatching(/database unavailable/) })
    expect(app.created).toHaveLength(1)
    // Medusa's creation step is compensated: deletePaymentSession → the provider cancels the application
    expect(app.deleted).toEqual(["payses_1"])
  })

  it("refuses a paid collection (400 NOT_ALLOWED) before any session is created", async () => {
    const app = fakeApp({ paid: true })
    const refusal = await run(app, "pp_system_default").catch((error: unknown) => error)
    expect(refusal).toMatchObject({
      type: MedusaError.Types.NOT_ALLOWED,
      message: expect.stringMatching(/already made/),
    })
    expect(app.created).toEqual([])
  })

  it("holds the cart's lock (completeCartWorkflow's) from before the guard reads to after the session exists", async () => {
    const app = fakeApp()
    await run(app, "pp_tbc-checkout_tbc", {})
    // only the collection's cart is read before the lock; every read of the guard comes after it
    expect(app.events.slice(0, 2)).toEqual(["query cart_payment_collection", "acquire cart_1 for 120 s"])
    expect(app.events.slice(2)).toContain("query payment_collection")
    expect(app.events.slice(-2)).toEqual(["create session", "release cart_1"])
  })

  it("gives the cart's lock back when the guard refuses", async () => {
    const app = fakeApp({ paid: true })
    await run(app, "pp_tbc-checkout_tbc", {}).catch(() => undefined)
    expect(app.events.filter((e) => /^(acquire|release|create)/.test(e))).toEqual([
      "acquire cart_1 for 120 s",
      "release cart_1",
    ])
  })

  it("refuses a server-only key for a checkout session with the field and the rule (400)", async () => {
    const app = fakeApp()
    const refusal = await run(app, "pp_tbc-checkout_tbc", { payId: "forged" }).catch((error: unknown) => error)
    expect(refusal).toMatchObject({
      type: MedusaError.Types.INVALID_DATA,
      message: "data.payId: is set by the server and may not be sent",
    })
    expect(app.created).toEqual([])
  })
})
