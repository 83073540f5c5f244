/** GET /admin/tbc/installments/sync-runs?limit=: the last polls of the installment status feed. */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import type { ListQuery } from "../../../../validators/route-schemas"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listInstallmentSyncRuns({}, { order: { created_at: "DESC" }, take: limit })
  res.json({
    sync_runs: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      synchronization_request_id: row.synchronization_request_id,
      change_count: row.change_count,
      applied_count: row.applied_count,
      applied_at: row.applied_at,
      acknowledged_at: row.acknowledged_at,
      error: row.error,
    })),
  })
}
