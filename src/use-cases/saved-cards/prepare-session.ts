/**
 * What the saved-card step of session creation (src/workflows/payment-sessions) does to `data` of
 * POST /store/payment-collections/:id/payment-sessions for a tbc-checkout provider (pure: the card
 * lookup is injected).
 *
 * - keys only the server may set (the seal, the mask, the provider's bookkeeping, payId) are
 *   refused: a storefront can never hand the provider a card token or a bank payment id;
 * - `saved_card_id`: only a logged-in customer, only their own ACTIVE card of this provider;
 *   anything else is the same 404 (another customer's card is indistinguishable from none);
 *   the recId goes to the provider sealed (saved-card-seal.ts), never in clear;
 * - `save_card` must be a boolean; for a guest it is dropped (ignored, as documented);
 * - `merchant_charges_consent` (the save-card box's explicit opt-in to charges by the store,
 *   src/lib/merchant-charges.ts) only with `save_card: true`; the server stamps when it took it
 *   (`given_at`), and the card records it once saved. Never inferred from `save_card`.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod/v4"
import { typeRule } from "../../lib/zod-problems"
import { SAVED_CARD_DATA, SERVER_ONLY_DATA_KEYS } from "../../providers/tbc-checkout/saved-cards/saved-card-payment"
import { sealSavedCard } from "../../providers/tbc-checkout/saved-cards/saved-card-seal"
import { openCardToken } from "../../lib/card-token-at-rest"
import { isCardUsable, type StoredSavedCard } from "./saved-card-table"
import { savedCardIdSchema } from "../../lib/saved-card-input"
import { parseOrInvalid } from "../../providers/common/invalid-data"
import { sameCheckoutRegistration } from "../../lib/checkout-choices"
import { MERCHANT_CHARGES_CONSENT_KEY, merchantChargesConsentSchema } from "../../lib/merchant-charges"

const sessionDataSchema = z
  .object({
    [SAVED_CARD_DATA.savedCardId]: savedCardIdSchema.optional(),
    [SAVED_CARD_DATA.saveCard]: z.boolean(typeRule("must be true or false")).optional(),
    [SAVED_CARD_DATA.saveCardToDate]: z
      .string(typeRule("must be a string"))
      .regex(/^(0[1-9]|1[0-2])\d{2}$/, { message: "must be MMYY (month 01-12)" })
      .optional(),
    [MERCHANT_CHARGES_CONSENT_KEY]: merchantChargesConsentSchema.optional(),
  })
  .loose()

export interface PrepareSessionArgs {
  data: Record<string, unknown> | undefined
  /** the authenticated customer (req.auth_context.actor_id), undefined for guests */
  customerId: string | undefined
  providerId: string
  clientSecret: string
  /** seals saved-card tokens at rest (cardTokenSecretOf); default clientSecret */
  cardTokenSecret?: string
  /** the customer's card with this id in one of the usable statuses, or undefined */
  findActiveCard: (customerId: string, id: string) => Promise<StoredSavedCard | undefined>
  now?: number
}

function invalid(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.INVALID_DATA, message)
}

/** The data to pass on, or a MedusaError (400 invalid, 401 guest, 404 not the caller's card). */
export async function prepareSavedCardSessionData(
  args: PrepareSessionArgs
): Promise<Record<string, unknown> | undefined> {
  const data = args.data
  if (data === undefined) return undefined
  const forbidden = SERVER_ONLY_DATA_KEYS.filter((key) => key in data)
  if (forbidden.length > 0) {
    throw invalid(`data.${forbidden[0]}: is set by the server and may not be sent`)
  }
  const parsed = parseOrInvalid(sessionDataSchema, data, { prefix: "data" })
  const savedCardId = parsed[SAVED_CARD_DATA.savedCardId] as string | undefined
  const saveCard = parsed[SAVED_CARD_DATA.saveCard] as boolean | undefined
  const consent = parsed[MERCHANT_CHARGES_CONSENT_KEY]
  if (consent !== undefined && saveCard !== true) {
    throw invalid(`data.${MERCHANT_CHARGES_CONSENT_KEY}: is given only when saving a card (with data.save_card true)`)
  }
  if (savedCardId === undefined) {
    if (saveCard !== undefined && !args.customerId) {
      // guests cannot keep cards: the wish is ignored, not an error
      const {
        [SAVED_CARD_DATA.saveCard]: _dropped,
        [SAVED_CARD_DATA.saveCardToDate]: _date,
        [MERCHANT_CHARGES_CONSENT_KEY]: _consent,
        ...rest
      } = data
      return rest
    }
    if (!consent) return data
    // the server's clock says when it was given, never the storefront's
    const given_at = new Date(args.now ?? Date.now()).toISOString()
    return { ...data, [MERCHANT_CHARGES_CONSENT_KEY]: { ...consent, given_at } }
  }
  if (saveCard === true) {
    throw invalid("data.save_card: cannot be combined with data.saved_card_id (that card is saved already)")
  }
  if (!args.customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "data.saved_card_id: log in to pay with a saved card")
  }
  const card = await args.findActiveCard(args.customerId, savedCardId)
  // a card saved with any checkout provider of the registration (all methods or card) pays with either
  if (!card || !sameCheckoutRegistration(card.provider_id, args.providerId) || card.status !== "active") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `data.saved_card_id: saved card ${savedCardId} was not found`)
  }
  const now = args.now ?? Date.now()
  if (!isCardUsable(card, new Date(now))) {
    throw invalid(`data.saved_card_id: saved card ${savedCardId} has expired; pay by card and save it again`)
  }
  let recId: string
  try {
    recId = openCardToken(card.rec_id ?? "", args.cardTokenSecret ?? args.clientSecret)
  } catch {
    // sealed with another key (cardTokenSecret or clientSecret changed): unusable, not a 500
    throw invalid(`data.saved_card_id: saved card ${savedCardId} can no longer be used; pay by card and save it again`)
  }
  const seal = sealSavedCard(
    {
      savedCardId: card.id,
      recId,
      customerId: args.customerId,
      issuedAt: now,
    },
    args.clientSecret
  )
  return { ...data, [SAVED_CARD_DATA.seal]: seal, [SAVED_CARD_DATA.cardMask]: card.card_mask ?? undefined }
}
