/**
 * GET /admin/tbc/installments/failed-changes?limit=: installment status changes whose effect on
 * Medusa failed and that are not settled: `given_up` ones (recorded after the last retry: the
 * admin must act, e.g. cancel the application at the bank or place the order by hand) first,
 * then those still `retrying`, each with its last error. A change whose retry succeeded is not
 * listed.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import type { FailedChangeView } from "../../helpers/failed-change-view"
import type { ListQuery } from "../../../../validators/route-schemas"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const order = { order: { updated_at: "DESC" as const }, take: limit }
  const givenUp = await tbc.listInstallmentChangeFailures({ gave_up_at: { $ne: null } }, order)
  const retrying =
    givenUp.length < limit
      ? await tbc.listInstallmentChangeFailures(
          { gave_up_at: null, resolved_at: null },
          { ...order, take: limit - givenUp.length }
        )
      : []
  const failed_changes: FailedChangeView[] = [...givenUp, ...retrying].map((row) => ({
    id: row.id,
    provider_id: row.provider_id,
    bank_session_id: row.bank_session_id,
    status_id: row.status_id,
    change_date: row.change_date,
    payment_session_id: row.payment_session_id,
    state: row.gave_up_at ? "given_up" : "retrying",
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at,
    gave_up_at: row.gave_up_at,
    first_failed_at: row.created_at,
  }))
  res.json({ failed_changes })
}
