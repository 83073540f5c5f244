/**
 * Account-holder and payment-method methods of the tbc-checkout provider (optional members of
 * Medusa's IPaymentProvider), as plain functions the provider class delegates to.
 *
 * The bank has no customer objects and no "list saved cards" call; our `tbc` module table
 * (SavedCard) is the source of truth, and a provider cannot reach it (module isolation). Hence:
 * - createAccountHolder returns an id derived from the Medusa customer id (stable, no secrets);
 * - listPaymentMethods returns [] — the store lists cards with GET /store/customers/me/tbc-cards;
 * - savePaymentMethod is not supported on its own: TBC saves a card only while the customer pays
 *   (a session created with data.save_card = true; a zero amount is allowed);
 * - deletePaymentMethod deletes at the bank (POST /v1/tpay/payments/{recId}/delete), for callers
 *   of Medusa's deletePaymentMethods. Like every other path, it takes the recId only from a seal
 *   (made by our code after an ownership check), never raw. The store's own DELETE route does not
 *   come through here: its workflow (tbc-delete-saved-card) calls the bank directly.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type {
  CreateAccountHolderInput,
  CreateAccountHolderOutput,
  DeleteAccountHolderOutput,
  DeletePaymentMethodInput,
  DeletePaymentMethodOutput,
  ListPaymentMethodsOutput,
  RetrieveAccountHolderInput,
  RetrieveAccountHolderOutput,
  SavePaymentMethodOutput,
  UpdateAccountHolderInput,
  UpdateAccountHolderOutput,
} from "@medusajs/framework/types"
import { isBankNotFound, toMedusaError } from "../../common/errors"
import type { CheckoutApi } from "../../../lib/tbc/types"
import { SAVED_CARD_DATA, openSessionSeal } from "./saved-card-payment"

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

export function listPaymentMethods(): ListPaymentMethodsOutput {
  return []
}

export function savePaymentMethod(): SavePaymentMethodOutput {
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    "TBC saves a card only while the customer pays: create a payment session with data.save_card = true " +
      "(a zero amount is allowed); saved cards are listed at GET /store/customers/me/tbc-cards"
  )
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
