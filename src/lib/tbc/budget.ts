import { TbcTimeoutError } from "./errors"

/**
 * A total time budget for one request a person waits on (a shopper starting or completing a
 * payment, an admin capturing or refunding). `timeoutMs` bounds each HTTP attempt; with the bank
 * hanging, token + GET with retries add up to 45-90 s while Medusa holds the cart lock. Inside a
 * budget every attempt gets at most what is left, a retry is only started when its back-off still
 * leaves room for an attempt, and the token endpoint is asked once (no retries).
 *
 * The arithmetic is pure (attemptTimeoutMs, mayRetryWithin); RequestBudget only adds the clock.
 */

/** An attempt shorter than this is not started: it could not get an answer from a real bank. */
export const MIN_ATTEMPT_MS = 250

/**
 * How long the next attempt may wait for the bank: the per-attempt timeout, cut to what is left of
 * the budget; undefined when too little is left to start one (less than MIN_ATTEMPT_MS, or than
 * the per-attempt timeout itself when that is shorter).
 */
export function attemptTimeoutMs(
  perAttemptMs: number,
  remainingMs: number,
  minAttemptMs = MIN_ATTEMPT_MS
): number | undefined {
  const allowed = Math.min(perAttemptMs, Math.floor(remainingMs))
  return allowed >= Math.min(perAttemptMs, minAttemptMs) ? allowed : undefined
}

/** Whether a retry after `delayMs` of back-off still leaves room for one attempt. */
export function mayRetryWithin(remainingMs: number, delayMs: number, minAttemptMs = MIN_ATTEMPT_MS): boolean {
  return remainingMs - delayMs >= minAttemptMs
}

/** Medusa's own work in the same request (cart validation, order, rollback): at most this is kept from the bank. */
export const MEDUSA_RESERVE_MS = 1_000

/**
 * The bank's share of a request budget: the whole request (Medusa's own work included) must end
 * within the budget, so a quarter of it, at most MEDUSA_RESERVE_MS, is kept for Medusa.
 */
export function bankShareMs(requestBudgetMs: number): number {
  return requestBudgetMs - Math.min(MEDUSA_RESERVE_MS, Math.floor(requestBudgetMs / 4))
}

/** The budget ran out: the bank did not answer the whole request in time (a timeout). */
export class TbcBudgetExceededError extends TbcTimeoutError {
  readonly budgetMs: number
  constructor(operation: string, budgetMs: number) {
    super(operation, budgetMs)
    this.budgetMs = budgetMs
  }
}

/** One request's budget: a deadline fixed when the request starts. */
export class RequestBudget {
  private readonly deadlineAt: number

  constructor(
    readonly totalMs: number,
    private readonly now: () => number = Date.now
  ) {
    this.deadlineAt = now() + totalMs
  }

  remainingMs(): number {
    return Math.max(0, this.deadlineAt - this.now())
  }

  exceeded(operation: string): TbcBudgetExceededError {
    return new TbcBudgetExceededError(operation, this.totalMs)
  }

  /**
   * `work` or, when the budget runs out first, a TbcBudgetExceededError. Used where the wait is
   * not one of our own HTTP attempts: a token fetch another caller started (single-flight).
   */
  race<T>(work: Promise<T>, operation: string): Promise<T> {
    const left = this.remainingMs()
    if (left <= 0) {
      work.catch(() => undefined)
      return Promise.reject(this.exceeded(operation))
    }
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(this.exceeded(operation)), left)
    })
    work.catch(() => undefined)
    return Promise.race([work, expired]).finally(() => clearTimeout(timer))
  }
}
