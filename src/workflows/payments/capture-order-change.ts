/**
 * A capture that starts from the order (POST /admin/tbc/orders/:id/order-change-capture): the
 * order's TBC payment is still held, and the merchant either lists what changed (items not
 * delivered, lower quantities, a lower price) or has already made an order edit in Medusa's
 * dashboard. Steps:
 *   1. plan: the order's held TBC checkout payment and, when items are listed, the items checked
 *      against the order (src/lib/order-change-capture.ts), before anything is written;
 *   2. items listed: Medusa's own order-edit workflows record the change (begin an edit, update
 *      the items); their compensation removes the edit if a later step fails;
 *   3. the new total, from Medusa's preview of the change: what the bank completes (at most the
 *      hold; a raised total takes the hold whole and the rest stays owed);
 *   4. the plugin's capture workflow (capture-part.ts): ONE completion of that amount through the
 *      money ledger's partial completion; the bank returns the rest of the hold by itself;
 *   5. Medusa's own confirmation of the edit. It comes last on purpose: Medusa's confirmation
 *      cancels an authorized payment and opens a collection for the whole new total
 *      (createOrUpdateOrderPaymentCollectionWorkflow, 2.21), which would release the hold. Once
 *      captured, the payment is left alone, and the order owes nothing (or only what a raised
 *      total added, for the saved-card charge).
 *   6. the payment collection is then for what the bank took (settleOrderChangeCollectionStep), so
 *      the dashboard's "Total pending" shows nothing for money that went back to the card.
 * If Medusa's confirmation fails after the bank completed (another edit holding the order's lock,
 * a reservation refused), the compensation removes the edit step 2 began: the payment stays
 * captured for the new total and the order shows the difference as outstanding. The edit can then
 * be made again and confirmed with Medusa's own Confirm, which is allowed once captured.
 * Medusa's own POST /admin/order-edits/:id/confirm is refused while the hold stands
 * (src/api/tbc-middlewares/order-edits.ts), so the hold is never cancelled to be re-taken.
 */
import {
  beginOrderEditOrderWorkflow,
  confirmOrderEditRequestWorkflow,
  orderEditUpdateItemQuantityWorkflow,
} from "@medusajs/medusa/core-flows"
import type { BigNumberInput, IOrderModuleService, IPaymentModuleService } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MathBN,
  MedusaError,
  Modules,
  PaymentCollectionStatus,
} from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  when,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { minorToMajor } from "../../lib/money"
import { medusaAmountToMinor } from "../../providers/common/medusa-values"
import { orderChangeCapturePlan, orderChangeItemProblems, type OrderChangeItem } from "../../lib/order-change-capture"
import { findHeldCheckoutPayment, openOrderEditOf } from "../../use-cases/payment-facts/held-payment"
import { tbcCapturePaymentWorkflow } from "./capture-part"
import { recordError } from "../../modules/tbc/ledger/ledger-store"

export const tbcCaptureOrderChangeWorkflowId = "tbc-capture-order-change"

export interface TbcCaptureOrderChangeInput {
  order_id: string
  /** what changed; absent = the order's open edit (made in Medusa's dashboard) */
  items?: OrderChangeItem[]
  /** why, kept on Medusa's order change */
  note?: string
  /** the admin user */
  actor_id?: string
}

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

/** Medusa's numbers (quantities, totals) come as numbers, strings or big-number objects. */
const minorOf = (amount: unknown): number => medusaAmountToMinor(amount as BigNumberInput)
const countOf = (quantity: unknown): number => Number(MathBN.convert(quantity as BigNumberInput).toFixed())

export const planOrderChangeCaptureStep = createStep(
  "tbc-plan-order-change-capture",
  async (input: TbcCaptureOrderChangeInput, { container }) => {
    const held = await findHeldCheckoutPayment(container, input.order_id)
    const openEdit = await openOrderEditOf(container, input.order_id)
    if (!input.items && !openEdit) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        "items: the order has no open order edit; list the items that changed (id and new quantity or price)"
      )
    }
    if (input.items && openEdit) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `items: the order already has an open order edit (${openEdit.id}); capture it without items, or cancel it first`
      )
    }
    if (input.items) {
      const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
      const { data } = await query.graph({
        entity: "order",
        // "items.*": an order item's quantity is read from its detail row, which a bare "items.quantity" leaves out
        fields: ["id", "items.*"],
        filters: { id: input.order_id },
      })
      const items = ((data[0] as { items?: { id: string; quantity: unknown }[] })?.items ?? []).map((item) => ({
        id: item.id,
        quantity: countOf(item.quantity),
      }))
      const problems = orderChangeItemProblems(input.items, items)
      if (problems.length) throw new MedusaError(MedusaError.Types.INVALID_DATA, problems.join("; "))
    }
    return new StepResponse({ payment_id: held.payment_id, held_minor: minorOf(held.amount) })
  }
)

