/**
 * DELETE /store/customers/me/tbc-cards/:id — deletes one of the caller's saved cards at the bank
 * (POST /v1/tpay/payments/{recId}/delete, through the provider's deletePaymentMethod; a card the
 * bank no longer knows counts as deleted) and marks our row deleted, dropping the token and the mask
 * at once (the keyed hash stays, so the card is never recorded again). Another customer's card id
 * answers exactly like an unknown one (404) and nothing is deleted.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { z } from "zod"
import { findTbcProvider } from "../../../../../../app/tbc-providers"
import { TBC_MODULE, type TbcModuleService } from "../../../../../../modules/tbc"
import { openCardToken } from "../../../../../../lib/card-token-at-rest"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../../../../../providers/tbc-checkout/options"
import { SAVED_CARD_DATA } from "../../../../../../providers/tbc-checkout/saved-card-payment"
import { sealSavedCard } from "../../../../../../providers/tbc-checkout/saved-card-seal"
import { deletedCardFields, findCustomerCard } from "../../../../../../app/saved-cards/saved-card-table"
import { parseOrInvalid, savedCardIdSchema } from "../../../../../validators/saved-card-input"
import { customerIdOf } from "../../../../../tbc-middlewares/saved-cards"

const deleteCardParams = z.object({ id: savedCardIdSchema })

export async function DELETE(req: MedusaRequest, res: MedusaResponse) {
  const customerId = customerIdOf(req)
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "Log in to delete a saved card")
  }
  const { id } = parseOrInvalid(deleteCardParams, req.params ?? {})
  const tbc = req.scope.resolve<TbcModuleService>(TBC_MODULE)
  const card = await findCustomerCard(tbc, customerId, id, ["active", "pending"])
  if (!card) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
  }
  const registration = findTbcProvider(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE), card.provider_id)
  if (registration?.kind !== "tbc-checkout") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Saved card ${id}: its payment provider is no longer configured`)
  }
  const options = parseCheckoutOptions(registration.options)
  const recId = openCardToken(card.rec_id ?? "", cardTokenSecretOf(options))
  const seal = sealSavedCard({ savedCardId: card.id, recId, customerId, issuedAt: Date.now() }, options.clientSecret)
  try {
    await req.scope.resolve(Modules.PAYMENT).deletePaymentMethods({
      provider_id: card.provider_id,
      id: card.id,
      data: { [SAVED_CARD_DATA.seal]: seal },
      context: { customer: { id: customerId, email: "" } },
    })
  } catch (error) {
    // the provider's errors are readable MedusaErrors, joined into one message by Medusa
    const message = error instanceof Error ? error.message : "the bank did not answer"
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Saved card ${id} was not deleted: ${message}`)
  }
  await tbc.updateSavedCards(deletedCardFields(card.id))
  res.json({ id: card.id, object: "tbc_card", deleted: true })
}
