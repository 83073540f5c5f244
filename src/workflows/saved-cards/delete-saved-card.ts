/**
 * A customer deletes one of their saved cards (DELETE /store/customers/me/tbc-cards/:id):
 * check ownership → delete at the bank → forget the token in our row. The functions behind the
 * steps are in src/use-cases/saved-cards/store-card-deletion.ts.
 *
 * Why no compensations: the first step only reads; the bank deletion cannot be undone; and once
 * the bank has deleted the card, putting the row back would show the shopper a card that can no
 * longer pay. If the process stops between the bank and the row, the card still shows and a
 * second delete succeeds (the bank's "not found" counts as deleted).
 */
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  checkCardOwnership,
  deleteOwnedCardAtBank,
  forgetDeletedCard,
  type DeleteSavedCardInput,
} from "../../use-cases/saved-cards/store-card-deletion"

export type { DeleteSavedCardInput } from "../../use-cases/saved-cards/store-card-deletion"

export const checkSavedCardOwnershipStep = createStep(
  "tbc-check-saved-card-ownership",
  async (input: DeleteSavedCardInput, { container }) => new StepResponse(await checkCardOwnership(container, input))
)

export const deleteSavedCardAtBankStep = createStep(
  "tbc-delete-saved-card-at-bank",
  async (input: DeleteSavedCardInput, { container }) => new StepResponse(await deleteOwnedCardAtBank(container, input))
)

export const forgetSavedCardStep = createStep("tbc-forget-saved-card", async (id: string, { container }) => {
  await forgetDeletedCard(container, id)
  return new StepResponse(id)
})

export const deleteSavedCardWorkflow = createWorkflow("tbc-delete-saved-card", (input: DeleteSavedCardInput) => {
  const card = checkSavedCardOwnershipStep(input)
  const atBank = deleteSavedCardAtBankStep(input)
  const id = forgetSavedCardStep(card.id)
  return new WorkflowResponse({ id, at_bank: atBank })
})
