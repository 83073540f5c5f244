import { TestBank, call, expectProblem } from "./helpers"

describe("sandbox faults", () => {
  const bank = TestBank.sharedPerSuite()

  /** a valid create that stops waiting for the answer after 300 ms (a held request then rejects) */
  const createGivingUpAfter300ms = () =>
    fetch(`${bank.url}/v1/tpay/payments`, {
      method: "POST",
      headers: { ...bank.checkoutHeaders(), "content-type": "application/json" },
      body: JSON.stringify({ amount: { currency: "GEL", total: 1 }, returnurl: "http://x.test/" }),
      signal: AbortSignal.timeout(300),
    })

  it("latencyMs delays bank endpoints, not the control API", async () => {
    await bank.control("/faults", { latencyMs: 1500 })
    const started = Date.now()
    const finished: string[] = []
    const created = bank.createPayment().then(() => finished.push("bank"))
    // asked after the bank call, the control call still answers first: it is not delayed
    await bank.control("/state").then(() => finished.push("control"))
    await created
    expect(finished).toEqual(["control", "bank"])
    // a timer never fires early, so this bound holds however loaded the machine is
    expect(Date.now() - started).toBeGreaterThanOrEqual(1490)
    await bank.control("/faults", { latencyMs: 0 })
  })

  it("errorRate 1 answers 503 problems on bank endpoints; the rate is seeded and repeatable", async () => {
    await bank.control("/faults", { errorRate: 1 })
    const refused = await bank.createPayment()
    expectProblem(refused, 503)
    expect(refused.body.httpStatusCode).toBe(503)
    expect(bank.sandbox.state().payments).toHaveLength(0)
    const statuses = async () => {
      await bank.control("/faults", { reset: true })
      await bank.control("/faults", { errorRate: 0.5 })
      const out: number[] = []
      for (let i = 0; i < 20; i++) out.push((await bank.tpay("/none")).status)
      return out
    }
    const first = await statuses()
    expect(new Set(first)).toEqual(new Set([404, 503]))
    expect(await statuses()).toEqual(first)
  })

  it("failNext fails the next N matching requests with the given status, then recovers", async () => {
    await bank.control("/faults", { failNext: { count: 2, status: 500, path: "POST /v1/tpay/payments" } })
    expect((await bank.tpay("/none")).status).toBe(404) // GET /v1/tpay/payments/none does not match the template
    expectProblem(await bank.createPayment(), 500)
    expectProblem(await bank.createPayment(), 500)
    expect((await bank.createPayment()).status).toBe(200)
    await bank.control("/faults", { failNext: { count: 1, status: 429, path: "/v1/online-installments/*" } })
    expect((await bank.tpay("/none")).status).toBe(404)
    expectProblem(await bank.inst("/applications/x/status?merchantKey=SandboxMerchant"), 429)
    await bank.control("/faults", { failNext: { count: 1, status: 502 } })
    expectProblem(await bank.tpay("/none"), 502)
    expect(bank.sandbox.state().faults.failNext).toMatchObject({ count: 0 })
  })

  it("timeoutNext holds a request unanswered, before the bank acts by default", async () => {
    await bank.control("/faults", { timeoutNext: { count: 1, path: "/v1/tpay/payments" } })
    await expect(createGivingUpAfter300ms()).rejects.toThrow()
    expect(bank.sandbox.state().payments).toHaveLength(0)
    expect((await bank.createPayment()).status).toBe(200)
  })

  it("timeoutNext with afterProcessing: the bank acts but the answer is lost", async () => {
    await bank.control("/faults", { timeoutNext: { count: 1, afterProcessing: true } })
    await expect(createGivingUpAfter300ms()).rejects.toThrow()
    expect(bank.sandbox.state().payments).toHaveLength(1)
  })

  it("close() returns promptly even with a held request", async () => {
    const other = await TestBank.start()
    await other.control("/faults", { timeoutNext: { count: 1 } })
    const pending = call(`${other.url}/v1/tpay/payments/x`).catch((error: unknown) => error)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    await other.close()
    // a held request is never answered on its own: without close() ending it, this would wait for ever
    expect(Date.now() - started).toBeLessThan(3000)
    expect(String(await pending)).toMatch(/fetch failed|terminated|socket/i)
  })

  it("reset: true clears every fault", async () => {
    await bank.control("/faults", {
      latencyMs: 10,
      errorRate: 0.1,
      loseSyncAck: { count: 3 },
      processingExecutions: { count: 2 },
      callbacks: { drop: true },
      detailsNameMerchantPaymentId: true,
    })
    const answer = await bank.control("/faults", { reset: true })
    expect(answer.body.faults).toEqual({
      latencyMs: 0,
      errorRate: 0,
      loseSyncAck: 0,
      processingExecutions: 0,
      detailsNameMerchantPaymentId: false,
    })
  })
})
