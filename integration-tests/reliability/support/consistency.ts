/**
 * Does the bank agree with Medusa, checkout by checkout? A checkout (one cart) is consistent when
 * it is either placed and paid (one order, one Medusa payment captured exactly the amount the bank
 * took, the bank payment Succeeded) or not placed with nothing held or taken at the bank (every
 * bank payment of the cart's sessions is Created, Failed, Expired or Returned in full).
 *   lost   = money held or taken at the bank without an order (or without its Medusa payment);
 *   double = two orders, two bank payments holding money, or more than one capture;
 *   unpaid = an order whose bank payment did not take the order total.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { toTetri } from "../../utils/checkout-orders"

export type CheckoutVerdict = "placed_and_paid" | "not_placed_nothing_held" | "lost" | "double" | "unpaid"

/** The fields of a sandbox payment the judge compares. */
export interface BankPaymentView {
  payId: string
  status: string
  amount: number
  confirmedAmount?: number
  returnedAmount?: number
  merchantPaymentId?: string | null
}

export interface CheckoutJudgement {
  cartId: string
  verdict: CheckoutVerdict
  why: string
}

/** Money the bank holds or has taken and not given back, in tetri. */
export function heldOrTakenTetri(payment: BankPaymentView): number {
  if (payment.status === "WaitingConfirm") return toTetri(payment.amount)
  if (payment.status === "Succeeded" || payment.status === "PartialReturned") {
    const taken = toTetri(payment.confirmedAmount ?? 0) > 0 ? toTetri(payment.confirmedAmount) : toTetri(payment.amount)
    return taken - toTetri(payment.returnedAmount ?? 0)
  }
  return 0
}

interface CartRow {
  id: string
  order?: { id: string; total: unknown } | null
  payment_collection?: { id: string } | null
}

interface MedusaPaymentRow {
  id: string
  data?: Record<string, unknown> | null
  captures?: { amount: unknown }[]
  payment_collection_id?: string
}

export async function judgeCheckouts(
  container: MedusaContainer,
  cartIds: string[],
  bankPayments: BankPaymentView[]
): Promise<CheckoutJudgement[]> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const paymentModule = container.resolve(Modules.PAYMENT)
  const { data: carts } = (await query.graph({
    entity: "cart",
    fields: ["id", "order.id", "order.total", "payment_collection.id"],
    filters: { id: cartIds },
  })) as unknown as { data: CartRow[] }
  const collectionIds = carts.map((cart) => cart.payment_collection?.id).filter((id): id is string => Boolean(id))
  // sessions replaced by a storefront retry are soft-deleted: their bank payments still count
  const sessions = collectionIds.length
    ? await paymentModule.listPaymentSessions(
        { payment_collection_id: collectionIds },
        { withDeleted: true, take: 100_000 }
      )
    : []
  const payments = (collectionIds.length
    ? await paymentModule.listPayments(
        // payment_collection_id is a column of payment, just not in the declared filter type
        { payment_collection_id: collectionIds } as Parameters<typeof paymentModule.listPayments>[0],
        { relations: ["captures"], withDeleted: true, take: 100_000 }
      )
    : []) as unknown as MedusaPaymentRow[]
  const bankBySession = new Map<string, BankPaymentView[]>()
  for (const payment of bankPayments) {
    if (!payment.merchantPaymentId) continue
    const list = bankBySession.get(payment.merchantPaymentId) ?? []
    list.push(payment)
    bankBySession.set(payment.merchantPaymentId, list)
  }
  const ordersByCart = new Map<string, number>()
  for (const cart of carts) ordersByCart.set(cart.id, cart.order?.id ? 1 : 0)

  return carts.map((cart): CheckoutJudgement => {
    const judged = (verdict: CheckoutVerdict, why: string) => ({ cartId: cart.id, verdict, why })
    const collectionId = cart.payment_collection?.id
    const cartSessions = sessions.filter((session) => session.payment_collection_id === collectionId)
    const atBank = cartSessions.flatMap((session) => bankBySession.get(session.id) ?? [])
    const holding = atBank.filter((payment) => heldOrTakenTetri(payment) > 0)
    const cartPayments = payments.filter((payment) => payment.payment_collection_id === collectionId)
    const captures = cartPayments.flatMap((payment) => payment.captures ?? [])

    if (holding.length > 1)
      return judged("double", `${holding.length} bank payments hold money: ${holding.map((p) => p.payId)}`)
    if (cartPayments.length > 1) return judged("double", `${cartPayments.length} Medusa payments`)
    if (captures.length > 1) return judged("double", `${captures.length} captures recorded`)
    if (!cart.order?.id) {
      if (holding.length === 0) return judged("not_placed_nothing_held", "no order, nothing held")
      return judged(
        "lost",
        `no order, bank ${holding[0].payId} ${holding[0].status} holds ${heldOrTakenTetri(holding[0])} tetri`
      )
    }
    const orderTetri = toTetri(cart.order.total)
    const paid = holding[0]
    if (!paid || paid.status !== "Succeeded" || heldOrTakenTetri(paid) !== orderTetri) {
      return judged(
        "unpaid",
        `order ${cart.order.id} of ${orderTetri} tetri, bank: ${paid ? `${paid.status} ${heldOrTakenTetri(paid)}` : "nothing taken"}`
      )
    }
    const medusaPayment = cartPayments[0]
    if (!medusaPayment || medusaPayment.data?.payId !== paid.payId) {
      return judged("lost", `order ${cart.order.id}: no Medusa payment for bank ${paid.payId}`)
    }
    const capturedTetri = captures.reduce((sum, capture) => sum + toTetri(capture.amount), 0)
    if (capturedTetri !== orderTetri) {
      return judged("unpaid", `order ${cart.order.id}: captured ${capturedTetri} of ${orderTetri} tetri in Medusa`)
    }
    return judged("placed_and_paid", `order ${cart.order.id}, bank ${paid.payId} Succeeded`)
  })
}

export function summarize(judgements: CheckoutJudgement[]): Record<CheckoutVerdict, number> {
  const counts: Record<CheckoutVerdict, number> = {
    placed_and_paid: 0,
    not_placed_nothing_held: 0,
    lost: 0,
    double: 0,
    unpaid: 0,
  }
  for (const judgement of judgements) counts[judgement.verdict] += 1
  return counts
}
