/**
 * One ledger charge of the lost-callback job, as the job's per-entry workflow runs it
 * (src/workflows/reconcile/per-entry.ts): its context built from the container (the
 * registration's shared bank client with a job's fewer retries, its orphan policy in force, the
 * recent-callback check, the admin's notices), the entry re-read, driven by ./drive-charge.ts.
 * Input and output are plain data (a workflow's are serialized), so the run's circuit breaker
 * stays in the loop (./pending-payments.ts): the bank's successes and failures seen while driving
 * the charge come back, in order, for the loop to count.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import { parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { bankClientFor } from "../bank-clients"
import type { TbcProviderRegistration } from "../tbc-providers"
import { noticeToAdmin } from "./admin-notice"
import { driveCharge, type DriveContext, type PendingReconcileResult } from "./drive-charge"
import { checkoutRegistrations, passLogger, reconcileNow } from "./run-context"

export interface DriveChargeInput {
  entryId: string
  providerId: string
  /** the run's "now", ISO */
  now: string
  /** the run's age window (pendingReconcileMinutes) */
  olderThanMinutes: number
}

/** What the bank said of its health while the charge was driven, in order (the run's breaker counts it). */
export type BreakerSignal = "success" | "failure"

export interface DriveChargeOutput {
  /** undefined when the entry or its registration is gone */
  result: PendingReconcileResult | undefined
  breaker: BreakerSignal[]
}

/** Drives one charge (the loop's default; the job and its workflow hand in the per-entry workflow instead). */
export type DriveOne = (input: DriveChargeInput) => Promise<DriveChargeOutput>

/** A callback accepted within the window is still being processed by Medusa's subscriber. */
async function hasRecentAcceptedCallback(
  container: MedusaContainer,
  payId: string,
  now: Date,
  olderThanMinutes: number
): Promise<boolean> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const rows = await tbc.listCallbackLogs(
    { pay_id: payId, result: "accepted" },
    { take: 1, order: { created_at: "DESC" } }
  )
  const latest = rows[0]
  return latest !== undefined && now.getTime() - new Date(latest.created_at).getTime() < olderThanMinutes * 60_000
}

function driveContextOf(
  container: MedusaContainer,
  registration: TbcProviderRegistration,
  input: DriveChargeInput,
  breaker: BreakerSignal[]
): DriveContext {
  const now = reconcileNow(input.now, "driveLedgerCharge")
  return {
    container,
    client: bankClientFor(registration, container, { maxRetries: 1 }),
    ledger: ledgerOf(container),
    breaker: { success: () => breaker.push("success"), failure: () => breaker.push("failure") },
    now,
    orphanPolicy: parseCheckoutOptions(registration.options).orphanPolicy,
    logger: passLogger(container, "[tbc reconcile]"),
    recentCallback: (payId: string) => hasRecentAcceptedCallback(container, payId, now, input.olderThanMinutes),
    notice: (title: string, description: string) => noticeToAdmin(container, title, description),
  }
}

export async function driveLedgerCharge(
  container: MedusaContainer,
  input: DriveChargeInput
): Promise<DriveChargeOutput> {
  const breaker: BreakerSignal[] = []
  const registration = (await checkoutRegistrations(container)).find((r) => r.providerId === input.providerId)
  if (!registration) return { result: undefined, breaker }
  const ctx = driveContextOf(container, registration, input, breaker)
  const entry = await ctx.ledger.byId(input.entryId)
  if (!entry) return { result: undefined, breaker }
  return { result: await driveCharge(ctx, entry), breaker }
}
