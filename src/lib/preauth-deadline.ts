/**
 * When a preauthorization lapses at the bank and whether it is time to warn / act. The age comes
 * from our side, because the bank's details do not carry the hold's time: the expiring-preauths
 * job passes the ledger entry's created_at, the earliest moment the hold can have started
 * (docs/bank-behaviour.md, "When a preauthorization lapses"). "now" is always a parameter, so
 * tests and jobs can move time.
 *
 * Pure: no I/O, no clock.
 */
import { DEFAULT_PREAUTH_WARNING_DAYS, PREAUTH_LIFETIME_DAYS } from "./preauth-options"

export const DAY_MS = 24 * 60 * 60 * 1000

export interface PreauthDeadline {
  authorized_at: string
  /** authorized_at + 30 days: after this the bank releases the blocked amount */
  deadline: string
  /** whole-or-fractional days until the deadline, rounded down to 0.1; negative once lapsed */
  days_left: number
  /**
   * at most `warningDays` days remain (or the deadline passed). "At most", not "fewer than": a
   * daily run that sees exactly `warningDays` (1) left must act, the next one is too late.
   */
  warning: boolean
  expired: boolean
}

export function preauthDeadline(
  authorizedAt: Date,
  now: Date,
  warningDays: number = DEFAULT_PREAUTH_WARNING_DAYS
): PreauthDeadline {
  if (Number.isNaN(authorizedAt.getTime())) {
    throw new Error("preauthDeadline: authorizedAt must be a valid date")
  }
  if (Number.isNaN(now.getTime())) {
    throw new Error("preauthDeadline: now must be a valid date")
  }
  const deadlineMs = authorizedAt.getTime() + PREAUTH_LIFETIME_DAYS * DAY_MS
  const leftMs = deadlineMs - now.getTime()
  return {
    authorized_at: authorizedAt.toISOString(),
    deadline: new Date(deadlineMs).toISOString(),
    days_left: Math.floor((leftMs / DAY_MS) * 10) / 10,
    warning: leftMs <= warningDays * DAY_MS,
    expired: leftMs <= 0,
  }
}
