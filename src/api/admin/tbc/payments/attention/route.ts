/**
 * GET /admin/tbc/payments/attention?limit=: every unresolved entry of the money ledger, newest
 * first — exactly those for which attentionReason (src/lib/ledger/guards.ts) gives a reason: a
 * charge whose answer could not be read, an execution sent with no answer recorded, the bank
 * deciding for long, money at the bank that no order owns (session gone, order refused, orphan
 * policy "notify" or failed), an operation whose answer was lost. Each with what is known
 * (amount in tetri, card mask, time, merchantPaymentId, payId, state, reason, cart, provider) and
 * the actions the admin may take (POST /admin/tbc/ledger/:id/…). `{ entries, has_more }`.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { listAttention } from "../../../../../use-cases/ledger-admin/attention"
import { ledgerOf } from "../../../../../modules/tbc/ledger/ledger-store"
import type { ListQuery } from "../../../../validators/route-schemas"
import type { AttentionListView } from "../../../../../lib/ledger/attention-view"
import { isCheckoutProvider } from "../../helpers/ledger-action"

export async function GET(req: MedusaRequest<unknown, ListQuery>, res: MedusaResponse) {
  // checked by route-validators.ts (limit 1..200, default 20)
  const { limit } = req.validatedQuery
  const ledger = ledgerOf(req.scope)
  const answer: AttentionListView = await listAttention(ledger, isCheckoutProvider(req.scope), limit, new Date())
  res.json(answer)
}
