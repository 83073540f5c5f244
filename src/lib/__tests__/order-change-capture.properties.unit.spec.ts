import fc from "fast-check"
import { orderChangeCapturePlan, orderChangeItemProblems } from "../order-change-capture"
import { propertyRuns } from "./property-runs"

describe("orderChangeCapturePlan", () => {
  it("captures a lowered total from the hold and returns the rest to the card", () => {
    expect(orderChangeCapturePlan({ heldMinor: 5_000, newTotalMinor: 3_250 })).toEqual({
      kind: "capture",
      captureMinor: 3_250,
      releasedMinor: 1_750,
      owedMinor: 0,
    })
  })

  it("takes the whole hold for a raised total and leaves the difference owed", () => {
    expect(orderChangeCapturePlan({ heldMinor: 5_000, newTotalMinor: 6_001 })).toEqual({
      kind: "capture",
      captureMinor: 5_000,
      releasedMinor: 0,
      owedMinor: 1_001,
    })
  })

  it("refuses a change that leaves nothing to pay, or a payment with nothing held, naming the field", () => {
    expect(orderChangeCapturePlan({ heldMinor: 5_000, newTotalMinor: 0 })).toMatchObject({
      kind: "refuse",
      message: expect.stringMatching(/^items: .*cancel the order instead/),
    })
    expect(orderChangeCapturePlan({ heldMinor: 0, newTotalMinor: 100 })).toMatchObject({
      kind: "refuse",
      message: expect.stringMatching(/^payment: /),
    })
  })

  it("never captures more than the hold or the new total, and accounts for every tetri", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 11 }), fc.integer({ min: 1, max: 10 ** 11 }), (held, total) => {
        const plan = orderChangeCapturePlan({ heldMinor: held, newTotalMinor: total })
        if (plan.kind !== "capture") return false
        return (
          plan.captureMinor <= held &&
          plan.captureMinor <= total &&
          plan.captureMinor + plan.releasedMinor === held &&
          plan.captureMinor + plan.owedMinor === total &&
          (plan.releasedMinor === 0 || plan.owedMinor === 0)
        )
      }),
      { numRuns: propertyRuns(500) }
    )
  })
})

describe("orderChangeItemProblems", () => {
  const ordered = [
    { id: "ordli_a", quantity: 2 },
    { id: "ordli_b", quantity: 1 },
  ]

  it("accepts lowered quantities and new prices of the order's items", () => {
    expect(orderChangeItemProblems([{ id: "ordli_a", quantity: 1 }], ordered)).toEqual([])
    expect(orderChangeItemProblems([{ id: "ordli_b", quantity: 1, unit_price: 5 }], ordered)).toEqual([])
    expect(orderChangeItemProblems([{ id: "ordli_b", quantity: 0 }], ordered)).toEqual([])
  })

  it("names each problem's field: unknown, twice, more than ordered, no change, nothing listed", () => {
    expect(
      orderChangeItemProblems(
        [
          { id: "ordli_x", quantity: 1 },
          { id: "ordli_a", quantity: 3 },
          { id: "ordli_a", quantity: 1 },
          { id: "ordli_b", quantity: 1 },
        ],
        ordered
      )
    ).toEqual([
      "items.0.id: is not an item of this order",
      "items.1.quantity: must be at most the 2 ordered",
      "items.2.id: is listed twice",
      "items.3: changes nothing (same quantity, same price)",
    ])
    expect(orderChangeItemProblems([], ordered)).toEqual(["items: must list at least one item that changed"])
  })
})
