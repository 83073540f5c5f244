/**
 * The sandbox clock: real time plus an offset that `POST /_sandbox/clock {advanceMs}` moves
 * forward. Expirations, token lifetimes, the 30-day completion limit and the "bank day" of the
 * one-partial-return-per-day rule all read this clock, never Date.now() directly.
 */
const DAY_MS = 24 * 60 * 60 * 1000
/** Tbilisi is UTC+4 all year (no DST): the bank day starts at 20:00 UTC. */
const TBILISI_OFFSET_MS = 4 * 60 * 60 * 1000

export class SandboxClock {
  private offsetMs = 0

  now(): number {
    return Date.now() + this.offsetMs
  }

  advance(ms: number): number {
    this.offsetMs += ms
    return this.now()
  }

  reset(): void {
    this.offsetMs = 0
  }

  /** Restores a saved offset (persistence.ts), so sandbox time goes on where it stopped. */
  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs
  }

  get offset(): number {
    return this.offsetMs
  }
}

/** The bank (Tbilisi) calendar day of a timestamp, as a comparable integer. */
export function bankDay(timestampMs: number): number {
  return Math.floor((timestampMs + TBILISI_OFFSET_MS) / DAY_MS)
}

export const THIRTY_DAYS_MS = 30 * DAY_MS
