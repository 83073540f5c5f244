/**
 * The install test's lanes hand each step's error to jest; `jest --json` must be able to write it,
 * or the run leaves no result and CI cannot name the failed step. (The two rules lanes.ts uses are
 * in lane-rules.ts, which loads nothing of the stores' steps.)
 */
import { laneOf, reportable } from "../lane-rules"

describe("reportable", () => {
  it("turns an error that JSON cannot write (an axios error's circular request) into a plain one", () => {
    const circular = Object.assign(new Error("socket hang up"), { request: {} as Record<string, unknown> })
    circular.request.self = circular.request
    expect(() => JSON.stringify(circular)).toThrow(/circular/)
    const plain = reportable(circular) as Error
    expect(() => JSON.stringify(plain)).not.toThrow()
    expect(plain.message).toBe("socket hang up")
    expect(plain.stack).toBe(circular.stack)
  })

  it("keeps an error JSON can write as it is (jest's own assertion errors keep their diff)", () => {
    const error = new Error("expected 200")
    expect(reportable(error)).toBe(error)
  })
})

describe("laneOf", () => {
  it("mixes package managers: floor-npm, floor-pnpm, newest-npm, newest-pnpm go to lanes 0, 1, 1, 0", () => {
    expect([0, 1, 2, 3].map((index) => laneOf(index, 2))).toEqual([0, 1, 1, 0])
  })
})
