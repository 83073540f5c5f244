import { TestBank, call, expectProblem, issueKeys } from "./helpers"

describe("sandbox server: limits, routing, counters, logging, control API", () => {
  const lines: string[] = []
  const bank = TestBank.sharedPerSuite({ logger: (line) => lines.push(line) })
  beforeEach(() => {
    lines.length = 0
  })

  it("refuses bodies over 1 MB with a 413 problem", async () => {
    const big = JSON.stringify({
      amount: { currency: "GEL", total: 1 },
      returnurl: "http://x.test/",
      extra2: "x".repeat(1024 * 1024),
    })
    const answer = await bank.tpay("", big)
    expectProblem(answer, 413)
    expect(bank.sandbox.state().payments).toHaveLength(0)
  })

  it("answers unknown paths with 404 and wrong methods with 405 problems", async () => {
    expectProblem(await call(`${bank.url}/v2/nothing`), 404)
    const wrongMethod = await call(`${bank.url}/v1/tpay/access-token`)
    expectProblem(wrongMethod, 405)
    expect(wrongMethod.body.detail).toContain("GET /v1/tpay/access-token")
  })

  it("counts calls per endpoint template, bank endpoints only, zeroed by reset", async () => {
    const payId = (await bank.createPayment()).body.payId
    await bank.tpay(`/${payId}`)
    await bank.tpay(`/${payId}`)
    await bank.tpay("/unknown")
    await bank.inst("/applications/x/status?merchantKey=SandboxMerchant")
    const calls = bank.sandbox.state().calls
    expect(calls).toMatchObject({
      "POST /v1/tpay/access-token": 1,
      "POST /oauth/token": 1,
      "POST /v1/tpay/payments": 1,
      "GET /v1/tpay/payments/{payId}": 3,
      "GET /v1/online-installments/applications/{sessionId}/status": 1,
      "POST /v1/tpay/payments/{payId}/completion": 0,
      "POST /v1/tpay/payments/execution": 0,
      "POST /v1/tpay/payments/{recId}/delete": 0,
      "POST /v1/online-installments/merchant/applications/status-changes-sync": 0,
    })
    expect(Object.keys(calls).some((key) => key.includes("_sandbox"))).toBe(false)
    await bank.control("/reset", {})
    expect(Object.values(bank.sandbox.state().calls).every((n) => n === 0)).toBe(true)
  })

  it("logs one line per request, never a secret or a token", async () => {
    await bank.tokens()
    await bank.createPayment()
    await call(
      `${bank.url}/v1/online-installments/merchant/applications/status-changes?merchantKey=SandboxMerchant&take=5`,
      {
        headers: { authorization: `Bearer ${bank.installmentToken}` },
      }
    )
    const log = lines.join("\n")
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/v1\/tpay\/access-token → 200 \d+ms$/),
        expect.stringMatching(/^POST \/oauth\/token → 200 \d+ms$/),
        expect.stringMatching(/^POST \/v1\/tpay\/payments → 200 \d+ms$/),
        expect.stringMatching(/^GET \/v1\/online-installments\/merchant\/applications\/status-changes → 200 \d+ms$/),
      ])
    )
    expect(lines).toHaveLength(4)
    for (const secret of [
      bank.checkoutToken,
      bank.installmentToken,
      "sandbox-client-secret",
      "sandbox-inst-secret",
      "sandbox-apikey",
    ]) {
      expect(log).not.toContain(secret)
    }
  })

  it("exposes the sandbox clock, moved by /_sandbox/clock", async () => {
    const before = bank.sandbox.state()
    expect(Math.abs(before.now - Date.now())).toBeLessThan(1000)
    const moved = await bank.control("/clock", { advanceMs: 3_600_000 })
    expect(moved.body.clockOffsetMs).toBe(3_600_000)
    expect(bank.sandbox.state().now - Date.now()).toBeGreaterThan(3_590_000)
    const state = await bank.control("/state")
    expect(state.body.clockOffsetMs).toBe(3_600_000)
    expect(issueKeys(await bank.control("/clock", { advanceMs: -1 }))).toEqual(["advanceMs:min"])
  })

  it("GET /_sandbox/state lists payments with their normalised request, and matches handle.state()", async () => {
    await bank.createPayment({ merchantPaymentId: "m-1", returnUrl: undefined })
    const state = await bank.control("/state")
    expect(state.body.payments).toEqual([
      expect.objectContaining({
        status: "Created",
        amount: 25.5,
        currency: "GEL",
        confirmedAmount: 0,
        returnedAmount: 0,
        preAuth: false,
        paymentMethod: null,
        merchantPaymentId: "m-1",
        request: {
          amount: { currency: "GEL", total: 25.5 },
          returnurl: "http://shop.test/return",
          merchantPaymentId: "m-1",
        },
      }),
    ])
    expect(state.body).toEqual(
      JSON.parse(JSON.stringify({ ...bank.sandbox.state(), now: state.body.now, nowIso: state.body.nowIso }))
    )
  })

  it("validates control bodies naming field and rule", async () => {
    const pay = await bank.control("/payments/x/pay", { method: "card", outcome: "success" })
    expectProblem(pay, 400)
    expect(issueKeys(pay)).toEqual(["method:type"])
    expect(issueKeys(await bank.control("/faults", { errorRate: 2 }))).toEqual(["errorRate:max"])
    expect(issueKeys(await bank.control("/faults", { typo: true }))).toEqual(["body:unrecognized_keys"])
    expect((await bank.control("/health")).body).toMatchObject({ ok: true, url: bank.url })
  })
})
