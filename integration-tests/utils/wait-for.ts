export interface WaitForOptions {
  /** Give up after this long (ms). Default 10 s. */
  timeoutMs?: number
  /** Pause between attempts (ms). Default 100 ms. */
  intervalMs?: number
  /** Named in the timeout error, so a failing test says what it waited for. */
  description?: string
}

/**
 * Polls `probe` until it returns something other than undefined/null/false, and returns that value.
 * Exceptions thrown by `probe` count as "not yet" (e.g. a 404 before a webhook was processed); the
 * last one is reported if time runs out. Used for asynchronous effects such as Medusa's webhook
 * subscriber, which runs seconds after the HTTP 200.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 10_000, intervalMs = 100, description = "condition" }: WaitForOptions = {}
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const value = await probe()
      if (value !== undefined && value !== null && value !== false) {
        return value
      }
    } catch (error) {
      lastError = error
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `; last error: ${lastError.message}` : ""
      throw new Error(`waitFor: ${description} not met within ${timeoutMs} ms${reason}`)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
