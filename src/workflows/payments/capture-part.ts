/**
 * An admin's capture of a TBC checkout payment for a given amount (POST
 * /admin/tbc/payments/:id/capture), as four steps:
 *   1. validate: the rules of src/lib/capture-amount.ts (refused before anything is recorded,
 *      with the field and the rule);
 *   2. record: a capture of less than the hold opens its completion entry in the money ledger,
 *      amount included, for this request; opening it is the ledger's compare-and-set (one open
 *      operation per charge), so a capture, cancel or refund already under way refuses it. The
 *      compensation closes the entry while it is unsent, so its amount can never shape a later
 *      capture;
 *   3. Medusa's own capture workflow with that amount, run as this request
 *      (src/providers/tbc-checkout/ledger/capture-request.ts): the provider sends ONE completion of
 *      exactly the recorded amount, and the bank returns the rest of the hold by itself;
 *   4. settle: once the bank completed, Medusa's payment is for what it took and captured (Medusa
 *      would otherwise offer a capture of the rest the bank already gave back).
 * A capture of the whole amount left skips 2 and 4: Medusa's capture, as its own route does it.
 */
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { CAPTURE_INTENT_ACTOR, captureVerdict } from "../../lib/capture-amount"
import { isCheckoutProviderId } from "../../lib/checkout-choices"
import { minorToMajor } from "../../lib/money"
import {
  LedgerStore,
  ledgerOf,
  OperationUnderWayError,
  operationSeed,
  recordError,
} from "../../modules/tbc/ledger/ledger-store"
import { withCaptureRequest } from "../../providers/tbc-checkout/ledger/capture-request"

export const tbcCapturePaymentWorkflowId = "tbc-capture-payment"

export interface TbcCapturePaymentInput {
  payment_id: string
  /** major units, as the admin typed it */
  amount: number | string
  /** the admin user who captures */
  captured_by?: string
}

/** What validation decided: the whole amount left (Medusa's capture) or less (one smaller completion). */
interface CapturePlan {
  payment_id: string
  captured_by?: string
  /** what Medusa records as captured (major units); undefined = the whole amount left */
  amount?: number | string
  /** a capture of less than the hold: the charge it completes and the amount (tetri) */
  part?: { charge_id: string; amount_minor: number }
}

interface PaymentView {
  id: string
  amount?: unknown
  currency_code?: string | null
  provider_id?: string
  canceled_at?: unknown
  data?: Record<string, unknown> | null
  captures?: Array<{ amount?: unknown }>
}

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }

