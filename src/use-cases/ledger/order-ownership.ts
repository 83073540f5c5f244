/**
 * Which order owns a charge's money, written into the money ledger (tbc_payment.order_id) as soon
 * as Medusa places the order, so the guards, jobs and the admin's attention list see "an order
 * owns it" without asking Medusa again. Medusa's data is read through Query (order → payment
 * collections → payments → their sessions); the ledger through LedgerStore.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { holdsMoney } from "../../lib/ledger/guards"
import { isPaymentOfCharge } from "../../lib/ledger/order-of-charge"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

interface PaymentView {
  provider_id?: string
  payment_session_id?: string | null
  data?: unknown
}

interface OrderView {
  id: string
  payment_collections?: Array<{ payments?: PaymentView[] }>
}

/** The TBC payments an order was placed with. */
function tbcPaymentsOfOrder(order: OrderView | undefined): PaymentView[] {
  return (order?.payment_collections ?? [])
    .flatMap((collection) => collection.payments ?? [])
    .filter((payment) => /^pp_tbc-/.test(payment.provider_id ?? "") && payment.payment_session_id)
}

/** The TBC sessions whose payments an order was placed with. */
export function tbcSessionsOfOrder(order: OrderView | undefined): string[] {
  return [...new Set(tbcPaymentsOfOrder(order).map((payment) => payment.payment_session_id as string))]
}

/**
 * Records the order on the ledger's money charges its TBC payments were made from; returns how
 * many. Only the charge a payment's data names owns the order: another charge of the same session
 * (one an admin wrongly marked "not charged", reopened by the bank's late word after the shopper
 * paid again) is a second charge of the cart, left to the lost-callback job and the orphan policy.
 */
export async function recordOrderOwnership(
  container: MedusaContainer,
  orderId: string,
  actor: string
): Promise<number> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.provider_id",
      "payment_collections.payments.payment_session_id",
      "payment_collections.payments.data",
    ],
    filters: { id: orderId },
  })
  const payments = tbcPaymentsOfOrder(data[0] as OrderView | undefined)
  if (payments.length === 0) return 0
  const ledger = ledgerOf(container)
  let marked = 0
  for (const sessionId of new Set(payments.map((payment) => payment.payment_session_id as string))) {
    const ofSession = payments.filter((payment) => payment.payment_session_id === sessionId)
    for (const charge of await ledger.chargesOfSession(sessionId)) {
      if (!holdsMoney(charge) || charge.order_id === orderId) continue
      if (!ofSession.some((payment) => isPaymentOfCharge(payment.data, charge.pay_id))) continue
      await ledger.markOrder(charge.id, orderId, actor)
      marked++
    }
  }
  return marked
}
