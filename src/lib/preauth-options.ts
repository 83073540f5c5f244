/**
 * Options of the reconciliation jobs, read from the checkout provider's registration options
 * (raw, because Medusa isolates the provider instance from app code). The checkout option schema
 * validates them with these same readers when Medusa loads, so a bad value stops the boot.
 * Pure: no I/O.
 *
 * - `preauthExpiryAction`: what to do with a preauthorization that is about to lapse at the
 *   bank (day 30): "none" (only notify), "complete" (capture it) or "cancel" (release it).
 * - `preauthWarningDays`: how many days before the deadline the jobs act / the widget warns.
 * - `pendingReconcileMinutes`: how old an unanswered pending payment must be before the job
 *   asks the bank (a callback normally arrives within seconds).
 */
export const PREAUTH_EXPIRY_ACTIONS = ["none", "complete", "cancel"] as const
export type PreauthExpiryAction = (typeof PREAUTH_EXPIRY_ACTIONS)[number]

/** The bank keeps a preauthorization for 30 days after it was authorized. */
export const PREAUTH_LIFETIME_DAYS = 30
export const DEFAULT_PREAUTH_WARNING_DAYS = 3
export const DEFAULT_PENDING_RECONCILE_MINUTES = 15

/** A broken option: `rule` is the words alone, so the checkout option schema can report them too. */
export class PreauthOptionError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string
  ) {
    super(`Invalid TBC checkout option ${field}: ${rule}`)
  }
}

function invalid(field: string, rule: string): Error {
  return new PreauthOptionError(field, rule)
}

/** @throws Error naming the option when it holds something other than the allowed words */
export function readPreauthExpiryAction(options: Record<string, unknown>): PreauthExpiryAction {
  const value = options.preauthExpiryAction
  if (value === undefined || value === null || value === "") {
    return "none"
  }
  if (typeof value === "string" && (PREAUTH_EXPIRY_ACTIONS as readonly string[]).includes(value)) {
    return value as PreauthExpiryAction
  }
  throw invalid("preauthExpiryAction", `must be one of ${PREAUTH_EXPIRY_ACTIONS.join(", ")}`)
}

function positiveNumberOption(
  options: Record<string, unknown>,
  field: string,
  fallback: number,
  max: number,
  min?: number
): number {
  const value = options[field]
  if (value === undefined || value === null || value === "") {
    return fallback
  }
  const number = typeof value === "string" ? Number(value) : value
  if (typeof number !== "number" || !Number.isFinite(number) || number <= 0 || number > max) {
    throw invalid(
      field,
      min === undefined
        ? `must be a number greater than 0 and at most ${max}`
        : `must be a number from ${min} to ${max}`
    )
  }
  if (min !== undefined && number < min) {
    throw invalid(field, `must be a number from ${min} to ${max}`)
  }
  return number
}

/**
 * At least 1 day: the expiring-preauths job runs once a day, so a window shorter than a day can
 * fall between two runs (with 0.5, a run sees 12 h left, skips, and the hold lapses before the
 * next run). With >= 1 day, and a hold warned when at most that much is left, some daily run
 * always sees the hold with time left.
 */
export const MIN_PREAUTH_WARNING_DAYS = 1

export function readPreauthWarningDays(options: Record<string, unknown>): number {
  return positiveNumberOption(
    options,
    "preauthWarningDays",
    DEFAULT_PREAUTH_WARNING_DAYS,
    PREAUTH_LIFETIME_DAYS,
    MIN_PREAUTH_WARNING_DAYS
  )
}

export function readPendingReconcileMinutes(options: Record<string, unknown>): number {
  return positiveNumberOption(options, "pendingReconcileMinutes", DEFAULT_PENDING_RECONCILE_MINUTES, 24 * 60)
}
