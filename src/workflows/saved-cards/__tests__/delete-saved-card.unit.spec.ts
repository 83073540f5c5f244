/**
 * The tbc-delete-saved-card workflow against the local sandbox bank, with the tbc module faked:
 * ownership first (someone else's card is a 404 and the bank is not called), the bank's "not
 * found" counts as deleted, a bank failure leaves the row untouched. The happy path with a card
 * the bank really saved is integration-tests/http/checkout-saved-cards.app.ts.
 */
import { asValue } from "@medusajs/framework/awilix"
import { ContainerRegistrationKeys, createMedusaContainer, MedusaError, Modules } from "@medusajs/framework/utils"
import { SANDBOX_DEFAULTS, startSandbox, type SandboxHandle } from "../../../../packages/sandbox/src"
import { sealCardToken } from "../../../lib/card-token-at-rest"
import { TBC_MODULE } from "../../../modules/tbc"
import { deleteSavedCardWorkflow } from "../delete-saved-card"
import { closeSharedBankClients } from "../../../lib/bank-client-registry"
import { paymentModuleStandIn } from "../../../use-cases/__tests__/payment-module-stand-in"

const PROVIDER_ID = "pp_tbc-checkout_tbc"
const DELETE_PATH = "POST /v1/tpay/payments/{recId}/delete"

let sandbox: SandboxHandle
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, strict: true })
})
afterAll(() => sandbox.close())
beforeEach(() => sandbox.reset())

interface Row {
  id: string
  customer_id: string
  provider_id: string
  status: string
  rec_id: string | null
  card_mask: string | null
}

function appWith(rows: Row[], providers = [{ resolve: "medusa-payment-tbc/providers/tbc-checkout", id: "tbc" }]) {
  const options = {
    apiKey: SANDBOX_DEFAULTS.apiKey,
    clientId: SANDBOX_DEFAULTS.clientId,
    clientSecret: SANDBOX_DEFAULTS.clientSecret,
    environment: sandbox.url,
    returnUrl: "http://localhost:8000/return",
    storeUrl: "http://localhost:9000",
    maxRetries: 0,
  }
  const updates: Record<string, unknown>[] = []
  const tbc = {
    async listSavedCards(filter: { id: string; customer_id: string; status: string[] }) {
      return rows.filter(
        (r) => r.id === filter.id && r.customer_id === filter.customer_id && filter.status.includes(r.status)
      )
    },
    async updateSavedCards(update: Record<string, unknown>) {
      updates.push(update)
    },
  }
  const container = createMedusaContainer()
  const configModule = {
    modules: { [Modules.PAYMENT]: { options: { providers: providers.map((p) => ({ ...p, options })) } } },
  }
  closeSharedBankClients() // each test's providers are built anew, as Medusa builds them on first use
  container.register({
    [TBC_MODULE]: asValue(tbc),
    [ContainerRegistrationKeys.CONFIG_MODULE]: asValue(configModule),
    [Modules.PAYMENT]: asValue(paymentModuleStandIn(configModule)),
    [ContainerRegistrationKeys.LOGGER]: asValue({ info() {}, warn() {}, error() {}, debug() {} }),
  })
  return { container, updates }
}

const card = (over: Partial<Row> = {}): Row => ({
  id: "tbccard_1",
  customer_id: "cus_alice",
  provider_id: PROVIDER_ID,
  status: "active",
  rec_id: sealCardToken("rec-unknown-to-the-bank", SANDBOX_DEFAULTS.clientSecret),
  card_mask: "4111********1111",
  ...over,
})

async function failureOf(run: Promise<unknown>): Promise<MedusaError> {
  try {
    await run
  } catch (error) {
    return error as MedusaError
  }
  throw new Error("expected the workflow to fail")
}

const deletes = () => sandbox.state().calls[DELETE_PATH] ?? 0

describe("tbc-delete-saved-card workflow", () => {
  it("a card the bank no longer knows counts as deleted: the row drops token and mask", async () => {
    const { container, updates } = appWith([card()])
    const { result } = await deleteSavedCardWorkflow(container).run({
      input: { customer_id: "cus_alice", saved_card_id: "tbccard_1" },
    })
    expect(result).toEqual({ id: "tbccard_1", at_bank: "already_gone" })
    expect(deletes()).toBe(1)
    expect(updates).toEqual([
      expect.objectContaining({ id: "tbccard_1", status: "deleted", rec_id: null, card_mask: null }),
    ])
  })

  it("another customer's card is 404, exactly like an unknown one, and the bank is not called", async () => {
    const { container, updates } = appWith([card()])
    for (const input of [
      { customer_id: "cus_bob", saved_card_id: "tbccard_1" },
      { customer_id: "cus_alice", saved_card_id: "tbccard_2" },
    ]) {
      const error = await failureOf(deleteSavedCardWorkflow(container).run({ input }))
      expect(error.type).toBe(MedusaError.Types.NOT_FOUND)
      expect(error.message).toBe(`Saved card ${input.saved_card_id} was not found`)
    }
    expect(deletes()).toBe(0)
    expect(updates).toEqual([])
  })

  it("a bank failure refuses (not allowed, in words, no secret) and leaves the row as it was", async () => {
    const { container, updates } = appWith([card()])
    sandbox.setFaults({ failNext: { count: 1, status: 500, path: DELETE_PATH } })
    const error = await failureOf(
      deleteSavedCardWorkflow(container).run({ input: { customer_id: "cus_alice", saved_card_id: "tbccard_1" } })
    )
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(
      /^Saved card tbccard_1 was not deleted: Could not delete the saved card at the bank: the bank is temporarily unavailable/
    )
    expect(error.message).not.toContain("rec-unknown-to-the-bank")
    expect(updates).toEqual([])
  })

  it("a card whose provider is no longer configured is refused before the bank", async () => {
    const { container, updates } = appWith([card()], [])
    const error = await failureOf(
      deleteSavedCardWorkflow(container).run({ input: { customer_id: "cus_alice", saved_card_id: "tbccard_1" } })
    )
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toBe("Saved card tbccard_1: its payment provider is no longer configured")
    expect(deletes()).toBe(0)
    expect(updates).toEqual([])
  })
})