/** The new total (Medusa's preview of the open change) → the amount the bank completes. */
export const orderChangeCaptureAmountStep = createStep(
  "tbc-order-change-capture-amount",
  async (input: { order_id: string; held_minor: number }, { container }) => {
    const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
    const preview = await orders.previewOrderChange(input.order_id)
    const plan = orderChangeCapturePlan({ heldMinor: input.held_minor, newTotalMinor: minorOf(preview.total) })
    if (plan.kind === "refuse") throw new MedusaError(MedusaError.Types.INVALID_DATA, plan.message)
    return new StepResponse({ ...plan, amount: minorToMajor(plan.captureMinor) })
  }
)

/**
 * Once the edit is confirmed: the payment collection is for what the bank took, completed. Medusa's
 * collection keeps the old total as its amount after a smaller capture, and the dashboard shows
 * amount − captured as "Total pending" for money that went back to the card and can never be
 * collected from this payment. A failure here leaves only that display: the money and the edit are done.
 */
export const settleOrderChangeCollectionStep = createStep(
  "tbc-settle-order-change-collection",
  async (input: { payment_id: string }, { container }) => {
    try {
      const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
      const { data } = await query.graph({
        entity: "payment",
        fields: ["id", "captured_at", "captures.amount", "payment_collection.id", "payment_collection.amount"],
        filters: { id: input.payment_id },
      })
      const payment = data[0] as
        | {
            captured_at?: unknown
            captures?: { amount: unknown }[]
            payment_collection?: { id: string; amount: unknown }
          }
        | undefined
      const collection = payment?.payment_collection
      const takenMinor = (payment?.captures ?? []).reduce((sum, capture) => sum + minorOf(capture.amount), 0)
      if (!payment?.captured_at || !collection || minorOf(collection.amount) <= takenMinor) {
        return new StepResponse({ settled: false })
      }
      await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentCollections(collection.id, {
        amount: minorToMajor(takenMinor),
        status: PaymentCollectionStatus.COMPLETED,
      })
      return new StepResponse({ settled: true })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`[tbc] order change of payment ${input.payment_id}: collection not settled: ${recordError(error)}`)
      return new StepResponse({ settled: false })
    }
  }
)

export const tbcCaptureOrderChangeWorkflow = createWorkflow(
  tbcCaptureOrderChangeWorkflowId,
  (input: TbcCaptureOrderChangeInput) => {
    const held = planOrderChangeCaptureStep(input)
    when({ input }, ({ input }) => Boolean(input.items)).then(() => {
      const begin = transform({ input }, ({ input }) => ({
        order_id: input.order_id,
        created_by: input.actor_id,
        internal_note: input.note,
      }))
      beginOrderEditOrderWorkflow.runAsStep({ input: begin })
      const update = transform({ input }, ({ input }) => ({ order_id: input.order_id, items: input.items ?? [] }))
      orderEditUpdateItemQuantityWorkflow.runAsStep({ input: update })
    })
    const amountInput = transform({ input, held }, ({ input, held }) => ({
      order_id: input.order_id,
      held_minor: held.held_minor,
    }))
    const plan = orderChangeCaptureAmountStep(amountInput)
    const captureInput = transform({ input, held, plan }, ({ input, held, plan }) => ({
      payment_id: held.payment_id,
      amount: plan.amount,
      captured_by: input.actor_id,
    }))
    tbcCapturePaymentWorkflow.runAsStep({ input: captureInput })
    const confirm = transform({ input }, ({ input }) => ({ order_id: input.order_id, confirmed_by: input.actor_id }))
    confirmOrderEditRequestWorkflow.runAsStep({ input: confirm })
    settleOrderChangeCollectionStep({ payment_id: held.payment_id })
    return new WorkflowResponse(plan)
  }
)
