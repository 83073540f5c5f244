/**
 * Reconciliation of lost callbacks: tbc-checkout payment sessions still pending in Medusa some
 * minutes after they were opened, whose callback never arrived (or arrived long ago and changed
 * nothing). We ask the bank for each one and, when the bank says it is held or paid, drive
 * Medusa's own `processPaymentWorkflow` with the action the callback would have produced, so a
 * lost callback never loses an order.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules, PaymentActions } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import type { TbcProviderRegistration } from "../../lib/app/tbc-providers"
import { webhookAction } from "../../lib/checkout-status"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import type { PgConnection } from "../../lib/app/pg-connection"
import { PaymentRecords } from "../../providers/tbc-checkout/payment-records"
import { withBankClient } from "./bank-client"
import { checkoutRegistrations, reconcileNow } from "./run-context"
import { readPendingReconcileMinutes } from "../../lib/preauth-options"
import { DAY_MS } from "./preauth-deadline"

/**
 * Sessions older than this are left alone: the bank's hosted page lives at most a day
 * (expirationMinutes ≤ 1440), so an unpaid one has expired by then. Bounds how long an abandoned
 * checkout keeps being looked up.
 */
export const PENDING_MAX_AGE_MS = DAY_MS + 60 * 60 * 1000
/** Bank look-ups per provider and run at most; newest first, as they matter most to shoppers. */
export const PENDING_BATCH = 200
const OPEN_STATUSES = ["pending", "requires_more", "pending_authorization"]

export interface PendingReconcileInput {
  /** ISO time taken as "now" (tests move it forward); default the real clock */
  now?: string
  /** override of the checkout option `pendingReconcileMinutes` */
  olderThanMinutes?: number
}

export type PendingOutcome =
  | "processed"
  | "still_open"
  | "not_paid"
  | "no_pay_id"
  | "recent_callback"
  /** the session was deleted after it was listed: never processed (the orphan sweep handles the money) */
  | "session_gone"
  | "error"

export interface PendingReconcileResult {
  session_id: string
  pay_id: string | null
  bank_status: string | null
  action: string | null
  outcome: PendingOutcome
  error?: string
}

interface SessionRow {
  id: string
  amount: unknown
  data?: Record<string, unknown> | null
  created_at: string | Date
}

async function sessionsToCheck(
  container: MedusaContainer,
  registration: TbcProviderRegistration,
  now: Date,
  olderThanMinutes: number
): Promise<SessionRow[]> {
  const payments = container.resolve(Modules.PAYMENT)
  const newest = new Date(now.getTime() - olderThanMinutes * 60_000)
  const oldest = new Date(now.getTime() - PENDING_MAX_AGE_MS)
  // status and created_at are columns of payment_session, just not in the filter's declared type
  const filters = {
    provider_id: registration.providerId,
    status: OPEN_STATUSES,
    created_at: { $lte: newest.toISOString(), $gte: oldest.toISOString() },
  } as unknown as Parameters<typeof payments.listPaymentSessions>[0]
  return (await payments.listPaymentSessions(filters, {
    take: PENDING_BATCH,
    order: { created_at: "DESC" },
  })) as unknown as SessionRow[]
}

/** A callback accepted within the window is still being processed by Medusa's subscriber. */
async function hasRecentAcceptedCallback(
  container: MedusaContainer,
  payId: string,
  now: Date,
  olderThanMinutes: number
): Promise<boolean> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listCallbackLogs({ pay_id: payId, result: "accepted" }, { take: 1, order: { created_at: "DESC" } })
  const latest = rows[0]
  return latest !== undefined && now.getTime() - new Date(latest.created_at).getTime() < olderThanMinutes * 60_000
}

async function reconcileSession(
  container: MedusaContainer,
  registration: TbcProviderRegistration,
  session: SessionRow,
  now: Date,
  olderThanMinutes: number
): Promise<PendingReconcileResult> {
  const payId = typeof session.data?.payId === "string" ? session.data.payId : null
  const base = { session_id: session.id, pay_id: payId, bank_status: null, action: null }
  if (!payId) {
    return { ...base, outcome: "no_pay_id" }
  }
  if (await hasRecentAcceptedCallback(container, payId, now, olderThanMinutes)) {
    return { ...base, outcome: "recent_callback" }
  }
  try {
    const details = await withBankClient(registration, (client) => client.checkout.getPayment(payId), { maxRetries: 1 })
    const records = new PaymentRecords(container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION))
    await records.noteBankStatus(payId, String(details.status)).catch(() => undefined)
    const action = webhookAction(String(details.status))
    const result = { ...base, bank_status: String(details.status), action }
    if (action !== PaymentActions.AUTHORIZED && action !== PaymentActions.SUCCESSFUL) {
      return { ...result, outcome: action === PaymentActions.NOT_SUPPORTED ? "still_open" : "not_paid" }
    }
    // The session may have been deleted since it was listed (cart total changed, new session):
    // processPaymentWorkflow must never see a session that does not exist (it would then look up
    // carts with no payment collection at all). Its money is the orphan sweep's business.
    if (!(await records.sessionAlive(session.id))) {
      return { ...result, outcome: "session_gone" }
    }
    // Exactly what Medusa's payment-webhook subscriber runs for the bank's callback.
    await processPaymentWorkflow(container).run({
      input: { action, data: { session_id: session.id, amount: session.amount as any } },
    })
    return { ...result, outcome: "processed" }
  } catch (error) {
    return { ...base, outcome: "error", error: error instanceof Error ? error.message : String(error) }
  }
}

/** One pass over every tbc-checkout registration; never throws for one bad session. */
export async function reconcilePendingCheckoutPayments(
  container: MedusaContainer,
  input: PendingReconcileInput = {}
): Promise<PendingReconcileResult[]> {
  const now = reconcileNow(input.now, "reconcilePendingCheckoutPayments")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const results: PendingReconcileResult[] = []
  for (const registration of checkoutRegistrations(container)) {
    const minutes = input.olderThanMinutes ?? readPendingReconcileMinutes(registration.options)
    for (const session of await sessionsToCheck(container, registration, now, minutes)) {
      const result = await reconcileSession(container, registration, session, now, minutes)
      if (result.outcome === "processed") {
        logger.info(`[tbc reconcile] session ${result.session_id} (payId ${result.pay_id}) was ${result.bank_status} at the bank without a callback: processed as ${result.action}`)
      } else if (result.outcome === "session_gone") {
        logger.info(`[tbc reconcile] session ${result.session_id} (payId ${result.pay_id}) was deleted meanwhile: not processed (orphan sweep)`)
      } else if (result.outcome === "error") {
        logger.warn(`[tbc reconcile] session ${result.session_id} (payId ${result.pay_id}) could not be reconciled: ${result.error}`)
      }
      results.push(result)
    }
  }
  return results
}
