/**
 * GET /admin/tbc/payments/attention?limit=: TBC payments the admin should know about, newest
 * first, from our record of every payment (tbc_payment):
 * - orphaned: the bank held or took money for a Medusa session that is gone; what the orphan
 *   policy did (cancelled, refunded, notified = left for you, failed = retried by the sweep);
 * - uncertain: a saved-card charge whose answer was unreadable; it is never sent again, and the
 *   shopper was told "we are checking your payment" until the bank read settles it.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TBC_MODULE, type TbcModuleService } from "../../../../../modules/tbc"
import type { AttentionPaymentView } from "../../helpers/attention-view"
import type { ListQuery } from "../../../../validators/route-schemas"

const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null)

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listTbcPayments(
    { $or: [{ orphan_action: { $ne: null } }, { uncertain_at: { $ne: null } }] },
    { order: { created_at: "DESC" }, take: limit }
  )
  const payments: AttentionPaymentView[] = rows.map((row) => ({
    id: row.id,
    created_at: iso(row.created_at)!,
    provider_id: row.provider_id,
    pay_id: row.pay_id,
    kind: row.kind,
    payment_session_id: row.payment_session_id,
    cart_id: row.cart_id,
    amount: row.amount,
    currency: row.currency,
    bank_status: row.bank_status,
    problem: row.uncertain_at ? "uncertain" : "orphaned",
    action: row.orphan_action,
    action_at: iso(row.orphan_action_at),
    action_amount: row.orphan_amount,
    message: row.uncertain_at ? row.uncertain_reason : row.orphan_error,
    resolved_at: iso(row.resolved_at),
  }))
  res.json({ payments })
}
