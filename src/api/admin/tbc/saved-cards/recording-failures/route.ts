/**
 * GET /admin/tbc/saved-cards/recording-failures?limit=: saved cards that could not be recorded
 * after their payment and are not recorded yet: still `retrying` (the retry job tries them with
 * backoff) or `given_up` (after the last retry: the customer must save the card again). A payment
 * whose card got recorded on a retry is not listed.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import { unresolvedRecordingFailures } from "../../../../../use-cases/saved-cards/recording-failures"
import type { RecordingFailureView } from "../../helpers/recording-failure-view"
import type { ListQuery } from "../../../../validators/route-schemas"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const rows = await unresolvedRecordingFailures(req.scope.resolve<TbcModuleService>(TBC_MODULE), limit)
  const recording_failures: RecordingFailureView[] = rows.map((row) => ({
    id: row.id,
    payment_id: row.payment_id,
    provider_id: row.provider_id,
    customer_id: row.customer_id,
    state: row.gave_up_at ? "given_up" : "retrying",
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at,
    gave_up_at: row.gave_up_at,
    first_failed_at: row.created_at ?? null,
  }))
  res.json({ recording_failures })
}
