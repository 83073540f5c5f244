/**
 * A movable "now" for one process of the simulated day (bench/simulated-day.ts): `new Date()` and
 * `Date.now()` return the real time plus an offset the bench sets, so the plugin's jobs, Medusa's
 * `created_at` columns (MikroORM sets them from `new Date()`) and the bank client's token expiry
 * all live on the simulated clock, in step with the sandbox bank's clock. Must be imported before
 * anything else in the process. Timers, `performance.now()` and Redis lock leases stay on real
 * time, as they would in a real day (they measure durations, not the time of day).
 */
const RealDate = Date
let offsetMs = 0

/**
 * A function, not a subclass, so `Date()` without `new` still returns a string and every date
 * (made before or after the patch) is an instance of both `Date`s: they share one prototype.
 */
function ShiftedDate(this: unknown, ...args: unknown[]): Date | string {
  if (!new.target) return new RealDate(RealDate.now() + offsetMs).toString()
  if (args.length === 0) return new RealDate(RealDate.now() + offsetMs)
  return new (RealDate as unknown as new (...a: unknown[]) => Date)(...args)
}
ShiftedDate.prototype = RealDate.prototype
ShiftedDate.now = (): number => RealDate.now() + offsetMs
ShiftedDate.parse = RealDate.parse
ShiftedDate.UTC = RealDate.UTC
;(globalThis as { Date: unknown }).Date = ShiftedDate

/** Moves this process's clock to `offset` ms after the real time (never backwards in the bench). */
export function setClockOffset(offset: number): void {
  offsetMs = offset
}

export function clockOffset(): number {
  return offsetMs
}

/** The real time (ms since epoch), comparable across the bench's processes. */
export function realNow(): number {
  return RealDate.now()
}
