import fc from "fast-check"
import { propertyRuns } from "../../../../src/lib/__tests__/property-runs"
import { StatusFeed } from "../feed"

type Op =
  { kind: "push" } | { kind: "page"; take: number } | { kind: "sync"; pageIndex: number } | { kind: "syncUnknown" }

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.constant<Op>({ kind: "push" }),
  fc.integer({ min: 1, max: 7 }).map<Op>((take) => ({ kind: "page", take })),
  fc.nat(20).map<Op>((pageIndex) => ({ kind: "sync", pageIndex })),
  fc.constant<Op>({ kind: "syncUnknown" })
)

function item(n: number) {
  return {
    sessionId: `s-${n}`,
    statusId: n % 14,
    changeDate: new Date(n).toISOString(),
    amountMinor: n,
    contributionMinor: 0,
  }
}

describe("StatusFeed (status-changes queue) against a naive model", () => {
  it("pages are the oldest pending items; a sync drops exactly what its page delivered (and older), never newer", () => {
    fc.assert(
      fc.property(fc.array(opArbitrary, { maxLength: 80 }), (ops) => {
        const feed = new StatusFeed()
        let model: number[] = [] // seqs pending, oldest first
        const pages: { id: string; seqs: number[]; coversUpTo: number }[] = []
        let pushed = 0
        for (const op of ops) {
          if (op.kind === "push") {
            pushed++
            const added = feed.push(item(pushed))
            model.push(added.seq)
          } else if (op.kind === "page") {
            const page = feed.page(op.take)
            const seqs = page.items.map((i) => i.seq)
            expect(seqs).toEqual(model.slice(0, op.take))
            // an empty page covers everything pushed so far (all of it already acknowledged)
            const coversUpTo = seqs.length ? seqs[seqs.length - 1] : pushed
            pages.push({ id: page.synchronizationRequestId, seqs, coversUpTo })
          } else if (op.kind === "sync" && pages.length > 0) {
            const page = pages[op.pageIndex % pages.length]
            const before = model.length
            model = model.filter((seq) => seq > page.coversUpTo)
            expect(feed.acknowledge(page.id)).toBe(before - model.length)
          } else if (op.kind === "syncUnknown") {
            expect(feed.knows("never-issued")).toBe(false)
            expect(feed.acknowledge("never-issued")).toBe(0)
          }
          expect(feed.size).toBe(model.length)
          expect(feed.pending().map((i) => i.seq)).toEqual(model)
        }
      }),
      { numRuns: propertyRuns(1000) }
    )
  })

  // how fast is bench/installment-sync.bench.ts's question; this one is that nothing is lost at scale
  it("drains 100,000 changes in pages of 1,000, each change seen once", () => {
    const feed = new StatusFeed()
    for (let i = 1; i <= 100_000; i++) feed.push(item(i))
    const seen = new Set<number>()
    for (;;) {
      const page = feed.page(1000)
      if (page.items.length === 0) break
      expect(page.items).toHaveLength(1000)
      for (const i of page.items) seen.add(i.seq)
      expect(feed.acknowledge(page.synchronizationRequestId)).toBe(1000)
    }
    expect(seen.size).toBe(100_000)
    expect(feed.size).toBe(0)
  })
})
