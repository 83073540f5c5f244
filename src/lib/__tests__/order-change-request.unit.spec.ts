/**
 * The capture from the order's three starts (the items that changed, a bare amount with its
 * reason, the open edit made in Medusa's dashboard) and a bare amount's plan: pure rules the
 * workflow (src/workflows/payments/capture-order-change.ts) decides on before anything is written.
 */
import fc from "fast-check"
import { amountCapturePlan, orderChangeRequestProblem, type OrderChangeRequest } from "../order-change-capture"

const request = (over: Partial<OrderChangeRequest>): OrderChangeRequest => ({
  hasItems: false,
  hasAmount: false,
  hasNote: false,
  openEditId: null,
  ...over,
})

describe("orderChangeRequestProblem", () => {
  it("takes each start alone", () => {
    expect(orderChangeRequestProblem(request({ hasItems: true }))).toBeNull()
    expect(orderChangeRequestProblem(request({ hasAmount: true, hasNote: true }))).toBeNull()
    expect(orderChangeRequestProblem(request({ openEditId: "ordch_1" }))).toBeNull()
  })

  it("refuses two starts at once, or none, naming the field", () => {
    expect(orderChangeRequestProblem(request({ hasItems: true, hasAmount: true, hasNote: true }))).toMatch(
      /^amount: give either the items that changed or an amount/
    )
    expect(orderChangeRequestProblem(request({ hasItems: true, openEditId: "ordch_1" }))).toMatch(
      /^items: the order already has an open order edit \(ordch_1\)/
    )
    expect(orderChangeRequestProblem(request({ hasAmount: true, hasNote: true, openEditId: "ordch_1" }))).toMatch(
      /^amount: the order already has an open order edit/
    )
    expect(orderChangeRequestProblem(request({}))).toMatch(/^items: the order has no open order edit/)
  })

  it("asks a bare amount for its reason: the only record of why the order owes less", () => {
    expect(orderChangeRequestProblem(request({ hasAmount: true }))).toMatch(/^note: say why/)
  })
})

describe("amountCapturePlan", () => {
  it("captures the amount, returns the rest of the hold, leaves nothing owed", () => {
    expect(amountCapturePlan({ heldMinor: 5_000, requested: "40.00" })).toEqual({
      kind: "capture",
      captureMinor: 4_000,
      releasedMinor: 1_000,
      owedMinor: 0,
    })
    expect(amountCapturePlan({ heldMinor: 5_000, requested: 50 })).toMatchObject({
      captureMinor: 5_000,
      releasedMinor: 0,
    })
  })

  it("refuses what is not money the hold has, naming the field and the rule", () => {
    expect(amountCapturePlan({ heldMinor: 5_000, requested: "1.005" })).toEqual({
      kind: "refuse",
      message: "amount: must be a number of at most 2 decimals",
    })
    expect(amountCapturePlan({ heldMinor: 5_000, requested: 0 })).toMatchObject({
      message: "amount: must be greater than 0",
    })
    expect(amountCapturePlan({ heldMinor: 5_000, requested: 50.01 })).toMatchObject({
      message: "amount: must be at most the 50.00 held",
    })
    expect(amountCapturePlan({ heldMinor: 5_000, requested: null })).toMatchObject({ kind: "refuse" })
    expect(amountCapturePlan({ heldMinor: 0, requested: 1 })).toMatchObject({
      message: expect.stringMatching(/^payment: /),
    })
  })

  it("accounts for every tetri of the hold, and never takes more than it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 11 }), fc.integer({ min: 1, max: 10 ** 11 }), (held, asked) => {
        const plan = amountCapturePlan({ heldMinor: held, requested: asked / 100 })
        if (asked > held) return plan.kind === "refuse"
        return plan.kind === "capture" && plan.captureMinor === asked && plan.captureMinor + plan.releasedMinor === held
      }),
      { numRuns: 500 }
    )
  })
})
