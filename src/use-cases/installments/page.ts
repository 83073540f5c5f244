/**
 * One page of the installment status-changes feed, as the sync runner (sync-runner.ts) and the
 * page workflow (src/workflows/installments/apply-status-changes.ts) exchange it.
 *
 * Why these types live here and not beside the workflow: the runner is app code and must not
 * import a workflow (layers: workflows → app, never back). The workflow's caller hands the runner
 * an `ApplyPage` that runs the workflow; the runner only knows this shape.
 */
import type { ChangeRetryPolicy } from "../../lib/installment-retry"

export interface PageChange {
  bank_session_id: string
  status_id: number
  change_date: string
  status_description?: string | null
  contribution_amount?: number | null
}

export interface ApplyStatusChangesInput {
  provider_id: string
  synchronization_request_id: string
  changes: PageChange[]
  /** retries of a change whose effect fails (the registration's changeRetries / changeRetryBackoffSeconds) */
  retry: ChangeRetryPolicy
}

/** What the changes did to Medusa (the apply step's tally). */
export interface ChangeEffects {
  authorized: number
  captured: number
  canceled: number
  /** new changes of bank sessions this store does not know */
  unknown: number
  /** changes left unrecorded and unacknowledged for a later retry (failed now, or waiting for their backoff) */
  retrying: number
  /** failed changes recorded after their last retry (listed for the admin) */
  gave_up: number
  /** this run's failed tries: `attempts` so far, and whether the change was given up */
  errors: { bank_session_id: string; status_id: number; message: string; attempts: number; gave_up: boolean }[]
}

export interface ApplyStatusChangesResult extends ChangeEffects {
  received: number
  /** changes recorded by this run (a redelivered change is not counted again) */
  applied: number
}

/** Applies one page (the page workflow, run by whoever starts the sync) and returns its tally. */
export type ApplyPage = (input: ApplyStatusChangesInput) => Promise<{ effects: ChangeEffects; applied: number }>

/** The page workflow's result as plain counts. */
export function summarizePage(
  received: number,
  result: { effects: ChangeEffects; applied: number }
): ApplyStatusChangesResult {
  const { authorized, captured, canceled, unknown, retrying, gave_up, errors } = result.effects
  return { received, applied: result.applied, authorized, captured, canceled, unknown, retrying, gave_up, errors }
}
