import { SandboxProblem, startSandbox } from "../index"
import { TestBank, expectProblem } from "./helpers"

describe("SandboxHandle in-process helpers", () => {
  let bank: TestBank
  beforeAll(async () => {
    bank = await TestBank.start()
    await bank.tokens()
  })
  afterAll(() => bank.close())

  it("pay / advanceClock / setFaults / setApplicationStatus / reset act like the control API", async () => {
    const { sandbox } = bank
    const payId = (await bank.createPayment({ expirationMinutes: 1 })).body.payId
    sandbox.pay(payId, { method: 5, outcome: "success" })
    expect((await bank.tpay(`/${payId}`)).body.status).toBe("Succeeded")
    expect(() => sandbox.pay(payId, { method: 5, outcome: "success" })).toThrow(SandboxProblem)
    expect(() => sandbox.pay("nope", { method: 5, outcome: "success" })).toThrow(/not found/)

    const pending = (await bank.createPayment({ expirationMinutes: 1 })).body.payId
    const before = sandbox.state().now
    expect(sandbox.advanceClock(61_000)).toBeGreaterThanOrEqual(before + 61_000)
    expect(sandbox.state().payments.find((p) => p.payId === pending)?.status).toBe("Expired")
    expect(() => sandbox.advanceClock(-1)).toThrow(SandboxProblem)

    const created = await bank.inst("/applications", {
      body: { merchantKey: "SandboxMerchant", priceTotal: 150, products: [{ name: "x", price: 150, quantity: 1 }] },
    })
    sandbox.setApplicationStatus(created.body.sessionId, 2)
    expect(sandbox.state().feed).toEqual([expect.objectContaining({ sessionId: created.body.sessionId, statusId: 2 })])
    expect(() => sandbox.setApplicationStatus(created.body.sessionId, 99)).toThrow(SandboxProblem)

    sandbox.setFaults({ failNext: { count: 1, status: 500 } })
    expectProblem(await bank.tpay(`/${payId}`), 500)
    expect(() => sandbox.setFaults({ errorRate: 5 } as never)).toThrow(SandboxProblem)

    sandbox.reset()
    const state = sandbox.state()
    expect(state.payments).toHaveLength(0)
    expect(state.applications).toHaveLength(0)
    expect(state.clockOffsetMs).toBe(0)
  })

  it("several sandboxes run side by side with their own credentials and state", async () => {
    const other = await startSandbox({ apiKey: "other-key", port: 0, strict: true })
    try {
      expect(other.port).not.toBe(bank.sandbox.port)
      expect(other.url).toBe(`http://127.0.0.1:${other.port}`)
      const refused = await fetch(`${other.url}/v1/tpay/access-token`, {
        method: "POST",
        headers: { apikey: "sandbox-apikey", "content-type": "application/x-www-form-urlencoded" },
        body: "client_id=sandbox-client&client_secret=sandbox-client-secret",
      })
      expect(refused.status).toBe(401)
      expect(other.state().payments).toHaveLength(0)
    } finally {
      await other.close()
    }
  })

  it("uses publicUrl for the links it hands out", async () => {
    const behindProxy = await startSandbox({ publicUrl: "http://bank.local:8080/", strict: true })
    try {
      expect(behindProxy.url).toBe("http://bank.local:8080")
      const health = await fetch(`http://127.0.0.1:${behindProxy.port}/_sandbox/health`)
      expect(((await health.json()) as { url: string }).url).toBe("http://bank.local:8080")
    } finally {
      await behindProxy.close()
    }
  })
})
