import fc from "fast-check"
import { BoundedCache } from "../bounded-cache"

describe("BoundedCache", () => {
  it("never holds more than max entries and keeps the newest ones (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }),
        (max, keys) => {
          const cache = new BoundedCache<number, number>({ max, ttlMs: 1_000, now: () => 0 })
          keys.forEach((k, i) => cache.set(k, i))
          expect(cache.size).toBeLessThanOrEqual(max)
          // the last `max` distinct keys set are all still there, with their last value
          const newest = [...new Set([...keys].reverse())].slice(0, max)
          for (const key of newest) expect(cache.get(key)).toBe(keys.lastIndexOf(key))
        }
      )
    )
  })

  it("drops the entry set longest ago; setting a key again makes it the newest, reading does not", () => {
    const cache = new BoundedCache<string, number>({ max: 2 })
    cache.set("a", 1).set("b", 2)
    expect(cache.get("a")).toBe(1) // a read: "a" stays the oldest
    cache.set("c", 3)
    expect(cache.has("a")).toBe(false)
    expect([cache.get("b"), cache.get("c")]).toEqual([2, 3])
    cache.set("b", 20) // set again: "c" is now the oldest
    cache.set("d", 4)
    expect(cache.has("c")).toBe(false)
    expect([cache.get("b"), cache.get("d")]).toEqual([20, 4])
  })

  it("forgets entries older than the ttl, counted from when they were set", () => {
    let now = 0
    const cache = new BoundedCache<string, string>({ max: 10, ttlMs: 100, now: () => now })
    cache.set("a", "x")
    now = 100
    expect(cache.get("a")).toBe("x")
    now = 101
    expect(cache.get("a")).toBeUndefined()
    expect(cache.size).toBe(0)
    cache.set("a", "y") // set again: a fresh age
    now = 150
    expect(cache.has("a")).toBe(true)
  })

  it("without a ttl keeps entries until max pushes them out; delete removes one", () => {
    let now = 0
    const cache = new BoundedCache<string, Promise<number>>({ max: 3, now: () => now })
    const pending = Promise.resolve(1)
    cache.set("p", pending)
    now = Number.MAX_SAFE_INTEGER
    expect(cache.get("p")).toBe(pending)
    expect(cache.delete("p")).toBe(true)
    expect(cache.get("p")).toBeUndefined()
    expect(cache.delete("p")).toBe(false)
  })

  it("refuses a max that is not a whole number of at least 1", () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => new BoundedCache({ max })).toThrow(/max must be/)
  })
})
