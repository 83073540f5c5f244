import type { MedusaContainer } from "@medusajs/framework/types"
import { BigNumber, ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { waitFor } from "./wait-for"

/** A Medusa payment as the tests compare it with the bank: every amount in integer tetri. */
export interface PaymentSnapshot {
  id: string
  amountTetri: number
  capturedAt: string | null
  capturesTetri: number[]
  refundsTetri: number[]
  data: Record<string, unknown>
}

export interface OrderSnapshot {
  id: string
  totalTetri: number
  collectionStatus: string
  payments: PaymentSnapshot[]
}

/** Medusa amounts come as numbers, strings or raw big-number objects; compare them in tetri only. */
export function toTetri(amount: unknown): number {
  const major = new BigNumber(amount as ConstructorParameters<typeof BigNumber>[0]).numeric
  return Math.round(major * 100)
}

/** The order placed from `cartId`, or undefined while there is none (order_cart link). */
export async function findOrderIdOfCart(container: MedusaContainer, cartId: string): Promise<string | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "order.id"], filters: { id: cartId } })
  return (data[0] as { order?: { id?: string } } | undefined)?.order?.id
}

/** Waits until a cart became an order (e.g. placed by the webhook alone) and returns the order id. */
export async function waitForOrderOfCart(
  container: MedusaContainer,
  cartId: string,
  timeoutMs = 20_000
): Promise<string> {
  return waitFor(() => findOrderIdOfCart(container, cartId), {
    timeoutMs,
    intervalMs: 250,
    description: `an order placed from cart ${cartId}`,
  })
}

/** The order's total and its TBC payments with captures and refunds, amounts in tetri. */
export async function readOrder(container: MedusaContainer, orderId: string): Promise<OrderSnapshot> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "total",
      "payment_collections.status",
      "payment_collections.payments.*",
      "payment_collections.payments.captures.*",
      "payment_collections.payments.refunds.*",
    ],
    filters: { id: orderId },
  })
  const order = data[0] as Record<string, any> | undefined
  if (!order) throw new Error(`readOrder: order ${orderId} not found`)
  const collection = order.payment_collections?.[0] ?? {}
  return {
    id: order.id,
    totalTetri: toTetri(order.total),
    collectionStatus: collection.status,
    payments: (collection.payments ?? []).map((payment: Record<string, any>): PaymentSnapshot => ({
      id: payment.id,
      amountTetri: toTetri(payment.amount),
      capturedAt: payment.captured_at ?? null,
      capturesTetri: (payment.captures ?? []).map((capture: { amount: unknown }) => toTetri(capture.amount)),
      refundsTetri: (payment.refunds ?? []).map((refund: { amount: unknown }) => toTetri(refund.amount)),
      data: payment.data ?? {},
    })),
  }
}

/** The only payment of an order; the tests place one-payment orders. */
export function onlyPayment(order: OrderSnapshot): PaymentSnapshot {
  if (order.payments.length !== 1) {
    throw new Error(`onlyPayment: order ${order.id} has ${order.payments.length} payments, expected 1`)
  }
  return order.payments[0]
}

export const sumTetri = (amounts: number[]): number => amounts.reduce((sum, amount) => sum + amount, 0)

/**
 * Waits until the cart became an order AND its payment collection reached `status`. Why not just
 * the order: completeCartWorkflow links the order before it authorizes/captures the payment, so
 * an order seen early still has a `not_paid` collection.
 */
export async function waitForPaidOrderOfCart(
  container: MedusaContainer,
  cartId: string,
  status: "authorized" | "completed",
  timeoutMs = 30_000
): Promise<OrderSnapshot> {
  return waitFor(
    async () => {
      const orderId = await findOrderIdOfCart(container, cartId)
      if (!orderId) return undefined
      const order = await readOrder(container, orderId)
      return order.collectionStatus === status ? order : undefined
    },
    { timeoutMs, intervalMs: 250, description: `an order from cart ${cartId} with a ${status} payment collection` }
  )
}
