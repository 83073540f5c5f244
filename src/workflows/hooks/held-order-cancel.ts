/**
 * cancelOrderWorkflow's `orderCanceled` hook: an order is not cancelled while the bank still holds
 * its TBC payment.
 *
 * Why a hook: Medusa's cancel-payment step (core-flows 2.18.0 and 2.21.2 alike) catches a
 * provider's refusal, logs it and cancels the order anyway. When our cancel sent nothing (the
 * ledger could not record it: fail closed) or the bank did not release the hold, the order would
 * end cancelled while the shopper's money stays held at the bank, listed nowhere until the
 * expiring-preauthorization job, up to the bank's 30 days. A cancel that worked leaves Medusa's
 * payment canceled; one still neither captured nor canceled after the step means the release
 * failed, and throwing here makes Medusa compensate the workflow: the order is as before, and the
 * admin (or the daily job, which retries the next day) is told to try again. Captured means any
 * capture (holdIsOpen, src/lib/capture-amount.ts): after a capture for less the bank holds nothing,
 * even where Medusa's `captured_at` stayed unset, and Medusa's cancel refunds that payment, it does
 * not cancel it. Only Medusa's own records are read (Query), so the check works while the ledger's
 * table is unreadable.
 *
 * Medusa's compensation leaves one thing of the cancel behind: the order's payment collections
 * stay `canceled` (its update step restores their amounts and metadata, not their status), so the
 * order would show its held payment as canceled. The refusal first gives each of them back the
 * status Medusa computes from what the collection holds (src/lib/collection-status.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
  type PaymentCollectionStatus,
} from "@medusajs/framework/utils"
import { collectionStatusOf } from "../../lib/collection-status"
import { medusaAmountToMinorOr0 as minorOr0 } from "../../providers/common/medusa-values"
import { heldCheckoutPaymentOf } from "../../use-cases/payment-facts/held-payment"
import { fieldOf, stringOf, type HookContext } from "./saved-card-cart"

/** cancelOrderWorkflow, after Medusa cancelled the order and tried to cancel its payments: `{ order }`. */
export async function refuseCancelWhileHeld(hookInput: { order?: unknown } | undefined, { container }: HookContext) {
  const orderId = stringOf(fieldOf(hookInput?.order, "id"))
  if (!orderId) return
  const held = await heldCheckoutPaymentOf(container, orderId)
  if (!held) return
  await restoreCanceledCollections(container, orderId)
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `The order was not canceled: TBC still holds its payment ${held.payment_id}, because releasing it failed (the reason is in the server log). Nothing was taken; try the cancel again.`
  )
}

interface CollectionRow {
  id: string
  status: string
  amount: unknown
  authorized_amount?: unknown
  captured_amount?: unknown
  payment_sessions?: unknown[]
}

/** The order's collections Medusa's cancel marked `canceled`, back to the status their amounts give. */
async function restoreCanceledCollections(container: MedusaContainer, orderId: string): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "payment_collections.id",
      "payment_collections.status",
      "payment_collections.amount",
      "payment_collections.authorized_amount",
      "payment_collections.captured_amount",
      "payment_collections.payment_sessions.id",
    ],
    filters: { id: orderId },
  })
  const collections = (
    (data[0] as { payment_collections?: CollectionRow[] } | undefined)?.payment_collections ?? []
  ).filter((collection) => collection.status === "canceled")
  const payments = container.resolve(Modules.PAYMENT)
  for (const collection of collections) {
    const status = collectionStatusOf({
      sessions: collection.payment_sessions?.length ?? 0,
      amountMinor: minorOr0(collection.amount),
      authorizedMinor: minorOr0(collection.authorized_amount),
      capturedMinor: minorOr0(collection.captured_amount),
    })
    await payments.updatePaymentCollections(collection.id, { status: status as PaymentCollectionStatus })
  }
}
