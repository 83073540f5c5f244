/**
 * How long the callback log keeps its rows: the checkout option `callbackLogRetentionDays`
 * (default 90), read by the daily prune job and validated by the option schema with this same
 * reader. Pure: no I/O.
 */
import { PreauthOptionError } from "./preauth-options"

export const DEFAULT_CALLBACK_LOG_RETENTION_DAYS = 90
/** Ten years: a longer log is a mistake in the option, not a retention policy. */
const MAX_RETENTION_DAYS = 3650

/** @throws PreauthOptionError naming the option when it is not a whole number of days in range */
export function readCallbackLogRetentionDays(options: Record<string, unknown>): number {
  const value = options.callbackLogRetentionDays
  if (value === undefined || value === null || value === "") return DEFAULT_CALLBACK_LOG_RETENTION_DAYS
  const days = typeof value === "string" ? Number(value) : value
  if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS) {
    throw new PreauthOptionError(
      "callbackLogRetentionDays",
      `must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}`
    )
  }
  return days
}
