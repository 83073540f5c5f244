/**
 * GET /admin/tbc/ledger-history?limit=: the money ledger's entries an admin acted on (re-check,
 * attach payId, not charged, release), newest first, each with its whole audit trail: every move,
 * from which state to which, who (an admin by email) or what moved it, and why. Listed also after
 * the entry left the attention list. `{ entries }` (src/use-cases/ledger-admin/history.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { ledgerOf } from "../../../../modules/tbc/ledger/ledger-store"
import { adminLedgerHistory } from "../../../../use-cases/ledger-admin/history"
import type { ListQuery } from "../../../validators/route-schemas"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const users = req.scope.resolve(Modules.USER)
  const emailsOf = async (ids: string[]) => {
    if (ids.length === 0) return new Map<string, string>()
    const found: { id: string; email: string }[] = await users.listUsers({ id: ids }, { select: ["id", "email"] })
    return new Map(found.map((user) => [user.id, user.email]))
  }
  res.json(await adminLedgerHistory(ledgerOf(req.scope), limit, new Date(), emailsOf))
}
