/**
 * initiatePayment of the `tbc-checkout` provider (TbcCheckoutBase): a bank payment for a Medusa
 * session, or the saved-card session that needs none. Moved out of checkout-base.ts as it was.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { InitiatePaymentInput, InitiatePaymentOutput } from "@medusajs/framework/types"
import type { BoundedCache } from "../../../lib/bounded-cache"
import { majorToMinorExact, minorToMajor } from "../../../lib/money"
import { CARD_METHOD, type CheckoutApi, type TbcLogger } from "../../../lib/tbc/types"
import { choiceName, type CheckoutChoice } from "../../../lib/checkout-choices"
import { toMedusaError } from "../../common"
import type { TbcCheckoutOptions } from "../options"
import { buildCreateRequest, dataFromDetails } from "../payment-data"
import {
  initiateSavedCardSession,
  isSavedCardSession,
  saveCardFields,
  type SavedCardDeps,
} from "../saved-cards/saved-card-payment"
import { chargeContextOf, type PaymentBookkeeping } from "../ledger/bookkeeping"
import { recordError } from "../../../modules/tbc/ledger/ledger-store"
import { shopperAddressFields } from "../../common/shopper-address"

/** What startPayment uses of the provider (its options, logger, bookkeeping and caches). */
export interface StartPaymentDeps {
  readonly options: TbcCheckoutOptions
  readonly logger: TbcLogger
  readonly book: PaymentBookkeeping
  /** session id → payId created for it: a retried initiatePayment reuses the payment */
  readonly createdForSession: BoundedCache<string, string>
  /** the per-method service's choice; undefined for the all-methods `tbc-checkout` */
  readonly choice?: CheckoutChoice
  /** the service's identifier (its callback path) */
  readonly identifier?: string
  savedCardDeps(checkout: CheckoutApi): SavedCardDeps
}

export async function startPayment(
  provider: StartPaymentDeps,
  input: InitiatePaymentInput,
  checkout: CheckoutApi
): Promise<InitiatePaymentOutput> {
  const sessionId = String(input.data?.session_id ?? input.context?.idempotency_key ?? "")
  if (!sessionId) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "initiatePayment needs data.session_id (Medusa passes it).")
  }
  if (isSavedCardSession(input.data)) {
    if (provider.choice && provider.choice.method !== CARD_METHOD) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `A saved card pays through the card or the all-methods TBC provider, not ${choiceName(provider.choice)}.`
      )
    }
    return initiateSavedCardSession(provider.savedCardDeps(checkout), input) // saved card: no web payment
  }
  const { request, amountMinor, droppedInstallments, outOfRange, droppedPurchaseOnly } = buildCreateRequest({
    options: provider.options,
    sessionId,
    amount: input.amount,
    currencyCode: input.currency_code,
    data: input.data,
    choice: provider.choice,
    identifier: provider.identifier,
  })
  if (outOfRange.length > 0 || droppedPurchaseOnly.length > 0) {
    provider.logger.info(
      `session ${sessionId}: ${[
        outOfRange.length > 0 ? `method(s) ${outOfRange.join(", ")} left out: amount outside methodLimits` : "",
        droppedPurchaseOnly.length > 0
          ? `method(s) ${droppedPurchaseOnly.join(", ")} left out: purchase only, preAuth on`
          : "",
      ]
        .filter(Boolean)
        .join("; ")}`
    )
  }
  Object.assign(request, saveCardFields(input, provider.options, request.methods)) // saved cards: save-card wish
  Object.assign(request, shopperAddressFields()) // the shopper's IP, for the bank's fraud checks (never stored)
  if (droppedInstallments && !provider.choice) {
    provider.logger.warn(
      `session ${sessionId}: installment products missing or not summing to the total; method 8 left out`
    )
  }
  const reused = await reusablePayment(provider, checkout, sessionId, amountMinor, request.amount.currency)
  let details = reused
  if (!details) {
    // the ledger entry first: no entry, no payment (fails closed, nothing is asked of the bank)
    const money = { amountMinor, currency: request.amount.currency }
    const entry = await provider.book.openCharge("web", chargeContextOf(sessionId, input.data), money)
    try {
      details = await checkout.createPayment(request)
    } catch (error) {
      // whatever the bank did, nothing can be paid: the shopper never gets this payment's link
      await provider.book.move(entry, { type: "clear_refusal", reason: recordError(error) })
      throw toMedusaError(error, "start the payment at the bank")
    }
    await provider.book.move(entry, {
      type: "bank_status",
      status: String(details.status ?? "Created"),
      payId: details.payId,
    })
  }
  provider.createdForSession.set(sessionId, details.payId)
  const data = dataFromDetails({ session_id: sessionId }, details, {
    preAuth: details.preAuth ?? request.preAuth ?? provider.options.preAuth,
    created_at: new Date().toISOString(),
    // Medusa stores { ...storefront data, ...ours }: overwrite what only the bank may tell
    authorized_at: null,
    session_amount: minorToMajor(amountMinor),
    session_currency: request.amount.currency,
    ...(details.confirmedAmount === undefined ? { confirmedAmount: 0 } : {}),
    ...(details.returnedAmount === undefined ? { returnedAmount: 0 } : {}),
  })
  return { id: details.payId, status: PaymentSessionStatus.PENDING, data: data as unknown as Record<string, unknown> }
}

/**
 * A payment this provider already created for the session, still Created at the bank with the
 * same amount: a retried initiatePayment must not open a second payment. Only payIds we created
 * ourselves count; a payId the storefront wrote into `data` is never trusted.
 */
async function reusablePayment(
  provider: StartPaymentDeps,
  checkout: CheckoutApi,
  sessionId: string,
  amountMinor: number,
  currency: string
) {
  const payId = provider.createdForSession.get(sessionId)
  if (!payId) return undefined
  const details = await checkout.getPayment(payId).catch(() => undefined)
  if (!details || details.status !== "Created" || details.currency?.toUpperCase() !== currency) return undefined
  return details.amount !== undefined && majorToMinorExact(details.amount) === amountMinor ? details : undefined
}
