import fc from "fast-check"
import { DAY_MS, preauthDeadline } from "../preauth-deadline"
import { readPendingReconcileMinutes, readPreauthExpiryAction, readPreauthWarningDays } from "../preauth-options"

const authorizedAt = new Date("2026-11-01T10:00:00.000Z")

describe("preauthDeadline", () => {
  it("is 30 days after authorization and warns from 3 days before", () => {
    const at27 = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 27 * DAY_MS - 1))
    expect(at27.deadline).toBe("2026-12-01T10:00:00.000Z")
    expect(at27.warning).toBe(false)
    const at29 = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 29 * DAY_MS))
    expect(at29).toMatchObject({ warning: true, expired: false, days_left: 1 })
    const at31 = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 31 * DAY_MS))
    expect(at31).toMatchObject({ warning: true, expired: true, days_left: -1 })
  })

  it("warns exactly when at most warningDays remain (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * DAY_MS }),
        fc.integer({ min: 1, max: 30 }),
        (elapsedMs, warningDays) => {
          const result = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + elapsedMs), warningDays)
          const leftMs = 30 * DAY_MS - elapsedMs
          expect(result.warning).toBe(leftMs <= warningDays * DAY_MS)
          expect(result.expired).toBe(leftMs <= 0)
          expect(result.days_left).toBeLessThanOrEqual(leftMs / DAY_MS)
          expect(result.days_left).toBeGreaterThan(leftMs / DAY_MS - 0.1 - 1e-9)
        }
      )
    )
  })

  it("a daily job always sees a hold warned with time left, for any warningDays >= 1 (property)", () => {
    fc.assert(
      fc.property(
        // the first run after authorization: anywhere within its first day
        fc.integer({ min: 0, max: DAY_MS - 1 }),
        fc.double({ min: 1, max: 30, noNaN: true }),
        (firstRunMs, warningDays) => {
          const runs = Array.from({ length: 32 }, (_, day) =>
            preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + firstRunMs + day * DAY_MS), warningDays)
          )
          expect(runs.some((run) => run.warning && !run.expired)).toBe(true)
        }
      )
    )
  })

  it("a run that sees exactly warningDays left acts: the next daily run would find the hold lapsed", () => {
    // authorized at the job's own time of day: the runs see exactly 1 day, then 0 left
    const runWithOneDayLeft = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 29 * DAY_MS), 1)
    const nextRun = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 30 * DAY_MS), 1)
    expect(runWithOneDayLeft).toMatchObject({ warning: true, expired: false })
    expect(nextRun.expired).toBe(true)
  })

  it("with a half-day window a daily run can miss the hold: why the option is at least 1", () => {
    // a run that sees exactly 12 h left with warningDays 0.5 acts; one that sees 12 h + 1 ms skips
    // and the next run (a day later) finds it lapsed
    const firstSeen = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 29.5 * DAY_MS - 1), 0.5)
    const nextRun = preauthDeadline(authorizedAt, new Date(authorizedAt.getTime() + 30.5 * DAY_MS - 1), 0.5)
    expect(firstSeen.warning).toBe(false)
    expect(nextRun.expired).toBe(true)
    expect(() => readPreauthWarningDays({ preauthWarningDays: 0.5 })).toThrow(
      /preauthWarningDays: must be a number from 1 to 30/
    )
  })

  it("rejects invalid dates", () => {
    expect(() => preauthDeadline(new Date("x"), new Date())).toThrow(/authorizedAt/)
  })
})

describe("reconcile options", () => {
  it("defaults and validates", () => {
    expect(readPreauthExpiryAction({})).toBe("none")
    expect(readPreauthExpiryAction({ preauthExpiryAction: "cancel" })).toBe("cancel")
    expect(() => readPreauthExpiryAction({ preauthExpiryAction: 3 })).toThrow(
      /preauthExpiryAction: must be one of none, complete, cancel/
    )
    expect(readPreauthWarningDays({})).toBe(3)
    expect(readPreauthWarningDays({ preauthWarningDays: "2" })).toBe(2)
    expect(() => readPreauthWarningDays({ preauthWarningDays: 31 })).toThrow(/preauthWarningDays/)
    expect(readPreauthWarningDays({ preauthWarningDays: 1 })).toBe(1)
    expect(() => readPreauthWarningDays({ preauthWarningDays: 0.99 })).toThrow(
      /preauthWarningDays: must be a number from 1 to 30/
    )
    expect(readPendingReconcileMinutes({})).toBe(15)
    expect(() => readPendingReconcileMinutes({ pendingReconcileMinutes: -1 })).toThrow(/pendingReconcileMinutes/)
  })
})
