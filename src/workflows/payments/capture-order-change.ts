/**
 * A capture that starts from the order (POST /admin/tbc/orders/:id/order-change-capture): the
 * order's TBC payment is still held, and the merchant either lists what changed (items not
 * delivered, lower quantities, a lower price), has already made an order edit in Medusa's
 * dashboard, or gives a bare amount with its reason (a discount). Steps:
 *   0. take the order's capture lock without waiting (./order-action-lock.ts): a second press while
 *      the first is under way is answered 409 (the route keeps its words); one pressed after it
 *      finds nothing held any more;
 *   1. plan: the order's held TBC checkout payment and, when items are listed, the items checked
 *      against the order (src/lib/order-change-capture.ts), before anything is written;
 *   2. items listed: Medusa's own order-edit workflows record the change (begin an edit, update
 *      the items); their compensation removes the edit if a later step fails;
 *   3. the new total, from Medusa's preview of the change: what the bank completes (at most the
 *      hold; a raised total takes the hold whole and the rest stays owed);
 *   4. the plugin's capture workflow (capture-part.ts): ONE completion of that amount through the
 *      money ledger's partial completion; the bank returns the rest of the hold by itself;
 *   5. a bare amount: Medusa's createOrderCreditLinesWorkflow credits the order the rest of the
 *      hold (an order change of type credit_line, with the merchant's reason), so it owes nothing
 *      for money that went back; no edit is confirmed. Otherwise, Medusa's own confirmation of the
 *      edit. It comes last on purpose: Medusa's confirmation cancels an authorized payment and
 *      opens a collection for the whole new total (createOrUpdateOrderPaymentCollectionWorkflow,
 *      2.21), which would release the hold. Once
 *      captured, the payment is left alone, and the order owes nothing (or only what a raised
 *      total added, for the saved-card charge).
 *   6. the payment collection is then for what the bank took (settleOrderChangeCollectionStep), so
 *      the dashboard's "Total pending" shows nothing for money that went back to the card.
 * If Medusa's confirmation fails after the bank completed (another edit holding the order's lock,
 * a reservation refused), the compensation removes the edit step 2 began: the payment stays
 * captured for the new total and the order shows the difference as outstanding. The edit can then
 * be made again and confirmed with Medusa's own Confirm, which is allowed once captured.
 * Medusa's own POST /admin/order-edits/:id/confirm is refused while the hold stands
 * (src/api/tbc-middlewares/held-order-changes.ts), so the hold is never cancelled to be re-taken.
 */
