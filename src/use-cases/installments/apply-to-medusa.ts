/**
 * What one installment status change does to Medusa, through Medusa's own workflows:
 * - approved (2, 5): processPaymentWorkflow "authorized" — the same path as a payment webhook: it
 *   authorizes the session (the provider reads /status) and completes the cart if it has no order.
 * - disbursed (8, 9): captured — processPaymentWorkflow "captured" when a payment exists and is
 *   not captured yet, otherwise "authorized" (the provider then reports CAPTURED, so the payment is
 *   created already captured).
 * - declined / expired / canceled (3, 4, 6, 7, 13): cancel the order if one was placed (which
 *   cancels its uncaptured payment), else cancel a stray payment; then mark the session canceled
 *   (or error, for the bank's refusals) with the bank's description, so no order stays half-paid.
 *
 * Why every effect first reads the current state and acts only on a difference: a change can be
 * applied again after a crash between "apply" and "record" (see sync-runner.ts). Reading state
 * makes each effect convergent, so a second application changes nothing.
 */
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { installmentOutcome, installmentSessionStatus } from "../../lib/installment-status"
import { cartIdOfCollection } from "./cart-of-collection"
import { toSessionStatus } from "../../providers/common/medusa-values"
import type { LedgerFacts } from "../../lib/ledger/guards"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { recordOrphanCancel } from "./sync-ledger"

export interface ApplicationRef {
  bank_session_id: string
  payment_session_id: string
  /** the application's money-ledger entry (every application made since the ledger has one) */
  entry?: Pick<LedgerFacts, "session_gone_at"> & { id: string; amount: number }
}

export interface ChangeToApply {
  bank_session_id: string
  status_id: number
  status_description?: string | null
}

export type EffectName = "authorized" | "captured" | "canceled" | "none"

/** Cancels the application at the bank (the sync's client for the change's registration). */
export type CancelAtBank = (bankSessionId: string) => Promise<void>

interface SessionState {
  id: string
  status: string
  amount: number
  currency_code: string
  data: Record<string, unknown>
  payment_collection_id: string
  payment?: { id: string; captured_at?: Date | string | null; canceled_at?: Date | string | null } | null
}

async function loadSession(container: MedusaContainer, id: string): Promise<SessionState | undefined> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_session",
    fields: [
      "id",
      "status",
      "amount",
      "currency_code",
      "data",
      "payment_collection_id",
      "payment.id",
      "payment.captured_at",
      "payment.canceled_at",
    ],
    filters: { id },
  })
  return data[0] as unknown as SessionState | undefined
}

/** The order placed for the session's cart, if any (cart → order link). */
export async function orderForCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<{ id: string; status?: string } | undefined> {
  const cartId = await cartIdOfCollection(container, paymentCollectionId)
  if (!cartId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "order_cart",
    fields: ["order_id"],
    filters: { cart_id: cartId },
  })
  const orderId = (links[0] as { order_id?: string } | undefined)?.order_id
  if (!orderId) return undefined
  const { data: orders } = await query.graph({ entity: "order", fields: ["id", "status"], filters: { id: orderId } })
  return (orders[0] as { id: string; status?: string } | undefined) ?? { id: orderId }
}

/**
 * Applies one change; returns what it did and the order id the session's cart now has (if any).
 *
 * A session that Medusa dropped (cart changed, another method chosen) had its application
 * canceled by deletePayment, unless the bank could not be reached. An approval arriving for it
 * would leave a live loan with no order (money the bank would pay for a cart nobody orders), so it
 * is canceled at the bank now: the orphan policy of an installment. Whether the session is gone is
 * the ledger's word (its entry's session_gone_at, set by deletePayment); only an application made
 * before the ledger existed is judged by whether Query still finds its session.
 */
export async function applyChangeToMedusa(
  container: MedusaContainer,
  application: ApplicationRef,
  change: ChangeToApply,
  cancelAtBank?: CancelAtBank
): Promise<{ effect: EffectName; orderId?: string }> {
  const outcome = installmentOutcome(change.status_id)
  if (outcome === "pending") return { effect: "none" }
  const gone = application.entry ? application.entry.session_gone_at !== null : undefined
  const session = gone ? undefined : await loadSession(container, application.payment_session_id)
  if (!session) {
    if (outcome !== "approved" || !cancelAtBank) return { effect: "none" }
    await cancelAtBank(change.bank_session_id)
    await recordOrphanCancel(ledgerOf(container), application)
    return { effect: "canceled" }
  }
  const payment = session.payment ?? undefined
  const paymentLive = payment && !payment.canceled_at
  let effect: EffectName = "none"

  if (outcome === "approved" || outcome === "disbursed") {
    const alreadyDone = outcome === "approved" ? paymentLive : paymentLive && payment.captured_at
    const sessionClosed =
      session.status === PaymentSessionStatus.CANCELED || session.status === PaymentSessionStatus.ERROR
    if (!alreadyDone && !sessionClosed) {
      const action = outcome === "disbursed" && paymentLive ? PaymentActions.SUCCESSFUL : PaymentActions.AUTHORIZED
      await processPaymentWorkflow(container).run({
        input: { action, data: { session_id: session.id, amount: session.amount } },
      })
      // processPaymentWorkflow swallows a failed cart completion (continueOnPermanentFailure):
      // say so instead of counting an authorization that did not happen
      const after = await loadSession(container, session.id)
      if (!after?.payment || after.payment.canceled_at) {
        throw new Error(
          `the bank ${outcome === "approved" ? "approved" : "disbursed"} the loan but Medusa created no payment ` +
            `(the cart could not be completed?); session ${session.id}`
        )
      }
      effect = outcome === "approved" ? "authorized" : "captured"
    }
  } else {
    effect = await cancelEverything(container, session, change)
  }
  const order = await orderForCollection(container, session.payment_collection_id)
  return { effect, orderId: order?.id }
}

async function cancelEverything(
  container: MedusaContainer,
  session: SessionState,
  change: ChangeToApply
): Promise<EffectName> {
  let effect: EffectName = "none"
  const order = await orderForCollection(container, session.payment_collection_id)
  const payment = session.payment ?? undefined
  if (order && order.status !== "canceled") {
    await cancelOrderWorkflow(container).run({ input: { order_id: order.id } })
    effect = "canceled"
  } else if (payment && !payment.canceled_at && !payment.captured_at) {
    await container.resolve(Modules.PAYMENT).cancelPayment(payment.id)
    effect = "canceled"
  }
  const target = toSessionStatus(installmentSessionStatus(change.status_id))
  if (session.status !== target) {
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      status: target,
      data: {
        ...session.data,
        statusId: change.status_id,
        ...(change.status_description ? { statusDescription: change.status_description } : {}),
      },
    })
    effect = "canceled"
  }
  return effect
}
