/**
 * When a failed installment status change is tried again, and when the sync gives up on it.
 *
 * A change whose effect on Medusa failed (the cart lock was busy, the bank's status read timed
 * out) is left unacknowledged at the bank, so the feed delivers it again; it is retried by the
 * first sync run after its backoff: `backoffSeconds`, then twice that, and so on, capped at
 * MAX_RETRY_BACKOFF_SECONDS. After `retries` retries (retries + 1 tries in all) it is given up:
 * recorded and acknowledged so the feed moves on, and listed for the admin with its error.
 *
 * Why bounded: the feed is a queue and the bank acknowledges pages, not single changes, so a
 * change that can never succeed (a cart that cannot be completed) must not hold it for ever.
 *
 * Pure: no I/O.
 */

export interface ChangeRetryPolicy {
  /** retries after the first try; 0 = give up after one failure */
  retries: number
  /** the wait before the first retry; each further retry waits twice as long */
  backoffSeconds: number
}

export const DEFAULT_CHANGE_RETRIES = 5
export const DEFAULT_CHANGE_RETRY_BACKOFF_SECONDS = 60
export const MAX_CHANGE_RETRIES = 50
/** No single wait is longer than an hour, however many retries are configured. */
export const MAX_RETRY_BACKOFF_SECONDS = 3600

export type AfterFailure = { giveUp: true } | { giveUp: false; retryInSeconds: number }

/**
 * What to do after a failed try.
 * @param attempts tries made so far, this failed one included (≥ 1)
 */
export function afterFailedAttempt(attempts: number, policy: ChangeRetryPolicy): AfterFailure {
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new RangeError(`attempts: must be a whole number ≥ 1, got ${attempts}`)
  }
  if (attempts > policy.retries) return { giveUp: true }
  // 2 ** (attempts - 1) grows past any cap quickly; stop doubling once the cap is reached
  const doublings = Math.min(attempts - 1, 32)
  const retryInSeconds = Math.min(policy.backoffSeconds * 2 ** doublings, MAX_RETRY_BACKOFF_SECONDS)
  return { giveUp: false, retryInSeconds }
}
