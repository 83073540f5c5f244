import { TestBank, startReceiver, waitFor } from "./helpers"

describe("sandbox payment callbacks", () => {
  let bank: TestBank
  let receiver: Awaited<ReturnType<typeof startReceiver>>

  async function setup(statuses: number[] = [], options: Parameters<typeof TestBank.start>[0] = {}) {
    receiver = await startReceiver(statuses)
    bank = await TestBank.start({
      callbackRetryMs: 20,
      callbackAttempts: 3,
      defaultCallbackUrl: receiver.url,
      ...options,
    })
    await bank.tokens()
  }
  afterEach(async () => {
    await bank.close()
    await receiver.close()
  })

  const paymentIds = () => receiver.bodies.map((b) => JSON.parse(b.raw).PaymentId)

  it('POSTs exactly {"PaymentId"} as application/json on Succeeded', async () => {
    await setup()
    const payId = await bank.paidPayment({ callbackUrl: receiver.url })
    await waitFor(() => receiver.bodies.length === 1)
    expect(receiver.bodies[0].raw).toBe(JSON.stringify({ PaymentId: payId }))
    expect(receiver.bodies[0].contentType).toBe("application/json")
    await waitFor(() => bank.sandbox.state().callbacks[0]?.delivered === true)
    expect(bank.sandbox.state().callbacks).toEqual([
      expect.objectContaining({
        payId,
        url: receiver.url,
        status: "Succeeded",
        attempts: 1,
        delivered: true,
        dropped: false,
      }),
    ])
  })

  it("retries with backoff until the receiver answers 200", async () => {
    await setup([500, 503])
    const payId = await bank.paidPayment({ callbackUrl: receiver.url })
    await waitFor(() => bank.sandbox.state().callbacks[0]?.delivered === true)
    expect(paymentIds()).toEqual([payId, payId, payId])
    const gaps = [receiver.bodies[1].at - receiver.bodies[0].at, receiver.bodies[2].at - receiver.bodies[1].at]
    expect(gaps[0]).toBeGreaterThanOrEqual(15) // 20 ms base
    expect(gaps[1]).toBeGreaterThanOrEqual(35) // doubled
    expect(bank.sandbox.state().callbacks[0]).toMatchObject({ attempts: 3, delivered: true, lastResponseStatus: 200 })
  })

  it("gives up after callbackAttempts when the receiver never answers 200", async () => {
    await setup([500, 500, 500, 500, 500])
    await bank.paidPayment({ callbackUrl: receiver.url })
    await waitFor(() => bank.sandbox.state().callbacks[0]?.attempts === 3)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(receiver.bodies).toHaveLength(3)
    expect(bank.sandbox.state().callbacks[0]).toMatchObject({ delivered: false, lastResponseStatus: 500 })
  })

  it("records a network error and retries when nobody listens", async () => {
    await setup()
    await bank.paidPayment({ callbackUrl: "http://127.0.0.1:1/cb" })
    await waitFor(() => bank.sandbox.state().callbacks[0]?.attempts === 3)
    expect(bank.sandbox.state().callbacks[0]).toMatchObject({ delivered: false, lastError: expect.any(String) })
  })

  it("calls back on Failed, Expired, WaitingConfirm, completion, PartialReturned and Returned", async () => {
    await setup()
    const failed = (await bank.createPayment({ callbackUrl: receiver.url })).body.payId
    await bank.control(`/payments/${failed}/pay`, { method: 5, outcome: "decline" })
    const expired = (await bank.createPayment({ callbackUrl: receiver.url, expirationMinutes: 1 })).body.payId
    await bank.control("/clock", { advanceMs: 61_000 })
    const held = await bank.paidPayment({ callbackUrl: receiver.url, preAuth: true })
    await bank.tpay(`/${held}/completion`, { amount: 20 })
    await bank.tpay(`/${held}/cancel`, { amount: 5 })
    await bank.tpay(`/${held}/cancel`, {})
    await waitFor(() => receiver.bodies.length === 6)
    expect(bank.sandbox.state().callbacks.map((c) => [c.payId, c.status])).toEqual([
      [failed, "Failed"],
      [expired, "Expired"],
      [held, "WaitingConfirm"],
      [held, "Succeeded"],
      [held, "PartialReturned"],
      [held, "Returned"],
    ])
  })

  it("uses the merchant default callback URL for payments without one (saved-card executions)", async () => {
    await setup()
    await bank.paidPayment({ saveCard: true })
    const recId = bank.sandbox.state().savedCards[0].recId
    const executed = await bank.tpay("/execution", { recId, money: { amount: 1, currency: "GEL" } })
    await waitFor(() => receiver.bodies.length === 2)
    expect(paymentIds()[1]).toBe(executed.body.payId)
  })

  it("faults: drop, duplicate, delay, limited to one payment", async () => {
    await setup()
    await bank.control("/faults", { callbacks: { drop: true } })
    const dropped = await bank.paidPayment({ callbackUrl: receiver.url })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(receiver.bodies).toHaveLength(0)
    expect(bank.sandbox.state().callbacks[0]).toMatchObject({ payId: dropped, dropped: true, attempts: 0 })

    await bank.control("/faults", { callbacks: { duplicate: 2 } })
    const duplicated = await bank.paidPayment({ callbackUrl: receiver.url })
    await waitFor(() => receiver.bodies.length === 3)
    expect(paymentIds()).toEqual([duplicated, duplicated, duplicated])

    await bank.control("/faults", { callbacks: { delayMs: 300 } })
    const started = Date.now()
    await bank.paidPayment({ callbackUrl: receiver.url })
    await waitFor(() => receiver.bodies.length === 4)
    expect(receiver.bodies[3].at - started).toBeGreaterThanOrEqual(280)

    const target = (await bank.createPayment({ callbackUrl: receiver.url })).body.payId
    await bank.control("/faults", { callbacks: { drop: true, payId: target } })
    const other = await bank.paidPayment({ callbackUrl: receiver.url })
    await bank.control(`/payments/${target}/pay`, { method: 5, outcome: "success" })
    await waitFor(() => receiver.bodies.length === 5)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(paymentIds().slice(4)).toEqual([other])

    await bank.control("/faults", { reset: true })
    expect(bank.sandbox.state().faults.callbacks).toBeUndefined()
  })
})
