/**
 * The order widget's view of an open order edit on an order whose TBC card payment the bank still
 * holds: the edit, the order's new total (Medusa's preview of the change) and what the capture
 * from it would take (src/lib/order-change-capture.ts). null when the payment is not held or the
 * order has no open edit.
 */
import type { BigNumberInput, IOrderModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { minorToMajor } from "../../lib/money"
import { medusaAmountToMinor } from "../../providers/common/medusa-values"
import { orderChangeCapturePlan } from "../../lib/order-change-capture"
import { isHeldCheckout, openOrderEditOf } from "./held-payment"
import type { OrderTbcPayment } from "./order-payment"

export interface OrderEditCaptureView {
  id: string
  status: string
  /** major units */
  new_total: number
  /** what the capture would take, return to the card, and leave owed (major units); null: refused */
  capture: { amount: number; released: number; owed: number } | null
  /** why it cannot be captured from (e.g. the edit leaves nothing to pay) */
  refusal: string | null
}

const minorOf = (amount: unknown): number => medusaAmountToMinor(amount as BigNumberInput)

export async function orderEditCaptureView(
  container: MedusaContainer,
  orderId: string,
  payment: OrderTbcPayment
): Promise<OrderEditCaptureView | null> {
  if (!isHeldCheckout(payment)) return null
  const edit = await openOrderEditOf(container, orderId)
  if (!edit) return null
  const preview = await container.resolve<IOrderModuleService>(Modules.ORDER).previewOrderChange(orderId)
  const newTotalMinor = minorOf(preview.total)
  const plan = orderChangeCapturePlan({ heldMinor: minorOf(payment.amount), newTotalMinor })
  return {
    ...edit,
    new_total: minorToMajor(newTotalMinor),
    capture:
      plan.kind === "capture"
        ? {
            amount: minorToMajor(plan.captureMinor),
            released: minorToMajor(plan.releasedMinor),
            owed: minorToMajor(plan.owedMinor),
          }
        : null,
    refusal: plan.kind === "refuse" ? plan.message : null,
  }
}
