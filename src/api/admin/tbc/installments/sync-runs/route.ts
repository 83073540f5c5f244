/**
 * GET /admin/tbc/installments/sync-runs?limit=: the last pages read from the installment status
 * feed (`sync_runs`, newest first) and each provider's last poll, empty ones included
 * (`last_polls: [{ provider_id, polled_at, received }]`).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import type { ListQuery } from "../../../../validators/route-schemas"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const [rows, polls] = await Promise.all([
    tbc.listInstallmentSyncRuns({}, { order: { created_at: "DESC" }, take: limit }),
    tbc.listInstallmentSyncPolls({}, { order: { provider_id: "ASC" } }),
  ])
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
    last_polls: polls.map((poll) => ({
      provider_id: poll.provider_id,
      polled_at: poll.polled_at,
      received: poll.received,
    })),
  })
}
