/**
 * One admin action on a ledger entry as the plugin's workflows run it
 * (src/workflows/ledger-admin): its dependencies built from the container (the entry's shared bank
 * client within the admin's request budget, Medusa's facts through Query, the admin's name for the
 * audit trail), the lock key of the money it acts on, and the action's answer or refusal as plain
 * data (a workflow's result is serialized: the route turns a refusal back into its status).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { AdminAction } from "../../lib/ledger/admin-actions"
import { adminActor } from "../../lib/ledger/admin-actions"
import { ledgerOf } from "../../modules/tbc/ledger/ledger-store"
import type { LedgerActionView } from "../../lib/ledger/attention-view"
import { adminBankClient } from "../admin-bank-client"
import { findTbcProvider } from "../tbc-providers"
import { ledgerChargeLockKey } from "../reconcile/locks"
import { cancelPaymentWithoutOrder, medusaOwnerOfSession } from "../reconcile/payment-without-order"
import { LedgerActionError } from "./action-error"
import { attachPayId, markNotCharged, recheckEntry, releaseEntry, type AdminActionDeps } from "./actions"

/** What a workflow is handed: the entry, the admin, and the action's own words (payId, reason). */
export interface LedgerActionInput {
  entryId: string
  /** the authenticated admin's user id */
  userId: string
  /** attach: the payId TBC's merchant dashboard shows */
  payId?: string
  /** not charged: the admin's reason, kept in the record */
  reason?: string
}

export type LedgerActionOutcome =
  | { ok: true; view: LedgerActionView }
  | { ok: false; status: LedgerActionError["status"]; code: string; message: string }

/** Whether the provider id names a tbc-checkout registration of this app. */
export function isCheckoutProvider(container: MedusaContainer) {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  return (providerId: string) => findTbcProvider(configModule, providerId)?.kind === "tbc-checkout"
}

export function ledgerActionDeps(container: MedusaContainer, userId: string): AdminActionDeps {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return {
    ledger: ledgerOf(container),
    actor: adminActor(userId),
    now: () => new Date(),
    isCheckout: isCheckoutProvider(container),
    checkoutOf: (providerId) => {
      const registration = findTbcProvider(configModule, providerId)
      // adminActionRefusal lets only tbc-checkout entries reach the bank
      if (registration?.kind !== "tbc-checkout") throw new Error(`${providerId} is not a tbc-checkout provider`)
      return adminBankClient(container, registration).checkout
    },
    medusaOwnerOf: (sessionId, payId) => medusaOwnerOfSession(container, sessionId, payId),
    cancelPaymentWithoutOrder: (sessionId, payId) => cancelPaymentWithoutOrder(container, sessionId, payId),
    logger: {
      debug: () => undefined,
      info: (msg: string) => logger.info(`[tbc ledger admin] ${msg}`),
      warn: (msg: string) => logger.warn(`[tbc ledger admin] ${msg}`),
      error: (msg: string) => logger.error(`[tbc ledger admin] ${msg}`),
    },
  }
}

/**
 * The lock an action on the entry takes: its charge's (an operation acts on its parent's money),
 * the key the lost-callback job and the orphan sweep leave to it. An unknown entry locks its own
 * id: the action then answers 404.
 */
export async function ledgerActionLockKey(container: MedusaContainer, entryId: string): Promise<string> {
  const ledger = ledgerOf(container)
  const entry = await ledger.byId(entryId)
  return ledgerChargeLockKey(entry?.parent_id ?? entryId)
}

const ACTIONS: Record<AdminAction, (deps: AdminActionDeps, input: LedgerActionInput) => Promise<LedgerActionView>> = {
  recheck: (deps, input) => recheckEntry(deps, input.entryId),
  attach: (deps, input) => attachPayId(deps, input.entryId, input.payId ?? ""),
  not_charged: (deps, input) => markNotCharged(deps, input.entryId, input.reason ?? ""),
  release: (deps, input) => releaseEntry(deps, input.entryId),
}

/** Runs the action; a refusal (LedgerActionError) is the outcome, anything else is thrown. */
export async function runLedgerAction(
  container: MedusaContainer,
  action: AdminAction,
  input: LedgerActionInput
): Promise<LedgerActionOutcome> {
  try {
    return { ok: true, view: await ACTIONS[action](ledgerActionDeps(container, input.userId), input) }
  } catch (error) {
    if (!(error instanceof LedgerActionError)) throw error
    return { ok: false, status: error.status, code: error.code, message: error.message }
  }
}
