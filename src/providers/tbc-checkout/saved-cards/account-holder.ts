/**
 * Account-holder and payment-method methods of the tbc-checkout provider (optional members of
 * Medusa's IPaymentProvider), as plain functions the provider class delegates to.
 *
 * The bank has no customer objects and no "list saved cards" call; our `tbc` module table
 * (tbc_saved_card) is the source of truth, which the provider reads and writes through the app's
 * PostgreSQL connection (src/modules/tbc/saved-cards/saved-card-records.ts: a provider cannot
 * resolve our module). Hence:
 * - createAccountHolder returns an id derived from the Medusa customer id (stable, no secrets);
 * - listPaymentMethods returns the customer's active, unexpired TBC cards (masked number and
 *   expiry, in the `data.card` shape of Medusa's saved-payment-methods recipe; never the recId);
 * - savePaymentMethod adds a card from "My account": a zero-amount `saveCard` payment (card
 *   method only, never a preauthorization) on the bank's hosted page; it returns the page's link,
 *   and the card is recorded app-side when the bank reports the payment (its callback, or the
 *   retry job), like a card saved while paying (src/use-cases/saved-cards/card-additions.ts);
 * - deletePaymentMethod deletes at the bank (POST /v1/tpay/payments/{recId}/delete), for callers
 *   of Medusa's deletePaymentMethods. Like every other path, it takes the recId only from a seal
 *   (made by our code after an ownership check), never raw. The store's own DELETE route does not
 *   come through here: its workflow (tbc-delete-saved-card) calls the bank directly.
 */
import { MedusaError, generateEntityId } from "@medusajs/framework/utils"
import { shopperAddressFields } from "../../common/shopper-address"
import type {
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderOutput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  ListPaymentMethodsInput,
  ListPaymentMethodsOutput,
  PaymentProviderContext,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  SavePaymentMethodInput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
} from "@medusajs/framework/types"
import { isCardUsable, paymentMethodCard } from "../../../lib/saved-card-rules"
import type { CheckoutApi, CreatePaymentRequest } from "../../../lib/tbc/types"
import { joinUrl } from "../../common"
import { isBankNotFound, toMedusaError } from "../../common/errors"
import { webhookPath } from "../callbacks/callback-auth"
import type { TbcCheckoutOptions } from "../options"
import { returnUrlFor } from "../payment-data"
import { SAVED_CARD_DATA, openSessionSeal, saveCardRequestFields } from "./saved-card-payment"
import type { SavedCardRecords } from "../../../modules/tbc/saved-cards/saved-card-records"

/** Prefix of our account holder ids: "tbc_<customer id>". */
export const ACCOUNT_HOLDER_PREFIX = "tbc_"

export function accountHolderIdFor(customerId: string): string {
  return ACCOUNT_HOLDER_PREFIX + customerId
}

export function createAccountHolder(input: CreateAccountHolderInput): CreateAccountHolderOutput {
  const existing = input.context.account_holder?.data
  const customerId = input.context.customer?.id
  if (typeof existing?.id === "string") {
    return { id: existing.id, data: existing }
  }
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "createAccountHolder: context.customer.id is required")
  }
  const id = accountHolderIdFor(customerId)
  return { id, data: { id, customer_id: customerId } }
}

export function retrieveAccountHolder(input: RetrieveAccountHolderInput): RetrieveAccountHolderOutput {
  return { id: input.id, data: { id: input.id } }
}

export function updateAccountHolder(input: UpdateAccountHolderInput): UpdateAccountHolderOutput {
  // nothing is kept at the bank about a customer: the stored data stays as it is
  return { data: input.context.account_holder?.data ?? {} }
}

export function deleteAccountHolder(): DeleteAccountHolderOutput {
  return {}
}

/** What listPaymentMethods and savePaymentMethod use of the provider. */
export interface PaymentMethodDeps {
  checkout: Pick<CheckoutApi, "createPayment">
  options: TbcCheckoutOptions
  /** pp_tbc-checkout_<id>: the provider the cards were saved with */
  providerId: string
  /** our saved-card tables; absent outside a Medusa app */
  records?: SavedCardRecords
}

/** The Medusa customer an account holder of ours stands for (its data.customer_id, or its id "tbc_<customer>"). */
export function customerOfAccountHolder(context: PaymentProviderContext | undefined): string | undefined {
  const data = context?.account_holder?.data
  if (typeof data?.customer_id === "string" && data.customer_id !== "") return data.customer_id
  const id = data?.id
  return typeof id === "string" && id.startsWith(ACCOUNT_HOLDER_PREFIX) && id.length > ACCOUNT_HOLDER_PREFIX.length
    ? id.slice(ACCOUNT_HOLDER_PREFIX.length)
    : undefined
}

/**
 * The customer's usable TBC cards: active and not past their save-until month. The caller (a
 * route) must have checked that the account holder is the authenticated customer's.
 */
