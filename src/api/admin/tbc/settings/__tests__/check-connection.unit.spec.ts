/**
 * POST /admin/tbc/settings/check-connection's handler against the real sandbox bank: OK with the
 * right credentials, the bank's problem in words (and no credential) with wrong ones, and a
 * readable reason when the bank cannot be reached.
 */
import { startSandbox, type SandboxHandle } from "../../../../../../packages/sandbox/src"
import { getFreePort } from "../../../../../../integration-tests/utils/free-port"
import { POST } from "../check-connection/route"
import { Modules } from "@medusajs/framework/utils"
import { closeSharedBankClients } from "../../../../../lib/bank-client-registry"
import { paymentModuleStandIn } from "../../../../../use-cases/__tests__/payment-module-stand-in"

interface Captured {
  body?: any
}

function configWith(environment: string, checkout: Record<string, unknown>, installments: Record<string, unknown>) {
  return {
    modules: {
      payment: {
        options: {
          providers: [
            {
              resolve: "./src/providers/tbc-checkout",
              id: "tbc",
              options: {
                environment,
                storeUrl: "http://127.0.0.1:9000",
                returnUrl: "https://shop.example.ge/checkout/return",
                ...checkout,
              },
            },
            { resolve: "./src/providers/tbc-installments", id: "tbc", options: { environment, ...installments } },
          ],
        },
      },
    },
  }
}

async function runCheck(configModule: unknown): Promise<any[]> {
  const captured: Captured = {}
  // the providers are built as Medusa builds them (on first use), each with its own bank client
  closeSharedBankClients()
  const payment = paymentModuleStandIn(configModule)
  const resolve = (key: string) => (key === Modules.PAYMENT ? payment : configModule)
  const req = { scope: { resolve }, query: {}, params: {}, body: {} }
  const res = { json: (body: unknown) => (captured.body = body) }
  await POST(req as any, res as any)
  return captured.body.results
}

const GOOD_CHECKOUT = { apiKey: "sandbox-apikey", clientId: "sandbox-client", clientSecret: "sandbox-client-secret" }
const GOOD_INSTALLMENTS = {
  apiKey: "sandbox-inst-key",
  apiSecret: "sandbox-inst-secret",
  merchantKey: "SandboxMerchant",
}

describe("check-connection", () => {
  let sandbox: SandboxHandle
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, strict: true })
  })
  afterAll(() => sandbox.close())

  it("reports OK for both providers with the sandbox's credentials", async () => {
    const results = await runCheck(configWith(sandbox.url, GOOD_CHECKOUT, GOOD_INSTALLMENTS))
    expect(results).toEqual([
      expect.objectContaining({ provider_id: "pp_tbc-checkout_tbc", ok: true, problem: null }),
      expect.objectContaining({ provider_id: "pp_tbc-installments_tbc", ok: true, problem: null }),
    ])
    expect(typeof results[0].latency_ms).toBe("number")
  })

  it("reports the bank's refusal in words for wrong credentials, without echoing them", async () => {
    const wrongSecret = "WrongSecretXy12Z"
    const wrongInstSecret = "WrongInstSecQ77"
    const results = await runCheck(
      configWith(
        sandbox.url,
        { ...GOOD_CHECKOUT, clientSecret: wrongSecret },
        { ...GOOD_INSTALLMENTS, apiSecret: wrongInstSecret }
      )
    )
    for (const result of results) {
      expect(result.ok).toBe(false)
      // The bank's problem-JSON, in words: e.g. "Unauthorized" / "invalid client credentials".
      expect(result.problem.status).toBe(401)
      expect(result.problem.title.length).toBeGreaterThan(3)
      expect(typeof result.problem.detail).toBe("string")
    }
    const json = JSON.stringify(results)
    for (const secret of [wrongSecret, wrongInstSecret, "sandbox-client-secret", "sandbox-inst-secret"]) {
      expect(json).not.toContain(secret)
    }
  })

  it("says the bank could not be reached when nothing listens", async () => {
    const port = await getFreePort()
    const results = await runCheck(configWith(`http://127.0.0.1:${port}`, GOOD_CHECKOUT, GOOD_INSTALLMENTS))
    expect(results.map((r) => [r.ok, r.problem.title])).toEqual([
      [false, "The bank could not be reached"],
      [false, "The bank could not be reached"],
    ])
  })

  it("names the broken option when the environment is invalid", async () => {
    const results = await runCheck(configWith("not a url", GOOD_CHECKOUT, GOOD_INSTALLMENTS))
    expect(results[0].ok).toBe(false)
    expect(`${results[0].problem.title} ${results[0].problem.detail}`).toMatch(/environment/)
  })
})
