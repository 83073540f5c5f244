import { collectionStatusOf, type CollectionAmounts } from "../collection-status"

const held: CollectionAmounts = { sessions: 1, amountMinor: 5000, authorizedMinor: 5000, capturedMinor: 0 }

describe("collectionStatusOf (Medusa's status of a payment collection)", () => {
  it("a collection whose session the bank holds in full is authorized", () => {
    expect(collectionStatusOf(held)).toBe("authorized")
  })

  it("less authorized than the collection asks: partially authorized", () => {
    expect(collectionStatusOf({ ...held, authorizedMinor: 4999 })).toBe("partially_authorized")
  })

  it("captured in full: completed, also once its session is no longer counted as authorized", () => {
    expect(collectionStatusOf({ ...held, capturedMinor: 5000 })).toBe("completed")
    expect(collectionStatusOf({ ...held, authorizedMinor: 0, capturedMinor: 5000 })).toBe("completed")
  })

  it("a part captured leaves the authorized status, as Medusa does", () => {
    expect(collectionStatusOf({ ...held, capturedMinor: 2000 })).toBe("authorized")
  })

  it("nothing authorized: awaiting with a session, not paid without one", () => {
    expect(collectionStatusOf({ ...held, authorizedMinor: 0 })).toBe("awaiting")
    expect(collectionStatusOf({ ...held, sessions: 0, authorizedMinor: 0 })).toBe("not_paid")
  })
})
