/**
 * The request budget: the pure arithmetic (property tests) and the client inside a budget against
 * a stub bank that never answers (how many attempts reach the bank, what error comes back).
 */
import fc from "fast-check"
import {
  attemptTimeoutMs,
  bankShareMs,
  MEDUSA_RESERVE_MS,
  mayRetryWithin,
  MIN_ATTEMPT_MS,
  RequestBudget,
  TbcBudgetExceededError,
} from "../budget"
import { TbcClient } from "../client"
import { TbcApiError } from "../errors"
import { CHECKOUT_CREDS, startStubBank, TOKEN_ROUTES, type StubBank } from "./stub-bank"
import { advanceVirtualDate, useVirtualDate } from "./virtual-date"

const DETAILS = "GET /v1/tpay/payments/p1"

/** Replays a request's attempts with the pure rules: every attempt hangs until its timeout. */
function simulateHangingBank(budgetMs: number, perAttemptMs: number, maxRetries: number, backoffs: number[]) {
  let elapsed = 0
  const attempts: number[] = []
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    const timeout = attemptTimeoutMs(perAttemptMs, budgetMs - elapsed)
    if (timeout === undefined) break
    attempts.push(timeout)
    elapsed += timeout
    const delay = backoffs[attempt] ?? 0
    if (attempt === maxRetries || !mayRetryWithin(budgetMs - elapsed, delay)) break
    elapsed += delay
  }
  return { elapsed, attempts }
}

describe("budget arithmetic", () => {
  it("examples: an attempt gets the per-attempt timeout or what is left, never a sliver", () => {
    expect(attemptTimeoutMs(15_000, 12_000)).toBe(12_000)
    expect(attemptTimeoutMs(2_000, 12_000)).toBe(2_000)
    expect(attemptTimeoutMs(15_000, MIN_ATTEMPT_MS - 1)).toBeUndefined()
    expect(mayRetryWithin(1_000, 700)).toBe(true)
    expect(mayRetryWithin(1_000, 800)).toBe(false)
  })

  it("a whole request (attempts and back-offs) never outlasts its budget, and each attempt respects timeoutMs", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 60_000 }),
        fc.integer({ min: 1, max: 120_000 }),
        fc.integer({ min: 0, max: 10 }),
        fc.array(fc.integer({ min: 0, max: 70_000 }), { maxLength: 11 }),
        (budget, perAttempt, maxRetries, backoffs) => {
          const { elapsed, attempts } = simulateHangingBank(budget, perAttempt, maxRetries, backoffs)
          expect(elapsed).toBeLessThanOrEqual(budget)
          expect(attempts.length).toBeGreaterThanOrEqual(1)
          expect(attempts.length).toBeLessThanOrEqual(maxRetries + 1)
          for (const t of attempts) {
            expect(t).toBeLessThanOrEqual(perAttempt)
            expect(t).toBeGreaterThanOrEqual(Math.min(perAttempt, MIN_ATTEMPT_MS))
          }
        }
      )
    )
  })

  it("without a budget the same hanging bank costs (maxRetries + 1) × timeoutMs: the budget is what bounds it", () => {
    const unbounded = 3 * 15_000
    const { elapsed } = simulateHangingBank(12_000, 15_000, 2, [200, 400])
    expect(elapsed).toBe(12_000)
    expect(elapsed).toBeLessThan(unbounded)
  })

  it("the bank's share leaves Medusa a quarter of the budget, at most 1 s, and never less than ¾ to the bank", () => {
    expect(bankShareMs(12_000)).toBe(11_000)
    expect(bankShareMs(3_000)).toBe(2_250)
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 60_000 }), (budget) => {
        const share = bankShareMs(budget)
        expect(share).toBeLessThan(budget)
        expect(share).toBeGreaterThanOrEqual(Math.ceil((budget * 3) / 4))
        expect(budget - share).toBeLessThanOrEqual(MEDUSA_RESERVE_MS)
      })
    )
  })

  it("race: the work's answer when in time, TbcBudgetExceededError when not", async () => {
    await expect(new RequestBudget(1_000).race(Promise.resolve(7), "x")).resolves.toBe(7)
    const never = new Promise<number>(() => undefined)
    await expect(new RequestBudget(50).race(never, "access token")).rejects.toBeInstanceOf(TbcBudgetExceededError)
    let now = 0
    const spent = new RequestBudget(100, () => now)
    now = 100
    expect(spent.remainingMs()).toBe(0)
    await expect(spent.race(never, "x")).rejects.toMatchObject({ kind: "timeout", budgetMs: 100 })
  })
})

