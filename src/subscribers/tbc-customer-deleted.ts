/**
 * customer.deleted → the customer's saved cards are deleted at the bank and our rows removed
 * (src/use-cases/saved-cards/customer-cards-deletion.ts). Medusa 2.21 never calls the provider's
 * deleteAccountHolder, so this subscriber is the only path. A bank failure leaves the rows marked;
 * the retention job finishes them.
 */
import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys, CustomerWorkflowEvents } from "@medusajs/framework/utils"
import { deleteCustomerCards } from "../use-cases/saved-cards/customer-cards-deletion"

export default async function tbcCustomerDeleted({ event, container }: SubscriberArgs<{ id: string }>) {
  const id = event.data?.id
  if (typeof id !== "string" || id === "") return
  const run = await deleteCustomerCards(container, id)
  if (run.removed + run.pending > 0) {
    container
      .resolve<{ info(msg: string): void }>(ContainerRegistrationKeys.LOGGER)
      .info(
        `[tbc saved cards] customer ${id} deleted: ${run.removed} card(s) removed, ${run.pending} waiting for the bank`
      )
  }
}

export const config: SubscriberConfig = {
  event: CustomerWorkflowEvents.DELETED,
  context: { subscriberId: "tbc-customer-deleted" },
}
