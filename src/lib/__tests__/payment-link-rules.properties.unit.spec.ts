/**
 * The pure rules of TBC payment links (../payment-link-rules.ts) and the contract's input schemas
 * (../payment-links.ts): examples, then properties over random links, ledger charges, orders and
 * clocks: the amount asked is what the order owes; a link is payable only while open, unexpired
 * and owed exactly its amount; a link whose bank payment holds or took money is paid whatever its
 * row says; the token matches only itself.
 */
import fc from "fast-check"
import { propertyRuns } from "./property-runs"
import {
  closeReasonOf,
  createLinkVerdict,
  hasEmailChannel,
  hashLinkToken,
  linkExpiresAt,
  linkPageUrl,
  linkStatusOf,
  newLinkToken,
  payVerdict,
  tokenMatches,
  type LinkCharge,
  type LinkFacts,
} from "../payment-link-rules"
import { CHARGE_STATES } from "../ledger/states"
import {
  createPaymentLinkBodySchema,
  PAYMENT_LINK_CLOSED_REASONS,
  payPaymentLinkBodySchema,
  paymentLinkIdSchema,
} from "../payment-links"
import { zodProblems } from "../zod-problems"

const RUNS = propertyRuns(2_000)
const NOW = new Date("2026-12-02T08:00:00Z")
const HOUR = 3_600_000
const link = (over: Partial<LinkFacts> = {}): LinkFacts => ({
  status: "open",
  closed_reason: null,
  expires_at: new Date(NOW.getTime() + HOUR),
  amount: 10_000,
  ...over,
})
const web = (state: string): LinkCharge => ({ kind: "web", state })
const order = (owedMinor: number, status = "pending") => ({ owedMinor, status, currency_code: "gel" })

