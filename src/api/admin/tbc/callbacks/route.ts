/** GET /admin/tbc/callbacks?limit=: the most recent bank callbacks and what we did with them. */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TBC_MODULE, type TbcModuleService } from "../../../../modules/tbc"
import type { ListQuery } from "../../../validators/route-schemas"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listCallbackLogs({}, { order: { created_at: "DESC" }, take: limit })
  res.json({
    callbacks: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      provider_id: row.provider_id,
      pay_id: row.pay_id,
      result: row.result,
      bank_status: row.bank_status,
      source_ip: row.source_ip,
      /** refused callbacks of one source and minute are one row: how many requests it stands for */
      count: row.count,
    })),
  })
}
