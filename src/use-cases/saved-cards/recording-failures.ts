/**
 * Saved-card recordings that failed (the bank did not answer the payment read, the database
 * failed): kept in tbc_saved_card_recording_failure, retried by the `tbc-retry-saved-card-recording`
 * job with doubling backoff (60 s, 120 s, … capped at an hour; the rule of src/lib/installment-retry.ts),
 * given up after RECORDING_RETRIES retries, and listed in the admin while unresolved
 * (GET /admin/tbc/saved-cards/recording-failures, Settings → TBC Bank).
 */
import type { TbcModuleService } from "../../modules/tbc"
import { afterFailedAttempt } from "../../lib/installment-retry"

export const RECORDING_RETRIES = 8
export const RECORDING_BACKOFF_SECONDS = 60

export interface RecordingFailureRow {
  id: string
  payment_id: string
  provider_id: string
  customer_id: string
  attempts: number
  last_error: string
  next_attempt_at: Date | string | null
  gave_up_at: Date | string | null
  resolved_at: Date | string | null
  created_at?: Date | string
}

/** A readable one-line summary of an error: its kind and message, cut short (no request details). */
export function errorSummary(error: unknown): string {
  const kind = (error as { name?: string })?.name ?? "Error"
  const status = (error as { status?: number })?.status
  return `${kind}${typeof status === "number" ? ` ${status}` : ""}`.slice(0, 200)
}

export async function noteRecordingFailure(
  tbc: TbcModuleService,
  failed: { paymentId: string; providerId: string; customerId: string; error: unknown },
  now: Date = new Date()
): Promise<RecordingFailureRow> {
  const [existing] = (await tbc.listSavedCardRecordingFailures(
    { payment_id: failed.paymentId },
    { take: 1 }
  )) as RecordingFailureRow[]
  const attempts = (existing?.attempts ?? 0) + 1
  const next = afterFailedAttempt(attempts, { retries: RECORDING_RETRIES, backoffSeconds: RECORDING_BACKOFF_SECONDS })
  const fields = {
    attempts,
    last_error: errorSummary(failed.error),
    next_attempt_at: next.giveUp ? null : new Date(now.getTime() + next.retryInSeconds * 1000),
    gave_up_at: next.giveUp ? now : null,
    resolved_at: null,
  }
  if (existing) {
    return (await tbc.updateSavedCardRecordingFailures({
      id: existing.id,
      ...fields,
    })) as unknown as RecordingFailureRow
  }
  try {
    return (await tbc.createSavedCardRecordingFailures({
      payment_id: failed.paymentId,
      provider_id: failed.providerId,
      customer_id: failed.customerId,
      ...fields,
    })) as unknown as RecordingFailureRow
  } catch {
    // another instance noted the same payment first (payment_id is unique): count on that row
    return noteRecordingFailure(tbc, failed, now)
  }
}

/** The payment's card got recorded: its failure (if any) is resolved. */
export async function resolveRecordingFailure(
  tbc: TbcModuleService,
  paymentId: string,
  now: Date = new Date()
): Promise<void> {
  const rows = (await tbc.listSavedCardRecordingFailures(
    { payment_id: paymentId, resolved_at: null },
    { take: 1 }
  )) as RecordingFailureRow[]
  for (const row of rows) {
    await tbc.updateSavedCardRecordingFailures({ id: row.id, resolved_at: now, next_attempt_at: null })
  }
}

/** Failures whose next try is due (oldest first, bounded per run). */
export async function dueRecordingFailures(
  tbc: TbcModuleService,
  now: Date,
  take = 100
): Promise<RecordingFailureRow[]> {
  return (await tbc.listSavedCardRecordingFailures(
    { resolved_at: null, gave_up_at: null, next_attempt_at: { $lte: now } },
    { take, order: { next_attempt_at: "ASC" } }
  )) as RecordingFailureRow[]
}

/** Unresolved failures for the admin: still retrying or given up. */
export async function unresolvedRecordingFailures(tbc: TbcModuleService, take = 100): Promise<RecordingFailureRow[]> {
  return (await tbc.listSavedCardRecordingFailures(
    { resolved_at: null },
    { take, order: { created_at: "DESC" } }
  )) as RecordingFailureRow[]
}