import {
  beginOrderEditOrderWorkflow,
  confirmOrderEditRequestWorkflow,
  createOrderCreditLinesWorkflow,
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
import {
  amountCapturePlan,
  orderChangeCapturePlan,
  orderChangeItemProblems,
  orderChangeRequestProblem,
  type OrderChangeItem,
} from "../../lib/order-change-capture"
import { findHeldCheckoutPayment, openOrderEditOf } from "../../use-cases/payment-facts/held-payment"
import { tbcCapturePaymentWorkflow } from "./capture-part"
import { orderActionLockSteps } from "./order-action-lock"
import { recordError } from "../../modules/tbc/ledger/ledger-store"

export const tbcCaptureOrderChangeWorkflowId = "tbc-capture-order-change"

/** One capture from an order at a time; the second press is told the first is under way. */
const captureLock = orderActionLockSteps(
  "order-change-capture",
  "id: a capture from this order is already under way; reload the order to see its result"
)

export interface TbcCaptureOrderChangeInput {
  order_id: string
  /** what changed; absent = the order's open edit (made in Medusa's dashboard), or `amount` */
  items?: OrderChangeItem[]
  /** a bare amount to capture (major units, as typed): the rest of the hold becomes the order's credit */
  amount?: number | string
  /** why, kept on Medusa's order change (required with `amount`) */
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
    const problem = orderChangeRequestProblem({
      hasItems: Boolean(input.items),
      hasAmount: input.amount !== undefined,
      hasNote: Boolean(input.note?.trim()),
      openEditId: openEdit?.id ?? null,
    })
    if (problem) throw new MedusaError(MedusaError.Types.INVALID_DATA, problem)
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

/** The new total (Medusa's preview of the open change), or the bare amount → the amount the bank completes. */
export const orderChangeCaptureAmountStep = createStep(
  "tbc-order-change-capture-amount",
  async (input: { order_id: string; held_minor: number; amount?: number | string }, { container }) => {
    const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
    const plan =
      input.amount !== undefined
        ? amountCapturePlan({ heldMinor: input.held_minor, requested: input.amount })
        : orderChangeCapturePlan({
            heldMinor: input.held_minor,
            newTotalMinor: minorOf((await orders.previewOrderChange(input.order_id)).total),
          })
    if (plan.kind === "refuse") throw new MedusaError(MedusaError.Types.INVALID_DATA, plan.message)
    return new StepResponse({ ...plan, amount: minorToMajor(plan.captureMinor) })
  }
)

/**
 * A bare amount captured: the order is credited what went back to the card (at most what it still
 * owes), as Medusa's credit line with the merchant's reason, so it owes nothing for it. After the
 * capture on purpose (the money is the fact the order's record follows); a failure here leaves the
 * rest showing as outstanding, as a plain capture of less would, and is logged.
 */
export const creditReleasedRestStep = createStep(
  "tbc-credit-released-rest",
  async (
    input: { order_id: string; payment_id: string; released_minor: number; note?: string; actor_id?: string },
    { container }
  ) => {
    try {
      const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
      const { data } = await query.graph({
        entity: "order",
        fields: ["id", "summary"],
        filters: { id: input.order_id },
      })
      const pending = (data[0] as { summary?: { pending_difference?: unknown } } | undefined)?.summary
        ?.pending_difference
      const creditMinor = Math.min(input.released_minor, pending === undefined ? 0 : minorOf(pending))
      if (creditMinor <= 0) return new StepResponse({ credited_minor: 0 })
      const { result } = await createOrderCreditLinesWorkflow(container).run({
        input: {
          id: input.order_id,
          credit_lines: [
            { amount: minorToMajor(creditMinor), reference: "tbc_capture", reference_id: input.payment_id },
          ],
        },
      })
      // Medusa keeps no metadata or note of a credit line (it records its change version): the
      // reason goes on the credit line's order change, as an edit's does
      const version = (result[0] as { metadata?: { created_in_version?: unknown } } | undefined)?.metadata
        ?.created_in_version
      const { data: changes } = await query.graph({
        entity: "order_change",
        fields: ["id", "version", "change_type"],
        filters: { order_id: input.order_id, change_type: "credit_line" },
      })
      const change = (changes as { id: string; version: unknown }[]).find((c) => c.version === version)
      if (change) {
        await container.resolve<IOrderModuleService>(Modules.ORDER).updateOrderChanges({
          id: change.id,
          internal_note: input.note ?? null,
          confirmed_by: input.actor_id ?? null,
        })
      }
      return new StepResponse({ credited_minor: creditMinor })
    } catch (error) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .warn(`[tbc] capture of order ${input.order_id} for less: rest not credited: ${recordError(error)}`)
      return new StepResponse({ credited_minor: 0 })
    }
  }
)

/**
 * Once the edit is confirmed (or the rest credited): the payment collection is for what the bank took, completed. Medusa's
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
    const lock = captureLock.take(input)
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
      amount: input.amount,
    }))
    const plan = orderChangeCaptureAmountStep(amountInput)
    const captureInput = transform({ input, held, plan }, ({ input, held, plan }) => ({
      payment_id: held.payment_id,
      amount: plan.amount,
      captured_by: input.actor_id,
    }))
    tbcCapturePaymentWorkflow.runAsStep({ input: captureInput })
    when({ input }, ({ input }) => input.amount === undefined).then(() => {
      const confirm = transform({ input }, ({ input }) => ({ order_id: input.order_id, confirmed_by: input.actor_id }))
      confirmOrderEditRequestWorkflow.runAsStep({ input: confirm })
    })
    when({ input }, ({ input }) => input.amount !== undefined).then(() => {
      const credit = transform({ input, held, plan }, ({ input, held, plan }) => ({
        order_id: input.order_id,
        payment_id: held.payment_id,
        released_minor: plan.releasedMinor,
        note: input.note,
        actor_id: input.actor_id,
      }))
      creditReleasedRestStep(credit)
    })
    const settled = settleOrderChangeCollectionStep({ payment_id: held.payment_id })
    captureLock.giveBack(transform({ lock, settled }, ({ lock }) => lock))
    return new WorkflowResponse(plan)
  }
)
