/**
 * Online-installment applications: status ids 0–13 (TBC.OpenAPI.SDK.OnlineInstallments
 * ApplicationStatuses) and the transitions the merchant drives. Every change after creation is
 * appended to the status-changes feed.
 */
import { INSTALLMENT_STATUS_WIRE_NAMES } from "medusa-payment-tbc/lib"
import { minorToMajor } from "medusa-payment-tbc/lib"
import type { InstallmentProduct } from "medusa-payment-tbc/lib"
import type { SandboxBank } from "./bank"
import type { FeedItem } from "./feed"
import { newSessionId } from "./ids"
import type { SandboxApplication } from "./store"

/** The status ids' names as the bank's answers carry them. */
export const APPLICATION_STATUS_NAMES = INSTALLMENT_STATUS_WIRE_NAMES

const DESCRIPTIONS: Record<number, string> = {
  0: "Installment pending (client authentication)",
  1: "Installment in progress",
  2: "Installment approved",
  3: "Installment expired",
  4: "Installment canceled",
  5: "Installment waiting for merchant confirmation",
  6: "Installment declined",
  7: "Installment canceled by merchant",
  8: "Installment disbursed",
  9: "Installment pending Disbursed (Confirmed from both side)",
  10: "Installment needs confirmation",
  11: "Waiting for income documents upload",
  12: "Waiting for income documents verification",
  13: "Income documents declined",
}

export const MAX_STATUS_ID = 13
/** Statuses from which nothing moves on (the merchant can no longer cancel). */
export const FINAL_APPLICATION_STATUSES = [3, 4, 6, 7, 8, 13]
/** Statuses the merchant may confirm from. */
export const CONFIRMABLE_STATUSES = [2, 5]

export function statusDescription(statusId: number): string {
  return DESCRIPTIONS[statusId] ?? `Status ${statusId}`
}

export interface NewApplication {
  merchantKey: string
  campaignId?: string
  invoiceId?: string
  priceTotalMinor: number
  products: InstallmentProduct[]
}

export function createApplication(bank: SandboxBank, input: NewApplication): SandboxApplication {
  const now = bank.now()
  const application: SandboxApplication = {
    sessionId: newSessionId(),
    ...input,
    contributionMinor: 0,
    statusId: 0,
    createdAt: now,
    history: [{ statusId: 0, at: now }],
  }
  bank.store.applications.set(application.sessionId, application)
  return application
}

export function changeApplicationStatus(
  bank: SandboxBank,
  application: SandboxApplication,
  statusId: number
): FeedItem {
  const now = bank.now()
  application.statusId = statusId
  application.history.push({ statusId, at: now })
  return bank.store.feed.push({
    sessionId: application.sessionId,
    statusId,
    changeDate: new Date(now).toISOString(),
    amountMinor: application.priceTotalMinor,
    contributionMinor: application.contributionMinor,
  })
}

export function applicationStatusView(application: SandboxApplication): Record<string, unknown> {
  return {
    amount: minorToMajor(application.priceTotalMinor),
    contributionAmount: minorToMajor(application.contributionMinor),
    statusId: application.statusId,
    description: statusDescription(application.statusId),
  }
}

export function feedItemView(item: FeedItem): Record<string, unknown> {
  return {
    sessionId: item.sessionId,
    statusId: item.statusId,
    statusDescription: statusDescription(item.statusId),
    changeDate: item.changeDate,
    amount: minorToMajor(item.amountMinor),
    contributionAmount: minorToMajor(item.contributionMinor),
  }
}

export function applicationStateView(application: SandboxApplication): Record<string, unknown> {
  return {
    sessionId: application.sessionId,
    statusId: application.statusId,
    status: APPLICATION_STATUS_NAMES[application.statusId],
    priceTotal: minorToMajor(application.priceTotalMinor),
    products: application.products,
    invoiceId: application.invoiceId ?? null,
    campaignId: application.campaignId ?? null,
    merchantKey: application.merchantKey,
    createdAt: application.createdAt,
    history: application.history,
  }
}
