/**
 * What the steps of the store's "delete my saved card" do (the workflow:
 * src/workflows/saved-cards/delete-saved-card.ts). Another customer's card answers exactly like
 * an unknown one (404) and nothing is deleted; a card the bank no longer knows counts as deleted;
 * our row then drops the token and the mask at once (deletedCardFields: the keyed hash stays, so
 * the card is never recorded again).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { toMedusaError } from "../../providers/common/errors"
import { findTbcProvider, type TbcProviderRegistration } from "../tbc-providers"
import { deleteCardAtBank, type BankCardDeletion } from "./bank-card-deletion"
import { deletedCardFields, findCustomerCard, type StoredSavedCard } from "./saved-card-table"

export interface DeleteSavedCardInput {
  /** the authenticated customer */
  customer_id: string
  saved_card_id: string
}

/** The caller's card (active or pending) with its tbc-checkout registration, or the refusal. */
async function ownedCard(
  container: MedusaContainer,
  input: DeleteSavedCardInput
): Promise<{ card: StoredSavedCard; registration: TbcProviderRegistration }> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const card = await findCustomerCard(tbc, input.customer_id, input.saved_card_id, ["active", "pending"])
  if (!card) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${input.saved_card_id} was not found`)
  }
  const registration = findTbcProvider(container.resolve(ContainerRegistrationKeys.CONFIG_MODULE), card.provider_id)
  if (registration?.kind !== "tbc-checkout") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Saved card ${card.id}: its payment provider is no longer configured`
    )
  }
  return { card, registration }
}

/** Step 1: the card is the caller's and its provider is configured; nothing is written. */
export async function checkCardOwnership(
  container: MedusaContainer,
  input: DeleteSavedCardInput
): Promise<{ id: string }> {
  const { card } = await ownedCard(container, input)
  return { id: card.id }
}

/** Step 2: the bank deletes the card (read again here, so no token travels between steps). */
export async function deleteOwnedCardAtBank(
  container: MedusaContainer,
  input: DeleteSavedCardInput
): Promise<BankCardDeletion> {
  const { card, registration } = await ownedCard(container, input)
  try {
    return await deleteCardAtBank(registration, card.rec_id ?? "", container)
  } catch (error) {
    const reason = toMedusaError(error, "delete the saved card at the bank").message
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Saved card ${card.id} was not deleted: ${reason}`)
  }
}

/** Step 3: our row forgets the token and the mask. */
export async function forgetDeletedCard(container: MedusaContainer, id: string): Promise<void> {
  await container.resolve<TbcModuleService>(TBC_MODULE).updateSavedCards(deletedCardFields(id))
}
