import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/**
 * Medusa's hooks route (`POST /hooks/payment/:provider`) queues the webhook event with
 * `delay: paymentModule.options?.webhook_delay || 5000`, read on every request from the resolved
 * payment module service. The module service normally has no `options` (the value in the payment
 * module's config is not passed through in 2.21.2), so every callback in a test costs ~5 s.
 */
export const MEDUSA_WEBHOOK_DELAY_MS = 5_000

/** What the app tests use: callbacks are processed right after their 200. */
export const TEST_WEBHOOK_DELAY_MS = 50

/**
 * Sets the delay Medusa's hooks route waits before processing a webhook, for this app only. The
 * app test runner (integration-tests/utils/app-test-runner.ts) sets TEST_WEBHOOK_DELAY_MS after
 * boot; a test whose meaning needs the webhook to come LATE (e.g. after the shopper's own cart
 * completion) runs that part inside `withWebhookDelay(container, MEDUSA_WEBHOOK_DELAY_MS, ...)`.
 */
export function setWebhookDelay(container: MedusaContainer, delayMs: number): void {
  const payment = container.resolve(Modules.PAYMENT) as unknown as { options?: Record<string, unknown> }
  payment.options = { ...(payment.options ?? {}), webhook_delay: delayMs }
}

/** Medusa's current webhook delay for this app (its default when nothing set one). */
export function webhookDelayOf(container: MedusaContainer): number {
  const payment = container.resolve(Modules.PAYMENT) as unknown as { options?: { webhook_delay?: number } }
  return payment.options?.webhook_delay || MEDUSA_WEBHOOK_DELAY_MS
}

/** Runs `work` with Medusa's webhook delay at `delayMs`, then puts the previous delay back. */
export async function withWebhookDelay<T>(
  container: MedusaContainer,
  delayMs: number,
  work: () => Promise<T>
): Promise<T> {
  const previous = webhookDelayOf(container)
  setWebhookDelay(container, delayMs)
  try {
    return await work()
  } finally {
    setWebhookDelay(container, previous)
  }
}
