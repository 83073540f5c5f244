/**
 * What the admin ledger-action routes (POST /admin/tbc/ledger/:id/…) share: the acting admin
 * (Medusa authenticates every /admin route; its user id names the action in the audit trail),
 * the entry id from the path, the actions' dependencies from the request's container, and the
 * answer of a refusal: its status with `{ type, code, message }` in the rule's words.
 */
import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider } from "../../../../app/tbc-providers"
import type { AdminActionDeps } from "../../../../app/ledger-admin/actions"
import { LedgerActionError } from "../../../../app/ledger-admin/action-error"
import { cancelPaymentWithoutOrder, medusaOwnerOfSession } from "../../../../app/reconcile/payment-without-order"
import { adminActor } from "../../../../lib/ledger/admin-actions"
import { LedgerStore, type PgConnection } from "../../../../modules/tbc/ledger/ledger-store"
import { ledgerParamsSchema } from "../../../validators/route-schemas"
import { parseParams } from "../../../validators/validate-request"
import { adminBankClient } from "./bank-read"
import type { LedgerActionView } from "./attention-view"

const ERROR_TYPES: Record<LedgerActionError["status"], string> = {
  400: "invalid_data",
  404: "not_found",
  409: "not_allowed",
  502: "bank_unavailable",
}

/** Whether the provider id names a tbc-checkout registration of this app. */
export function isCheckoutProvider(container: MedusaContainer) {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  return (providerId: string) => findTbcProvider(configModule, providerId)?.kind === "tbc-checkout"
}

export function ledgerActionDeps(container: MedusaContainer, userId: string): AdminActionDeps {
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  return {
    ledger: new LedgerStore(container.resolve<PgConnection>(ContainerRegistrationKeys.PG_CONNECTION)),
    actor: adminActor(userId),
    now: () => new Date(),
    isCheckout: isCheckoutProvider(container),
    checkoutOf: (providerId) => {
      const registration = findTbcProvider(configModule, providerId)
      // adminActionRefusal lets only tbc-checkout entries reach the bank
      if (registration?.kind !== "tbc-checkout") throw new Error(`${providerId} is not a tbc-checkout provider`)
      return adminBankClient(container, registration).checkout
    },
    medusaOwnerOf: (sessionId) => medusaOwnerOfSession(container, sessionId),
    cancelPaymentWithoutOrder: (sessionId) => cancelPaymentWithoutOrder(container, sessionId),
    logger: {
      debug: () => undefined,
      info: (msg: string) => logger.info(`[tbc ledger admin] ${msg}`),
      warn: (msg: string) => logger.warn(`[tbc ledger admin] ${msg}`),
      error: (msg: string) => logger.error(`[tbc ledger admin] ${msg}`),
    },
  }
}

/** Runs one action on the entry named by `:id` and answers it (200 with the entry, or the refusal). */
export async function answerLedgerAction(
  req: MedusaRequest,
  res: MedusaResponse,
  action: (deps: AdminActionDeps, entryId: string) => Promise<LedgerActionView>
): Promise<void> {
  const { id } = parseParams(ledgerParamsSchema, req.params)
  const userId = (req as AuthenticatedMedusaRequest).auth_context?.actor_id
  if (!userId) {
    res.status(401).json({ type: "unauthorized", message: "An admin must be logged in" })
    return
  }
  try {
    res.status(200).json(await action(ledgerActionDeps(req.scope, userId), id))
  } catch (error) {
    if (!(error instanceof LedgerActionError)) throw error
    res.status(error.status).json({ type: ERROR_TYPES[error.status], code: error.code, message: error.message })
  }
}