export async function listPaymentMethods(
  input: ListPaymentMethodsInput,
  deps: Pick<PaymentMethodDeps, "providerId" | "records">,
  now: Date = new Date()
): Promise<ListPaymentMethodsOutput> {
  const holderCustomer = customerOfAccountHolder(input.context)
  const customerId = holderCustomer ?? input.context?.customer?.id
  const contradicts = holderCustomer && input.context?.customer?.id && input.context.customer.id !== holderCustomer
  if (!customerId || contradicts || !deps.records) return []
  const cards = await deps.records.activeCards(customerId, deps.providerId).catch((error) => {
    throw toMedusaError(error, "read the saved cards")
  })
  return cards
    .filter((card) => isCardUsable(card, now))
    .map((card) => ({
      id: card.id,
      data: {
        card_mask: card.card_mask,
        expiry_date: card.expiry_date,
        save_until: card.save_until,
        created_at: card.created_at,
        card: paymentMethodCard(card),
      },
    }))
}

/** The hosted page's card method: the only one a card is entered on to be added. */
const CARD_METHOD = 5

/**
 * Adds a card from "My account": a zero-amount saveCard payment (card only, no preauthorization,
 * so the card is usable at once), recorded in tbc_card_addition before its link is returned.
 * `data`: optional `return_url` (same origins as a checkout) and `save_card_to_date` (MMYY).
 */
export async function savePaymentMethod(
  input: SavePaymentMethodInput,
  deps: PaymentMethodDeps
): Promise<SavePaymentMethodOutput> {
  const customerId = input.context?.customer?.id
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Log in to add a card")
  }
  const holderCustomer = customerOfAccountHolder(input.context)
  if (holderCustomer !== undefined && holderCustomer !== customerId) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This account holder belongs to another customer")
  }
  if (!deps.options.saveCards) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Adding a card is not enabled (provider option saveCards)")
  }
  if (!deps.options.methods.includes(CARD_METHOD)) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Adding a card needs the card method (5) in methods")
  }
  if (!deps.records) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "Card additions can only be recorded in a Medusa app")
  }
  // the same wish and checks as saving a card while paying (save_card_to_date: MMYY)
  const wish = saveCardRequestFields({
    data: { [SAVED_CARD_DATA.saveCard]: true, [SAVED_CARD_DATA.saveCardToDate]: input.data?.save_card_to_date },
    context: input.context,
    saveCardsEnabled: true,
    methods: [CARD_METHOD],
  })
  const additionId = generateEntityId(undefined, "tbccadd")
  const request: CreatePaymentRequest = {
    amount: { currency: "GEL", total: 0 },
    returnurl: returnUrlFor(deps.options, input.data?.return_url),
    // the plain URL (what is registered in the bank's dashboard): no session to sign for
    callbackUrl: joinUrl(deps.options.storeUrl, webhookPath(deps.options.registrationId)),
    preAuth: false,
    methods: [CARD_METHOD],
    merchantPaymentId: additionId,
    ...wish,
    ...(deps.options.language ? { language: deps.options.language } : {}),
    ...(deps.options.description ? { description: deps.options.description } : {}),
    // the customer's IP, for the bank's fraud checks (the card-addition route's request; never stored)
    ...shopperAddressFields(),
  }
  const details = await deps.checkout.createPayment(request).catch((error) => {
    throw toMedusaError(error, "start adding the card at the bank")
  })
  if (!details.approvalUrl) {
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The bank gave no page to add the card on")
  }
  await deps.records
    .recordCardAddition({
      id: additionId,
      provider_id: deps.providerId,
      customer_id: customerId,
      pay_id: details.payId,
    })
    .catch((error) => {
      throw toMedusaError(error, "record the card being added")
    })
  return {
    id: additionId,
    data: {
      status: "pending",
      payId: details.payId,
      redirect_url: details.approvalUrl,
      approvalUrl: details.approvalUrl,
    },
  }
}

/**
 * Deletes a saved card at the bank. `data[tbc_saved_card_seal]` must be a seal for
 * `context.customer.id`. A card the bank no longer knows counts as deleted.
 */
export async function deletePaymentMethod(
  input: DeletePaymentMethodInput,
  deps: { checkout: Pick<CheckoutApi, "deleteSavedCard">; clientSecret: string; now?: number }
): Promise<DeletePaymentMethodOutput> {
  const content = openSessionSeal(input.data, deps.clientSecret, input.context?.customer?.id, deps.now)
  try {
    await deps.checkout.deleteSavedCard(content.recId)
    return { data: { [SAVED_CARD_DATA.savedCardId]: content.savedCardId, deleted: true } }
  } catch (error) {
    if (isBankNotFound(error)) {
      return { data: { [SAVED_CARD_DATA.savedCardId]: content.savedCardId, deleted: true, already_deleted: true } }
    }
    throw toMedusaError(error, "delete the saved card at the bank")
  }
}
