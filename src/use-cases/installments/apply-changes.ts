/**
 * Phase 2 of a page (see src/workflows/installments/apply-status-changes.ts): each new change
 * moves the application's money-ledger entry (sync-ledger.ts) and is applied to Medusa, in feed
 * order, and what becomes of a change whose effect fails.
 *
 * A failed change is NOT recorded, so the page is not acknowledged and the bank delivers it again;
 * the first sync run after its backoff tries it again (src/lib/installment-retry.ts). After the
 * last retry it is given up: recorded (the feed moves on) and kept for the admin with its error.
 * While one change of an application waits, the later changes of that application in the page
 * wait with it (not tried, not recorded), so an application's changes still apply in feed order.
 *
 * Exactly once: a change is recorded only after its effect succeeded or it was given up, and is
 * never tried again once recorded; a retried effect is convergent (apply-to-medusa.ts), so a try
 * that failed after changing something is completed, never doubled, by the next one.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { afterFailedAttempt, type ChangeRetryPolicy } from "../../lib/installment-retry"
import type { ChangeFailureToStore, PendingChangeFailure } from "../../modules/tbc/change-failure-sql"
import type { InstallmentChangeKey } from "../../modules/tbc/installment-sync-sql"
import { applyChangeToMedusa, type ApplicationRef, type CancelAtBank } from "./apply-to-medusa"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { recordOrder, recordStatusChange } from "./sync-ledger"
import type { ChangeEffects, PageChange } from "./page"

export type Matched = { change: PageChange; application?: ApplicationRef; failure?: PendingChangeFailure }
export type OrderOfSession = { bank_session_id: string; order_id: string }

export interface AppliedPage {
  effects: ChangeEffects
  /** changes to record: applied, of unknown sessions, or given up */
  settled: PageChange[]
  failures: ChangeFailureToStore[]
  /** changes whose retry succeeded */
  resolved: InstallmentChangeKey[]
  orders: OrderOfSession[]
  /** bank sessions with no application row (their row update is skipped) */
  unknownSessions: string[]
}

const messageOf = (error: unknown): string => (error as Error)?.message ?? String(error)

/** The counters of ChangeEffects: one list for the page's zeroes here and the sync run's totals. */
export const EFFECT_COUNTERS = ["authorized", "captured", "canceled", "unknown", "retrying", "gave_up"] as const

/** No effects yet: every counter 0, no errors. */
export function noEffects(): ChangeEffects {
  const counters = Object.fromEntries(EFFECT_COUNTERS.map((key) => [key, 0])) as Record<
    (typeof EFFECT_COUNTERS)[number],
    number
  >
  return { ...counters, errors: [] }
}

export async function applyChanges(
  container: MedusaContainer,
  matched: Matched[],
  policy: ChangeRetryPolicy,
  cancelAtBank?: CancelAtBank
): Promise<AppliedPage> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const ledger = ledgerOf(container)
  const effects = noEffects()
  const page: AppliedPage = { effects, settled: [], failures: [], resolved: [], orders: [], unknownSessions: [] }
  const orders = new Map<string, string>()
  /** applications with an earlier change of this page still waiting */
  const waiting = new Set<string>()
  for (const { change, application, failure } of matched) {
    if (!application) {
      effects.unknown++
      page.settled.push(change)
      page.unknownSessions.push(change.bank_session_id)
      continue
    }
    if (waiting.has(change.bank_session_id) || (failure && !failure.due)) {
      waiting.add(change.bank_session_id)
      effects.retrying++
      continue
    }
    try {
      // the ledger first (sync-ledger.ts): the guard reads it whatever Medusa's side does
      await recordStatusChange(ledger, application, change.status_id)
      const { effect, orderId } = await applyChangeToMedusa(container, application, change, cancelAtBank)
      if (effect !== "none") effects[effect]++
      if (orderId) {
        orders.set(change.bank_session_id, orderId)
        await recordOrder(ledger, application, orderId)
      }
      page.settled.push(change)
      if (failure) page.resolved.push(change)
    } catch (error) {
      const message = messageOf(error)
      const attempts = (failure?.attempts ?? 0) + 1
      const next = afterFailedAttempt(attempts, policy)
      page.failures.push({
        bank_session_id: change.bank_session_id,
        status_id: change.status_id,
        change_date: change.change_date,
        payment_session_id: application.payment_session_id,
        attempts,
        error: message,
        retryInSeconds: next.giveUp ? null : next.retryInSeconds,
      })
      effects.errors.push({
        bank_session_id: change.bank_session_id,
        status_id: change.status_id,
        message,
        attempts,
        gave_up: next.giveUp,
      })
      if (next.giveUp) {
        effects.gave_up++
        page.settled.push(change)
        logger.error(
          `[tbc-installments] status ${change.status_id} of application ${change.bank_session_id} given up after ${attempts} tries: ${message}`
        )
      } else {
        effects.retrying++
        waiting.add(change.bank_session_id)
        logger.warn(
          `[tbc-installments] status ${change.status_id} of application ${change.bank_session_id} could not be applied ` +
            `(try ${attempts}; retried in ${next.retryInSeconds} s): ${message}`
        )
      }
    }
  }
  page.orders = [...orders].map(([bank_session_id, order_id]) => ({ bank_session_id, order_id }))
  return page
}

/** The pending failures of the page's changes, by changeKeyOf. */
export function failuresByKey(rows: PendingChangeFailure[]): Map<string, PendingChangeFailure> {
  return new Map(rows.map((row) => [row.key, row]))
}
