import fc from "fast-check"
import { minuteOf, OTHER_SOURCES, SourceBudget } from "../refused-callback-log"

describe("refused callbacks: rows per minute are bounded", () => {
  it("counts a minute from its first second", () => {
    expect(minuteOf(new Date("2026-11-23T10:15:59.999Z")).toISOString()).toBe("2026-11-23T10:15:00.000Z")
    expect(minuteOf(new Date("2026-11-23T10:16:00.000Z")).toISOString()).toBe("2026-11-23T10:16:00.000Z")
  })

  it("gives each source its own row until the minute's budget is spent, then OTHER_SOURCES; a new minute starts over", () => {
    const budget = new SourceBudget(2)
    const minute = new Date("2026-11-23T10:15:00Z")
    expect(budget.sourceFor("pp_a", "6.6.6.1", minute)).toBe("6.6.6.1")
    expect(budget.sourceFor("pp_a", "6.6.6.2", minute)).toBe("6.6.6.2")
    expect(budget.sourceFor("pp_a", "6.6.6.1", minute)).toBe("6.6.6.1")
    expect(budget.sourceFor("pp_a", "6.6.6.3", minute)).toBe(OTHER_SOURCES)
    expect(budget.sourceFor("pp_b", "6.6.6.3", minute)).toBe("6.6.6.3")
    expect(budget.sourceFor("pp_a", null, minute)).toBe(OTHER_SOURCES)
    expect(budget.sourceFor("pp_a", "6.6.6.3", new Date("2026-11-23T10:16:00Z"))).toBe("6.6.6.3")
  })

  it("never records more than budget + 1 sources in a minute, whatever arrives (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.ipV4(), { maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (sources, max) => {
        const budget = new SourceBudget(max)
        const minute = new Date("2026-11-23T10:15:00Z")
        const recorded = new Set(sources.map((source) => budget.sourceFor("pp_a", source, minute)))
        expect(recorded.size).toBeLessThanOrEqual(max + 1)
      })
    )
  })
})
