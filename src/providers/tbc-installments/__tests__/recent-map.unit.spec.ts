import fc from "fast-check"
import { RecentMap } from "../recent-map"

describe("RecentMap", () => {
  it("never holds more than max entries and keeps the newest ones", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), (max, keys) => {
        const map = new RecentMap<number, number>(max, 1_000, () => 0)
        keys.forEach((k, i) => map.set(k, i))
        expect(map.size).toBeLessThanOrEqual(max)
        if (keys.length > 0) {
          const last = keys[keys.length - 1]
          expect(map.get(last)).toBe(keys.length - 1)
        }
      })
    )
  })

  it("forgets entries older than the ttl", () => {
    let now = 0
    const map = new RecentMap<string, string>(10, 100, () => now)
    map.set("a", "x")
    now = 100
    expect(map.get("a")).toBe("x")
    now = 101
    expect(map.get("a")).toBeUndefined()
    expect(map.size).toBe(0)
  })
})
