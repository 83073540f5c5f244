/**
 * bank sessionId → Medusa payment session (and the application's money-ledger entry), for a whole
 * page at once.
 *
 * Sources, each one indexed query per page, on our own tables:
 * - the money ledger: every application made since the ledger has an entry whose pay_id is the
 *   bank sessionId, written by the provider before the bank was asked (it names the session, the
 *   collection and the cart, and whether the session is gone);
 * - our tbc_installment_application rows, written when the session is created (the last step of
 *   src/workflows/payment-sessions). An application the ledger knows but the table does not (its
 *   row was never written) gets its row from the entry here.
 *
 * Fallback, for applications older than the ledger and for sessions created outside the store route (a custom route, a script, a workflow
 * run by hand): ONE Query read per page of the payment sessions for the ids still unknown, matching
 * the provider's `data.sessionId` (with the cart, through Medusa's collection link); what it finds
 * is written to our table so the next change of that application is an index hit. Ids unknown to
 * both (another shop on the same merchant key, test data) come back unmatched: the sync records
 * and acknowledges them without touching Medusa.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { minorToMajor } from "../../lib/money"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { type LedgerEntry, ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import type { ApplicationRef } from "./apply-to-medusa"

/** What the fallback reads of a payment session (Query, payment module + cart link). */
interface FoundSession {
  id: string
  amount: number | string
  data: { sessionId: string }
  payment_collection_id?: string | null
  payment_collection?: { cart?: { id: string } | null } | null
}

export async function findApplications(
  container: MedusaContainer,
  providerId: string,
  bankSessionIds: string[]
): Promise<Map<string, ApplicationRef>> {
  const found = new Map<string, ApplicationRef>()
  if (bankSessionIds.length === 0) return found
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const ledger = ledgerOf(container)
  const entries = new Map<string, LedgerEntry>()
  for (const entry of await ledger.chargesByPayIds(bankSessionIds)) {
    if (entry.kind === "installment" && entry.pay_id) entries.set(entry.pay_id, entry)
  }
  const rows = await tbc.listInstallmentApplications(
    { bank_session_id: bankSessionIds },
    { select: ["bank_session_id", "payment_session_id"], take: bankSessionIds.length }
  )
  for (const row of rows) {
    const entry = entries.get(row.bank_session_id)
    found.set(row.bank_session_id, {
      bank_session_id: row.bank_session_id,
      payment_session_id: entry?.payment_session_id ?? row.payment_session_id,
      ...(entry ? { entry } : {}),
    })
  }
  const fromLedger = [...entries.values()].filter((entry) => !found.has(entry.pay_id!))
  if (fromLedger.length > 0) {
    // an entry of a session opened outside the store route knows no cart: Medusa's links do
    const unplaced = fromLedger.filter((entry) => !entry.cart_id).map((entry) => entry.payment_session_id)
    const placed = new Map<string, { collection: string | null; cart: string | null }>()
    if (unplaced.length > 0) {
      const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "payment_session",
        fields: ["id", "payment_collection_id", "payment_collection.cart.id"],
        filters: { id: unplaced },
      })
      for (const s of data as unknown as FoundSession[]) {
        placed.set(s.id, { collection: s.payment_collection_id ?? null, cart: s.payment_collection?.cart?.id ?? null })
      }
    }
    await tbc.ensureInstallmentApplications(
      fromLedger.map((entry) => ({
        bank_session_id: entry.pay_id!,
        payment_session_id: entry.payment_session_id,
        payment_collection_id: entry.payment_collection_id ?? placed.get(entry.payment_session_id)?.collection ?? null,
        cart_id: entry.cart_id ?? placed.get(entry.payment_session_id)?.cart ?? null,
        amount: String(minorToMajor(entry.amount)),
      }))
    )
    for (const entry of fromLedger) {
      found.set(entry.pay_id!, { bank_session_id: entry.pay_id!, payment_session_id: entry.payment_session_id, entry })
    }
  }
  const missing = bankSessionIds.filter((id) => !found.has(id))
  if (missing.length === 0) return found

  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: ["id", "amount", "data", "payment_collection_id", "payment_collection.cart.id"],
    // a filter inside the JSON column: MikroORM turns it into data->>'sessionId' in (…)
    filters: { provider_id: providerId, data: { sessionId: missing } },
  })
  const sessions = (data as unknown as FoundSession[]).filter((s) => typeof s.data?.sessionId === "string")
  if (sessions.length === 0) return found
  await tbc.ensureInstallmentApplications(
    sessions.map((s) => ({
      bank_session_id: s.data.sessionId,
      payment_session_id: s.id,
      payment_collection_id: s.payment_collection_id ?? null,
      cart_id: s.payment_collection?.cart?.id ?? null,
      amount: String(s.amount),
    }))
  )
  for (const s of sessions) {
    found.set(s.data.sessionId, { bank_session_id: s.data.sessionId, payment_session_id: s.id })
  }
  return found
}
