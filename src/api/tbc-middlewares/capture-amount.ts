/**
 * Medusa's POST /admin/payments/:id/capture {amount?} on a TBC checkout payment (rules in
 * src/lib/capture-amount.ts):
 *   - the whole amount (or none): Medusa's own capture, unchanged;
 *   - less than the hold: the amount is recorded in the money ledger (a completion entry, before
 *     anything moves), Medusa records its capture and calls capturePayment, which reads the amount
 *     there and sends ONE completion of it; the bank returns the rest of the hold by itself. Once
 *     the bank completed, Medusa's payment is for what the bank took and captured (`amount` = the
 *     completion, `captured_at` set): Medusa offers no capture of a rest the bank already gave
 *     back, lets the admin refund, and its order page shows the payment at what was taken;
 *   - a payment already completed: refused, saying why.
 * Runs under the payment's lock (src/api/middlewares.ts: after paymentLockMiddlewares), so a
 * second press sees what the first one did.
 */
import type {
  AuthenticatedMedusaRequest,
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
  MiddlewareRoute,
} from "@medusajs/framework/http"
import type { IPaymentModuleService, UpdatePaymentDTO } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { CAPTURE_INTENT_ACTOR, captureVerdict } from "../../lib/capture-amount"
import { isCheckoutProviderId } from "../../lib/checkout-choices"
import { minorToMajor } from "../../lib/money"
import {
  LedgerStore,
  operationSeed,
  recordError,
  type LedgerEntry,
  type PgConnection,
} from "../../modules/tbc/ledger/ledger-store"

type QueryLike = { graph(input: Record<string, unknown>): Promise<{ data: unknown[] }> }
type Logger = { warn(message: string): void }

interface PaymentView {
  id: string
  amount?: unknown
  currency_code?: string | null
  provider_id?: string
  canceled_at?: unknown
  data?: Record<string, unknown> | null
  captures?: Array<{ amount?: unknown }>
}

async function paymentOf(req: MedusaRequest): Promise<PaymentView | undefined> {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY) as unknown as QueryLike
  const { data } = await query.graph({
    entity: "payment",
    fields: ["id", "amount", "currency_code", "provider_id", "canceled_at", "data", "captures.amount"],
    filters: { id: String(req.params.id ?? "") },
  })
  return data[0] as PaymentView | undefined
}

/**
 * Runs `settle` (with whether the route succeeded) before the route's answer is sent: the
 * dashboard refetches the order as soon as it has the answer, and must see what `settle` did.
 */
function beforeAnswer(res: MedusaResponse, settle: (ok: boolean) => Promise<void>): void {
  const send = res.json.bind(res)
  res.json = ((body: unknown) => {
    res.json = send
    void settle(res.statusCode < 400)
      .catch(() => undefined)
      .finally(() => send(body))
    return res
  }) as typeof res.json
}

/** After the route: a completed partial capture marks Medusa's payment captured; an unsent one is closed. */
async function settlePartialCapture(req: MedusaRequest, ledger: LedgerStore, op: LedgerEntry, ok: boolean) {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER) as Logger
  const now = await ledger.byId(op.id)
  if (now?.state === "sending") {
    // Medusa refused before capturePayment ran: the amount must not shape a later capture
    await ledger.apply(
      op.id,
      { type: "clear_refusal", reason: "the capture did not reach the bank" },
      op.state_by ?? ""
    )
    return
  }
  if (!ok || now?.state !== "done") return
  const payments = req.scope.resolve(Modules.PAYMENT) as IPaymentModuleService
  try {
    // the hold is finished at the bank: the payment is for what it took, all of it captured
    const update = { id: String(req.params.id), amount: minorToMajor(op.amount), captured_at: new Date() }
    await payments.updatePayment(update as UpdatePaymentDTO)
  } catch (error) {
    logger.warn(`[tbc] partial capture of payment ${req.params.id}: not marked captured: ${recordError(error)}`)
  }
}

export async function tbcCaptureAmount(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const payment = await paymentOf(req)
    if (!payment || !isCheckoutProviderId(payment.provider_id ?? "")) return next()
    const payId = typeof payment.data?.payId === "string" ? payment.data.payId : ""
    const ledger = new LedgerStore(req.scope.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))
    const charge = payId ? await ledger.byPayId(payId) : undefined
    const completions = charge ? (await ledger.operationsOf(charge.id)).filter((op) => op.kind === "completion") : []
    const verdict = captureVerdict((req.body as Record<string, unknown> | undefined)?.amount, {
      // the hold at the bank (Medusa's payment amount becomes what a partial capture took)
      amount: charge ? minorToMajor(charge.amount) : payment.amount,
      currency_code: payment.currency_code,
      captured: (payment.captures ?? []).map((capture) => capture.amount),
      completions,
    })
    if (verdict.kind === "refuse") return next(new MedusaError(MedusaError.Types.INVALID_DATA, verdict.message))
    if (verdict.kind === "full" || payment.canceled_at) return next()
    if (!charge) {
      return next(
        new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          "amount: this TBC payment has no entry in the money ledger, so a smaller amount cannot be sent to the bank; capture it in full or cancel it."
        )
      )
    }
    const userId = (req as AuthenticatedMedusaRequest).auth_context?.actor_id
    const actor = `${CAPTURE_INTENT_ACTOR}${userId ?? "unknown"}`
    const op = await ledger.open(operationSeed(charge, "completion", verdict.amountMinor), actor)
    beforeAnswer(res, (ok) => settlePartialCapture(req, ledger, op, ok))
    return next()
  } catch (error) {
    return next(error)
  }
}

export const captureAmountMiddlewares: MiddlewareRoute[] = [
  {
    method: ["POST"],
    matcher: "/admin/payments/:id/capture",
    middlewares: [tbcCaptureAmount],
  },
]
