/**
 * Which order owns a charge's money, written into the money ledger (tbc_payment.order_id) as soon
 * as Medusa places the order, so the guards, jobs and the admin's attention list see "an order
 * owns it" without asking Medusa again. Medusa's data is read through Query (order → payment
 * collections → payments → their sessions); the ledger through LedgerStore.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { holdsMoney } from "../../lib/ledger/guards"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

interface OrderView {
  id: string
  payment_collections?: Array<{ payments?: Array<{ provider_id?: string; payment_session_id?: string | null }> }>
}

/** The TBC sessions whose payments an order was placed with. */
export function tbcSessionsOfOrder(order: OrderView | undefined): string[] {
  const sessions = (order?.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => /^pp_tbc-/.test(payment.provider_id ?? "") && payment.payment_session_id)
    .map((payment) => payment.payment_session_id as string)
  return [...new Set(sessions)]
}

/** Records the order on the ledger's money charges of its TBC sessions; returns how many. */
export async function recordOrderOwnership(
  container: MedusaContainer,
  orderId: string,
  actor: string
): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "payment_collections.payments.provider_id", "payment_collections.payments.payment_session_id"],
    filters: { id: orderId },
  })
  const sessions = tbcSessionsOfOrder(data[0] as OrderView | undefined)
  if (sessions.length === 0) return 0
  const ledger = ledgerOf(container)
  let marked = 0
  for (const sessionId of sessions) {
    for (const charge of await ledger.chargesOfSession(sessionId)) {
      if (!holdsMoney(charge) || charge.order_id === orderId) continue
      await ledger.markOrder(charge.id, orderId, actor)
      marked++
    }
  }
  return marked
}
