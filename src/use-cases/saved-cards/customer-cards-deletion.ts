/**
 * When a customer is deleted (customer.deleted; Medusa 2.21 never calls the provider's
 * deleteAccountHolder), their saved cards are deleted at the bank and our rows removed.
 *
 * The intent survives a bank outage: every row of the customer is first marked
 * (`delete_requested_at`), then each marked card is deleted at the bank; a card the bank no longer
 * knows (404) counts as deleted. A row is removed only after its bank call succeeded; a failure
 * leaves the row marked, and the retention job (tbc-data-retention) finishes it on a later run.
 * No one can pay with a marked card meanwhile: its customer is gone, so nobody logs in as them.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider } from "../tbc-providers"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { deleteCardAtBank } from "./bank-card-deletion"
import { errorSummary } from "./recording-failures"

interface Logger {
  info(msg: string): void
  warn(msg: string): void
}

interface MarkedCard {
  id: string
  customer_id: string
  provider_id: string
  rec_id: string | null
  status: string
}

export interface DeletionRun {
  /** rows removed (bank deletion done, or nothing to delete at the bank) */
  removed: number
  /** rows left marked for a later run (bank failed, provider not configured) */
  pending: number
}

/** Marks every card of the customer for deletion, then tries to finish them now. */
export async function deleteCustomerCards(container: MedusaContainer, customerId: string): Promise<DeletionRun> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  // cards being added from "My account" are forgotten first: none is recorded for them any more
  const additions = (await tbc.listCardAdditions({ customer_id: customerId }, { take: 1000, select: ["id"] })) as {
    id: string
  }[]
  if (additions.length > 0) await tbc.deleteCardAdditions(additions.map((addition) => addition.id))
  const rows = (await tbc.listSavedCards(
    { customer_id: customerId },
    { take: 1000, withDeleted: true }
  )) as MarkedCard[]
  if (rows.length === 0) return { removed: 0, pending: 0 }
  const now = new Date()
  await tbc.updateSavedCards(rows.map((row) => ({ id: row.id, delete_requested_at: now })))
  return finishCardDeletions(container, { customer_id: customerId })
}

/** Bank-deletes and removes marked rows (all of them, or those matching `filter`). */
export async function finishCardDeletions(
  container: MedusaContainer,
  filter: Record<string, unknown> = {},
  take = 200
): Promise<DeletionRun> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const marked = (await tbc.listSavedCards(
    { ...filter, delete_requested_at: { $ne: null } },
    { take, order: { delete_requested_at: "ASC" }, withDeleted: true }
  )) as MarkedCard[]
  const run: DeletionRun = { removed: 0, pending: 0 }
  for (const card of marked) {
    const token = card.status === "deleted" ? null : card.rec_id
    if (token) {
      const registration = findTbcProvider(configModule, card.provider_id)
      if (registration?.kind !== "tbc-checkout") {
        logger.warn(
          `[tbc saved cards] card ${card.id}: provider ${card.provider_id} is not configured; deletion at the bank waits`
        )
        run.pending++
        continue
      }
      try {
        await deleteCardAtBank(registration, token, container) // already gone at the bank = deleted
      } catch (error) {
        logger.warn(
          `[tbc saved cards] card ${card.id}: deletion at the bank failed (${errorSummary(error)}); retried by the retention job`
        )
        run.pending++
        continue
      }
    }
    await tbc.deleteSavedCards(card.id)
    run.removed++
  }
  return run
}
