/**
 * The timetable of the simulated day (bench/simulated-day.ts): 288 ticks of 5 simulated minutes
 * from 00:00, which jobs are due at each tick (their cron schedules in src/jobs), when the bank is
 * down, and when each of the 250 shoppers opens a TBC checkout session.
 */
export const TICK_MS = 5 * 60 * 1000
/** SIM_DAY_TICKS shortens the day for a quick look at the machinery (the invariants then fail). */
export const TICKS = Number(process.env.SIM_DAY_TICKS ?? 288)
/** 11:00 up to (not including) 12:00: every bank request hangs until the client gives up. */
export const OUTAGE = { fromTick: 132, toTick: 144 } as const
export const ABANDONED = 200
export const PAID_WITHOUT_CALLBACK = 50
export const SESSIONS = ABANDONED + PAID_WITHOUT_CALLBACK
/** Sessions are opened from 00:00 to 20:00 (outside the outage), so all are due by the day's end. */
const LAST_SESSION_TICK = 240
/** Ticks of the outage at which a shopper request is measured. */
export const PROBE_TICKS = [133, 137, 141]

export const inOutage = (tick: number): boolean => tick >= OUTAGE.fromTick && tick < OUTAGE.toTick

/** Job file in src/jobs → its lock key in the locking module (undefined: the job takes no lock). */
export const JOBS: Record<string, { lockKey?: RegExp; due: (minute: number) => boolean; cron: string }> = {
  "reconcile-pending-payments": {
    lockKey: /^tbc-job:tbc-reconcile-pending-payments$/,
    due: () => true,
    cron: "*/5 * * * *",
  },
  "reconcile-expiring-preauths": {
    lockKey: /^tbc-job:tbc-reconcile-expiring-preauths$/,
    due: (m) => m === 8 * 60,
    cron: "0 8 * * *",
  },
  // real schedule every 5 s, each registration synced once its syncIntervalSeconds (300 here) passed
  "sync-tbc-installments": { lockKey: /^tbc-installments-sync:/, due: () => true, cron: "every 5 s, interval 300 s" },
  // hourly at :23 → the tick at :20
  "tbc-data-retention": { due: (m) => m % 60 === 20, cron: "23 * * * *" },
  "tbc-retry-saved-card-recording": { due: () => true, cron: "*/5 * * * *" },
  // 03:30
  "prune-tbc-callback-log": { due: (m) => m === 3 * 60 + 30, cron: "30 3 * * *" },
}

/** Tick keys the locked jobs claim for 60 real seconds (locks.ts); a simulated tick is 5 minutes. */
export const TICK_CLAIM_KEYS = ["tbc-reconcile-pending-payments", "tbc-reconcile-expiring-preauths"].map(
  (name) => `medusa_lock:tbc-job:${name}:tick`
)

export const dueJobs = (tick: number): string[] =>
  Object.keys(JOBS).filter((job) => JOBS[job].due((tick * TICK_MS) / 60_000))

export interface PlannedSession {
  index: number
  tick: number
  paid: boolean
}

/** Session i opens at an even spread over the non-outage ticks before 20:00; every fifth is paid. */
export function sessionPlan(): PlannedSession[] {
  const ticks = Array.from({ length: LAST_SESSION_TICK }, (_, t) => t).filter((t) => !inOutage(t) && !inOutage(t + 1))
  return Array.from({ length: SESSIONS }, (_, index) => ({
    index,
    tick: ticks[Math.floor((index * ticks.length) / SESSIONS)],
    paid: index % (SESSIONS / PAID_WITHOUT_CALLBACK) === 0,
  }))
}

export const clockOf = (tick: number): string => {
  const minutes = (tick * TICK_MS) / 60_000
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`
}