export const validateTbcCaptureStep = createStep(
  "tbc-validate-capture",
  async (input: TbcCapturePaymentInput, { container }): Promise<StepResponse<CapturePlan>> => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
    const { data } = await query.graph({
      entity: "payment",
      fields: ["id", "amount", "currency_code", "provider_id", "canceled_at", "data", "captures.amount"],
      filters: { id: input.payment_id },
    })
    const payment = data[0] as PaymentView | undefined
    if (!payment)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Payment with id: ${input.payment_id} was not found`)
    if (!isCheckoutProviderId(payment.provider_id ?? "")) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `id: payment ${payment.id} is not a TBC checkout payment`)
    }
    if (payment.canceled_at) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `id: payment ${payment.id} was canceled; nothing can be captured`
      )
    }
    const payId = typeof payment.data?.payId === "string" ? payment.data.payId : ""
    const ledger = ledgerOf(container)
    const charge = payId ? await ledger.byPayId(payId) : undefined
    const completions = charge ? (await ledger.operationsOf(charge.id)).filter((op) => op.kind === "completion") : []
    const verdict = captureVerdict(input.amount, {
      // the hold at the bank (Medusa's payment amount becomes what a partial capture took)
      amount: charge ? minorToMajor(charge.amount) : payment.amount,
      currency_code: payment.currency_code,
      captured: (payment.captures ?? []).map((capture) => capture.amount),
      completions,
    })
    const plan = { payment_id: payment.id, captured_by: input.captured_by }
    if (verdict.kind === "refuse") throw new MedusaError(MedusaError.Types.INVALID_DATA, verdict.message)
    // the whole amount left: Medusa's capture judges the amount as its own route would
    if (verdict.kind === "full") return new StepResponse({ ...plan, amount: input.amount })
    if (!charge) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "amount: this TBC payment has no entry in the money ledger, so a smaller amount cannot be sent to the bank; capture it in full or cancel it."
      )
    }
    const part = { charge_id: charge.id, amount_minor: verdict.amountMinor }
    return new StepResponse({ ...plan, amount: minorToMajor(verdict.amountMinor), part })
  }
)

/** The completion entry of a capture of less than the hold, opened for this request (null: the whole). */
export const recordTbcCompletionStep = createStep(
  "tbc-record-completion",
  async (plan: CapturePlan, { container }): Promise<StepResponse<string | null, string | null>> => {
    if (!plan.part) return new StepResponse(null, null)
    const ledger = ledgerOf(container)
    const charge = await ledger.byId(plan.part.charge_id)
    if (!charge)
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `id: no ledger entry for payment ${plan.payment_id}`)
    const actor = `${CAPTURE_INTENT_ACTOR}${plan.captured_by ?? "unknown"}`
    try {
      const entry = await ledger.open(operationSeed(charge, "completion", plan.part.amount_minor), actor)
      return new StepResponse(entry.id, entry.id)
    } catch (error) {
      if (!(error instanceof OperationUnderWayError)) throw error
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `id: the capture was not sent to the bank: ${error.message}`)
    }
  },
  async (entryId, { container }) => {
    if (!entryId) return
    // unsent (Medusa refused, or a later step failed before the provider ran): its amount must
    // never shape another capture. A sent one moved by the bank's answer and stays as it is.
    await closeUnsent(ledgerOf(container), entryId)
  }
)

async function closeUnsent(ledger: LedgerStore, entryId: string): Promise<void> {
  if ((await ledger.byId(entryId))?.state !== "sending") return
  await ledger.apply(
    entryId,
    { type: "clear_refusal", reason: "the capture did not reach the bank" },
    "workflow:capture"
  )
}

/** Medusa's capture workflow, run as the request that opened the completion entry (if any). */
export const captureAtMedusaStep = createStep(
  "tbc-capture-at-medusa",
  async (input: { plan: CapturePlan; entry_id: string | null }, { container }) => {
    const { payment_id, captured_by, amount } = input.plan
    const capture = () => capturePaymentWorkflow(container).run({ input: { payment_id, captured_by, amount } })
    const { result } = input.entry_id ? await withCaptureRequest(input.entry_id, capture) : await capture()
    return new StepResponse({ id: result.id })
  }
)

/** Once the bank completed less than the hold: Medusa's payment is for what it took, all of it captured. */
export const settleTbcCaptureStep = createStep(
  "tbc-settle-capture",
  async (input: { payment_id: string; entry_id: string | null }, { container }) => {
    if (!input.entry_id) return new StepResponse({ settled: false })
    const ledger = ledgerOf(container)
    const entry = await ledger.byId(input.entry_id)
    if (entry?.state === "sending") await closeUnsent(ledger, entry.id)
    if (entry?.state !== "done") return new StepResponse({ settled: false })
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    try {
      const update = { id: input.payment_id, amount: minorToMajor(entry.amount), captured_at: new Date() }
      await payments.updatePayment(update as UpdatePaymentDTO)
    } catch (error) {
      // the money moved and Medusa recorded its capture: a failure here only leaves the rest of
      // the hold looking capturable, and any capture of it is refused with what the bank took
      const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
      logger.warn(`[tbc] partial capture of payment ${input.payment_id}: not marked captured: ${recordError(error)}`)
      return new StepResponse({ settled: false })
    }
    return new StepResponse({ settled: true })
  }
)

export const tbcCapturePaymentWorkflow = createWorkflow(
  tbcCapturePaymentWorkflowId,
  (input: TbcCapturePaymentInput) => {
    const plan = validateTbcCaptureStep(input)
    const entryId = recordTbcCompletionStep(plan)
    const payment = captureAtMedusaStep({ plan, entry_id: entryId })
    const settled = settleTbcCaptureStep({ payment_id: payment.id, entry_id: entryId })
    return new WorkflowResponse({ payment_id: payment.id, settled })
  }
)