describe("payment link rules", () => {
  it("opens a link for exactly what is owed; refuses naming order_id; replaces an open link; waits for one being paid", () => {
    expect(createLinkVerdict(order(12_345), [])).toEqual({ kind: "create", amountMinor: 12_345, replaces: [] })
    expect(
      createLinkVerdict(order(500), [
        { id: "a", status: "open" },
        { id: "b", status: "closed" },
      ])
    ).toEqual({
      kind: "create",
      amountMinor: 500,
      replaces: ["a"],
    })
    expect(createLinkVerdict(order(0), [])).toMatchObject({ message: "order_id: the order owes nothing" })
    expect(createLinkVerdict(order(10, "canceled"), [])).toMatchObject({ message: "order_id: the order is canceled" })
    expect(createLinkVerdict({ ...order(10), currency_code: "usd" }, [])).toMatchObject({
      message: "order_id: the order is in USD; a TBC payment link is in GEL only",
    })
    expect(createLinkVerdict(order(10), [{ id: "a", status: "paying" }])).toMatchObject({ conflict: true })
    // a hold Medusa counts as owed: its collection workflow would cancel the hold for the link
    expect(createLinkVerdict({ ...order(10), held: true }, [])).toMatchObject({
      message: expect.stringMatching(/^order_id: the order's payment is held at the bank, not captured/),
    })
    expect(payVerdict(link(), [], { ...order(10_000), held: true }, NOW)).toMatchObject({
      kind: "refuse",
      conflict: true,
    })
  })

  it("sees an e-mail notification provider only where the store configured one", () => {
    expect(hasEmailChannel(undefined)).toBe(false)
    // Medusa's default: the local provider, channel "feed"
    const feed = {
      resolve: "@medusajs/medusa/notification",
      options: { providers: [{ options: { channels: ["feed"] } }] },
    }
    expect(hasEmailChannel({ notification: feed })).toBe(false)
    const email = { ...feed, options: { providers: [{ id: "sendgrid", options: { channels: ["email"] } }] } }
    expect(hasEmailChannel({ notification: email })).toBe(true)
    expect(hasEmailChannel([email])).toBe(true)
    expect(hasEmailChannel({ payment: { options: { providers: [{ options: { channels: ["email"] } }] } } })).toBe(false)
  })

  it("derives the status: paid from the ledger's money, paying while a bank page or answer is out, expired by the clock", () => {
    expect(linkStatusOf(link(), [], NOW)).toBe("open")
    expect(linkStatusOf(link(), [web("created")], NOW)).toBe("paying")
    expect(linkStatusOf(link(), [web("uncertain")], NOW)).toBe("paying")
    expect(linkStatusOf(link(), [web("expired"), web("paid")], NOW)).toBe("paid")
    expect(linkStatusOf(link({ status: "closed", closed_reason: "order_canceled" }), [web("held")], NOW)).toBe("paid")
    expect(linkStatusOf(link({ expires_at: NOW }), [web("refused")], NOW)).toBe("expired")
    expect(linkStatusOf(link({ status: "closed", closed_reason: "expired" }), [], NOW)).toBe("expired")
    expect(linkStatusOf(link({ status: "closed", closed_reason: "merchant" }), [], NOW)).toBe("closed")
  })

  it("pays an open link for its amount, resumes an open bank page, closes for a change, refuses what is not payable", () => {
    expect(payVerdict(link(), [web("expired")], order(10_000), NOW)).toEqual({ kind: "pay", amountMinor: 10_000 })
    expect(payVerdict(link(), [web("created")], order(10_000), NOW)).toEqual({ kind: "resume" })
    expect(payVerdict(link(), [], order(9_000), NOW)).toMatchObject({ kind: "close", reason: "order_changed" })
    expect(payVerdict(link(), [], order(0), NOW)).toMatchObject({ kind: "close", reason: "paid_elsewhere" })
    expect(payVerdict(link(), [], order(10_000, "canceled"), NOW)).toMatchObject({ reason: "order_canceled" })
    expect(payVerdict(link({ expires_at: NOW }), [], order(10_000), NOW)).toMatchObject({
      kind: "refuse",
      message: "id: this link has expired",
    })
    expect(payVerdict(link(), [web("paid")], order(0), NOW)).toMatchObject({ message: "id: this link is already paid" })
    expect(payVerdict(link(), [web("processing")], order(10_000), NOW)).toMatchObject({
      kind: "refuse",
      conflict: true,
    })
  })

  it("builds the shopper's page beside the store's return page; the bank's return carries no token", () => {
    const token = newLinkToken()
    expect(linkPageUrl("https://shop.ge/ge/tbc/return", "tbcpl_01ABCDEFGH", token)).toBe(
      `https://shop.ge/ge/tbc/pay/tbcpl_01ABCDEFGH?token=${token}`
    )
    expect(linkPageUrl("https://shop.ge/ge/tbc/return?x=1#y", "tbcpl_01ABCDEFGH")).toBe(
      "https://shop.ge/ge/tbc/pay/tbcpl_01ABCDEFGH?returned=1"
    )
    expect(linkExpiresAt(NOW).getTime() - NOW.getTime()).toBe(72 * HOUR)
    expect(linkExpiresAt(NOW, 1).getTime() - NOW.getTime()).toBe(HOUR)
  })

  it("the contract's schemas refuse bad input naming the field and the rule", () => {
    const problems = (input: unknown) => {
      const parsed = createPaymentLinkBodySchema.safeParse(input)
      return parsed.success ? [] : zodProblems(parsed.error.issues).map((p) => `${p.field}: ${p.message}`)
    }
    expect(problems({ order_id: "order_1", expires_in_hours: 72 })).toEqual([])
    expect(problems({})).toEqual(["order_id: is required"])
    expect(problems({ order_id: "order_1", expires_in_hours: 1.5 })).toEqual([
      "expires_in_hours: must be a whole number of hours",
    ])
    expect(problems({ order_id: "order_1", notify_customer: "yes" })).toEqual([
      "notify_customer: must be true or false",
    ])
    expect(payPaymentLinkBodySchema.safeParse({ token: "a".repeat(43), language: "DE" }).success).toBe(false)
    expect(paymentLinkIdSchema.safeParse("tbcpl_01JABCDEFGHJKMNPQRSTVWXYZ0").success).toBe(true)
    expect(paymentLinkIdSchema.safeParse("order_01").success).toBe(false)
  })

  const chargeArb = fc.constantFrom(...CHARGE_STATES).map(web)
  const linkArb = fc.record({
    status: fc.constantFrom("open" as const, "paid" as const, "closed" as const),
    closed_reason: fc.option(fc.constantFrom(...PAYMENT_LINK_CLOSED_REASONS), { nil: null }),
    expires_at: fc.integer({ min: -48, max: 48 }).map((h) => new Date(NOW.getTime() + h * HOUR)),
    amount: fc.integer({ min: 1, max: 10_000_000 }),
  })
  const owedArb = (amount: number) => fc.oneof(fc.constant(amount), fc.integer({ min: 0, max: 10_000_000 }))

  it(`never pays a link twice, nor one expired, closed or for another amount (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        linkArb.chain((l) => fc.tuple(fc.constant(l), owedArb(l.amount), fc.boolean())),
        fc.array(chargeArb, { maxLength: 4 }),
        ([l, owed, canceled], charges) => {
          const verdict = payVerdict(l, charges, order(owed, canceled ? "canceled" : "pending"), NOW)
          const status = linkStatusOf(l, charges, NOW)
          if (verdict.kind === "pay") {
            // a fresh bank payment only for an open link, unexpired, owed exactly its amount, with
            // no bank payment of it holding, taking or possibly taking money
            expect(status).toBe("open")
            expect(verdict.amountMinor).toBe(l.amount)
            expect(owed).toBe(l.amount)
            expect(canceled).toBe(false)
            expect(l.expires_at.getTime()).toBeGreaterThan(NOW.getTime())
            expect(charges.every((c) => ["refused", "returned", "expired"].includes(String(c.state)))).toBe(true)
          }
          if (verdict.kind === "resume") expect(charges.some((c) => c.state === "created")).toBe(true)
          if (charges.some((c) => c.state === "held" || c.state === "paid")) {
            expect(status).toBe("paid")
            expect(verdict.kind).toBe("refuse")
          }
        }
      ),
      { numRuns: RUNS }
    )
  })

  it(`asks for what the order owes, and a live link closes exactly when the order no longer owes its amount (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_000_000 }), linkArb, fc.boolean(), (owed, l, canceled) => {
        const verdict = createLinkVerdict(order(owed, canceled ? "canceled" : "pending"), [])
        if (verdict.kind === "create") expect([verdict.amountMinor, owed > 0, canceled]).toEqual([owed, true, false])
        else expect(owed <= 0 || canceled).toBe(true)
        const reason = closeReasonOf(l, order(Math.max(0, owed), canceled ? "canceled" : "pending"), NOW)
        const stillGood = !canceled && owed === l.amount && l.expires_at.getTime() > NOW.getTime()
        expect(reason === undefined).toBe(stillGood)
      }),
      { numRuns: RUNS }
    )
  })

  it(`a token matches its own hash only, in constant time over equal-length digests (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), fc.string({ minLength: 1, maxLength: 64 }), (a, b) => {
        expect(tokenMatches(hashLinkToken(a), a)).toBe(true)
        expect(tokenMatches(hashLinkToken(a), b)).toBe(a === b)
        expect(tokenMatches("not-hex", a)).toBe(false)
      }),
      { numRuns: RUNS }
    )
    const tokens = new Set(Array.from({ length: 200 }, newLinkToken))
    expect(tokens.size).toBe(200)
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
