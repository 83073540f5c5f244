/**
 * The retry rules of the transport (./transport.ts): which failed calls may be sent again, and
 * how long a bank's Retry-After asks us to wait.
 */
import { TbcApiError, TbcNetworkError, TbcTimeoutError, type TbcError } from "./errors"
import type { RetryPolicy } from "./transport"

/** Statuses that mean "try again later" for calls that are safe to repeat. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504])

/**
 * GET and token calls change nothing at the bank, so any transient failure may be retried.
 * A mutation (create, completion, refund, execution...) may already have been applied when
 * the connection broke or timed out; repeating it could charge or refund twice. It is only
 * repeated when the connection was never established.
 */
export function isRetryable(error: TbcError, policy: RetryPolicy): boolean {
  if (error instanceof TbcNetworkError) {
    return policy === "idempotent" || !error.reachedBank
  }
  if (policy === "mutating") {
    return false
  }
  if (error instanceof TbcTimeoutError) {
    return true
  }
  return error instanceof TbcApiError && RETRYABLE_STATUSES.has(error.status)
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) {
    return undefined
  }
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) {
    return seconds * 1000
  }
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}