describe("a client request inside a budget, the bank hanging", () => {
  let bank: StubBank
  const clients: TbcClient[] = []
  const clientFor = (timeoutMs = 15_000) => {
    const c = new TbcClient({
      environment: bank.url,
      checkout: CHECKOUT_CREDS,
      retryBaseMs: 5,
      maxRetries: 2,
      timeoutMs,
    })
    clients.push(c)
    return c
  }
  beforeEach(async () => {
    bank = await startStubBank()
  })
  afterEach(async () => {
    clients.splice(0).forEach((c) => c.close())
    await bank.close()
  })

  it("the token endpoint is asked once (no retries) and the request fails as over budget", async () => {
    bank.on(TOKEN_ROUTES.checkout, () => "hang")
    const started = Date.now()
    const error = await clientFor()
      .within(1_000)
      .checkout.getPayment("p1")
      .catch((e) => e)
    expect(error).toBeInstanceOf(TbcBudgetExceededError)
    expect(Date.now() - started).toBeLessThan(1_000 + 1_000)
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
    expect(bank.count(DETAILS)).toBe(0)
  })

  it("a hanging GET is retried only while the budget leaves room; outside a budget it gets every retry", async () => {
    // The budget reads a virtual clock that charges each hanging attempt its whole 400 ms as it
    // reaches the bank (the attempts' timeouts stay real). The attempt count then follows from the
    // budget rules alone, not from how busy the machine is: on the real clock a loaded machine ate
    // the room for the second attempt.
    useVirtualDate()
    try {
      bank.on(DETAILS, () => {
        advanceVirtualDate(400)
        return "hang"
      })
      const error = await clientFor(400)
        .within(1_000)
        .checkout.getPayment("p1")
        .catch((e) => e)
      expect(error).toBeInstanceOf(TbcBudgetExceededError)
      // 400 + 400 + (200 left: no third attempt)
      expect(bank.count(DETAILS)).toBe(2)
      await expect(clientFor(400).checkout.getPayment("p1")).rejects.not.toBeInstanceOf(TbcBudgetExceededError)
      expect(bank.count(DETAILS)).toBe(2 + 3)
    } finally {
      jest.useRealTimers()
    }
  })

  it("waits for a token another caller is fetching only as long as its own budget", async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    bank.on(TOKEN_ROUTES.checkout, async () => {
      await gate
      return { body: { access_token: "tok-late-123456", token_type: "Bearer", expires_in: 3600 } }
    })
    bank.on(DETAILS, () => ({ body: { payId: "p1", status: "Created" } }))
    const client = clientFor()
    const background = client.checkout.getPayment("p1") // a job: fetches the token, no budget
    await expect(client.within(300).checkout.getPayment("p1")).rejects.toBeInstanceOf(TbcBudgetExceededError)
    release()
    await expect(background).resolves.toMatchObject({ payId: "p1" })
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
  })

  it("answers within the budget are untouched, errors that are not timeouts stay what they are", async () => {
    bank.on(DETAILS, (_r, n) =>
      n === 1 ? { body: { payId: "p1", status: "Succeeded" } } : { status: 404, body: { status: 404 } }
    )
    const client = clientFor()
    await expect(client.within(2_000).checkout.getPayment("p1")).resolves.toMatchObject({ status: "Succeeded" })
    await expect(client.within(2_000).checkout.getPayment("p1")).rejects.toBeInstanceOf(TbcApiError)
  })
})
