/**
 * bank sessionId → Medusa payment session, for a whole page at once.
 *
 * Primary source: our tbc_installment_application rows, written when the session is created (the
 * last step of src/workflows/payment-sessions), looked up by the unique bank_session_id
 * index: one indexed query per page.
 *
 * Fallback, for sessions created outside the store route (a custom route, a script, a workflow
 * run by hand): ONE query per page over payment_session for the ids still unknown, matching the
 * provider's `data->>'sessionId'`; what it finds is written to our table so the next change of
 * that application is an index hit. Ids unknown to both (another shop on the same merchant key,
 * test data) come back unmatched: the sync records and acknowledges them without touching Medusa.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { PgConnection } from "../pg-connection"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import type { ApplicationRef } from "./apply-to-medusa"

export async function findApplications(
  container: MedusaContainer,
  providerId: string,
  bankSessionIds: string[]
): Promise<Map<string, ApplicationRef>> {
  const found = new Map<string, ApplicationRef>()
  if (bankSessionIds.length === 0) return found
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listInstallmentApplications(
    { bank_session_id: bankSessionIds },
    { select: ["bank_session_id", "payment_session_id"], take: bankSessionIds.length }
  )
  for (const row of rows) {
    found.set(row.bank_session_id, { bank_session_id: row.bank_session_id, payment_session_id: row.payment_session_id })
  }
  const missing = bankSessionIds.filter((id) => !found.has(id))
  if (missing.length === 0) return found

  const knex = container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)
  const { rows: sessions } = await knex.raw(
    `select ps.id, ps.payment_collection_id, ps.amount::text as amount, ps.data->>'sessionId' as bank_session_id,
            cpc.cart_id
       from payment_session ps
       left join cart_payment_collection cpc
         on cpc.payment_collection_id = ps.payment_collection_id and cpc.deleted_at is null
      where ps.provider_id = ? and ps.deleted_at is null
        and ps.data->>'sessionId' in (select jsonb_array_elements_text(?::jsonb))`,
    [providerId, JSON.stringify(missing)]
  )
  if (sessions.length === 0) return found
  await tbc.ensureInstallmentApplications(
    sessions.map((s) => ({
      bank_session_id: String(s.bank_session_id),
      payment_session_id: String(s.id),
      payment_collection_id: (s.payment_collection_id as string | null) ?? null,
      cart_id: (s.cart_id as string | null) ?? null,
      amount: String(s.amount),
    }))
  )
  for (const s of sessions) {
    const id = String(s.bank_session_id)
    found.set(id, { bank_session_id: id, payment_session_id: String(s.id) })
  }
  return found
}
