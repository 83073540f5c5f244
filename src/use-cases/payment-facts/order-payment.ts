/**
 * Finds the TBC payment of an order (the one Medusa authorized) and the time it was authorized.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export interface OrderTbcPayment {
  payment_id: string
  provider_id: string
  payment_session_id: string | null
  amount: unknown
  currency_code: string
  data: Record<string, unknown>
  authorized_at: Date
  captured_at: string | null
  canceled_at: string | null
  /** how many captures Medusa recorded (a capture for less leaves captured_at unset in Medusa) */
  captures: number
}

interface PaymentRow {
  id: string
  provider_id: string
  payment_session_id?: string | null
  amount: unknown
  currency_code: string
  data?: Record<string, unknown> | null
  created_at: string | Date
  captured_at?: string | null
  canceled_at?: string | null
  captures?: { id: string }[] | null
}

interface SessionRow {
  id: string
  authorized_at?: string | Date | null
}

/** undefined when the order does not exist; null when it has no TBC payment. */
export async function findOrderTbcPayment(
  container: MedusaContainer,
  orderId: string
): Promise<OrderTbcPayment | null | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "payment_collections.payments.*",
      "payment_collections.payments.captures.id",
      "payment_collections.payment_sessions.*",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as
    { payment_collections?: { payments?: PaymentRow[]; payment_sessions?: SessionRow[] }[] } | undefined
  if (!order) {
    return undefined
  }
  const collections = order.payment_collections ?? []
  const payments = collections.flatMap((c) => c.payments ?? []).filter((p) => p.provider_id.startsWith("pp_tbc-"))
  const sessions = collections.flatMap((c) => c.payment_sessions ?? [])
  // The newest TBC payment is the live one (an order rarely has more than one).
  const payment = payments.sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())[0]
  if (!payment) {
    return null
  }
  const session = sessions.find((s) => s.id === payment.payment_session_id)
  // Medusa creates the payment when it authorizes the session, so created_at is the fallback.
  const authorizedAt = new Date(session?.authorized_at ?? payment.created_at)
  return {
    payment_id: payment.id,
    provider_id: payment.provider_id,
    payment_session_id: payment.payment_session_id ?? null,
    amount: payment.amount,
    currency_code: payment.currency_code,
    data: payment.data ?? {},
    authorized_at: authorizedAt,
    captured_at: payment.captured_at ?? null,
    canceled_at: payment.canceled_at ?? null,
    captures: payment.captures?.length ?? 0,
  }
}
