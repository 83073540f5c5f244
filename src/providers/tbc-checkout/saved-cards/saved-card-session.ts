/**
 * The saved-card hooks of the tbc-checkout provider, in Medusa's input/output shapes, so the
 * checkout base calls each with one line:
 *   initiatePayment:  `if (isSavedCardSession(input.data)) return initiateSavedCardSession(this.savedCardDeps(checkout), input)`
 *                     and `Object.assign(request, saveCardFields(input, this.options_, request.methods))`
 *   authorizePayment: `if (isSavedCardSession(input.data)) return authorizeSavedCardSession(this.savedCardDeps(checkout), input)`
 *
 * A saved-card session creates no web payment and has no redirect URL: the charge is an
 * execution at authorize time (see saved-card-payment.ts for why), so completing the cart places
 * the order directly (Succeeded → captured, WaitingConfirm → authorized). An execution the bank is
 * still deciding (Processing) is refused with the still-processing message and read back later.
 */
import { MedusaError, PaymentSessionStatus } from "@medusajs/framework/utils"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
} from "@medusajs/framework/types"
import { STILL_PROCESSING_MESSAGE, sessionOutcome } from "../../../lib/checkout-status"
import { SESSION_STATUS } from "../../../lib/medusa-statuses"
import { minorToMajor } from "../../../lib/money"
import {
  methodsThatSaveCards,
  type CheckoutApi,
  type CheckoutMethod,
  type CreatePaymentRequest,
  type TbcLogger,
} from "../../../lib/tbc/types"
import { medusaAmountToMinor, toSessionStatus } from "../../common/medusa-values"
import { toMedusaError } from "../../common"
import { recordError } from "../../../modules/tbc/ledger/ledger-store"
import type { TbcCheckoutOptions } from "../options"
import { dataFromDetails, statementExtra } from "../payment-data"
import { chargeContextOf, type PaymentBookkeeping } from "../ledger/bookkeeping"
import { isUnresolvedCharge } from "../../../lib/ledger/guards"
import type { LedgerEntry } from "../../../modules/tbc/ledger/ledger-store"
import {
  CHECKING_PAYMENT_MESSAGE,
  SAVED_CARD_DATA,
  authorizeWithSavedCard,
  executionMovedNoMoney,
  saveCardRequestFields,
  savedCardInitiate,
} from "./saved-card-payment"

export interface SavedCardDeps {
  checkout: Pick<CheckoutApi, "executeWithSavedCard" | "getPayment" | "deleteSavedCard">
  options: Pick<TbcCheckoutOptions, "clientSecret" | "preAuth" | "saveCards" | "statementText">
  logger?: TbcLogger
  /** the money ledger's bookkeeping; its ledger is absent outside a Medusa app */
  book?: Pick<PaymentBookkeeping, "ledger" | "openCharge" | "move" | "authorized" | "keepFacts">
}

/** The shopper's answer while an execution is unresolved; the admin sees it in Settings → TBC Bank. */
const checkingError = () => new MedusaError(MedusaError.Types.NOT_ALLOWED, CHECKING_PAYMENT_MESSAGE)

const CURRENCIES = ["GEL", "USD", "EUR"] as const
type Currency = (typeof CURRENCIES)[number]

function currencyOf(code: unknown): Currency {
  const upper = typeof code === "string" ? code.toUpperCase() : ""
  if (!(CURRENCIES as readonly string[]).includes(upper)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Saved card: currency must be one of ${CURRENCIES.join(", ")}`
    )
  }
  return upper as Currency
}

/**
 * The create-request fields of the save-card wish (`{}` when it does not apply). Saving a card
 * never breaks checkout: the session asks the bank only for the methods that can save a card
 * (Web QR 4, installment 8 and Apple Pay 9 cannot), whatever the provider's `methods`, so the
 * bank's page shows just those; it is refused only when none of the methods can.
 */
export function saveCardFields(
  input: Pick<InitiatePaymentInput, "data" | "context">,
  options: Pick<TbcCheckoutOptions, "saveCards">,
  methods: readonly CheckoutMethod[] | undefined
): Pick<CreatePaymentRequest, "saveCard" | "saveCardToDate" | "methods" | "installmentProducts"> {
  const savable = methods && methodsThatSaveCards(methods)
  const fields = saveCardRequestFields({
    data: input.data,
    context: input.context,
    saveCardsEnabled: options.saveCards,
    methods: savable,
  })
  if (!fields.saveCard || !methods || !savable || savable.length === methods.length) return fields
  if (savable.length === 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `data.save_card: none of the payment methods offered (${methods.join(", ")}) can save a card ` +
        `(Web QR 4, installment 8, Apple Pay 9 and Google Pay 14 never save cards); pay without save_card`
    )
  }
  // without method 8 its products would be a stray field the bank does not expect
  return { ...fields, methods: savable, installmentProducts: undefined }
}

/** initiatePayment of a session that pays with a saved card: checks the seal, no bank call, no redirect. */
export function initiateSavedCardSession(deps: SavedCardDeps, input: InitiatePaymentInput): InitiatePaymentOutput {
  const sessionId = String(input.data?.session_id ?? input.context?.idempotency_key ?? "")
  const { savedCardId, data } = savedCardInitiate({
    data: input.data,
    context: input.context,
    clientSecret: deps.options.clientSecret,
  })
  const amountMinor = medusaAmountToMinor(input.amount)
  if (amountMinor <= 0) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Saved card: the amount to charge must be greater than 0")
  }
  return {
    id: `${sessionId}:${savedCardId}`,
    status: PaymentSessionStatus.PENDING,
    data: {
      session_id: sessionId,
      amount: minorToMajor(amountMinor),
      currency: currencyOf(input.currency_code),
      preAuth: deps.options.preAuth,
      status: "Created",
      created_at: new Date().toISOString(),
      ...data,
    },
  }
}

/**
 * What the ledger knows of earlier charges of this session and its cart, which Medusa's session
 * data may have lost:
 * - an execution of this session with a payId that moved money (or may still) is only read back;
 * - any unresolved charge of the cart (an execution sent without a readable answer, a payment the
 *   bank is still deciding) stops a new execution: the shopper is told we are checking;
 * - a clearly refused, failed or expired one moved nothing: a new execution may be sent.
 */
async function knownExecution(
  deps: SavedCardDeps,
  sessionId: string,
  data: Record<string, unknown>
): Promise<Record<string, unknown>> {
  const ledger = deps.book?.ledger
  if (!ledger) return data
  const { cart_id } = chargeContextOf(sessionId, data)
  let charges: LedgerEntry[]
  try {
    const own = await ledger.chargesOfSession(sessionId)
    const ofCart = cart_id ? await ledger.chargesOfCart(cart_id) : []
    charges = [...own, ...ofCart.filter((e) => !own.some((o) => o.id === e.id))]
  } catch (error) {
    throw toMedusaError(error, "check earlier charges of this checkout")
  }
  const earlier = charges.find((e) => e.payment_session_id === sessionId && e.kind === "execution" && e.pay_id)
  if (earlier && !["refused", "expired", "returned"].includes(earlier.state)) {
    return typeof data[SAVED_CARD_DATA.payId] === "string" ? data : { ...data, [SAVED_CARD_DATA.payId]: earlier.pay_id }
  }
  if (charges.some((e) => isUnresolvedCharge(e) && !(e.pay_id && e.id === earlier?.id))) throw checkingError()
  return data
}

/** authorizePayment of a saved-card session: executes the charge once, maps the bank's answer. */
export async function authorizeSavedCardSession(
  deps: SavedCardDeps,
  input: AuthorizePaymentInput
): Promise<AuthorizePaymentOutput> {
  const data = input.data ?? {}
  const amount = typeof data.amount === "number" ? data.amount : NaN
  if (!Number.isFinite(amount)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "Saved card: the session has no amount (create the payment session again)"
    )
  }
  const sessionId = String(data.session_id ?? input.context?.idempotency_key ?? "")
  const currency = currencyOf(data.currency)
  const known = await knownExecution(deps, sessionId, data)
  let entry: LedgerEntry | undefined
  let result
  try {
    result = await authorizeWithSavedCard({
      checkout: deps.checkout,
      data: known,
      clientSecret: deps.options.clientSecret,
      amount,
      currency,
      preAuth: typeof data.preAuth === "boolean" ? data.preAuth : deps.options.preAuth,
      sessionId,
      // the store's statement text, then the cart's reference (src/lib/statement-reference.ts)
      extra: statementExtra(data, sessionId, deps.options.statementText).extra,
      // the ledger entry before the bank is asked; no entry, no execution (fails closed)
      beforeExecute: async () => {
        const mask = data[SAVED_CARD_DATA.cardMask]
        entry = await deps.book?.openCharge("execution", chargeContextOf(sessionId, data), {
          amountMinor: medusaAmountToMinor(amount),
          currency,
          cardMask: typeof mask === "string" ? mask : null,
        })
      },
    })
  } catch (error) {
    // a clear refusal moved nothing: the entry says so, and the shopper may pay again
    await deps.book?.move(entry, { type: "clear_refusal", reason: recordError(error) })
    throw toMedusaError(error, "charge the saved card")
  }
  if (result.kind === "uncertain") {
    await deps.book?.move(entry, {
      type: "unreadable_answer",
      reason: result.reason ?? "the bank's answer could not be read",
    })
  } else {
    await deps.book?.move(entry, {
      type: "bank_status",
      status: String(result.details.status),
      payId: result.details.payId,
    })
    await deps.book?.keepFacts(result.details.payId, result.details)
  }
  // the seal is not kept: Medusa stores exactly what authorize returns
  const kept = {
    session_id: data.session_id,
    amount,
    currency: data.currency,
    preAuth: data.preAuth,
    created_at: data.created_at,
  }
  if (result.kind === "uncertain") {
    deps.logger?.warn(
      `saved-card execution for session ${sessionId} got no readable answer from the bank (${result.reason ?? "earlier attempt"}); it is not repeated. ` +
        `Check the bank dashboard for merchantPaymentId ${sessionId} and refund it if it was charged.`
    )
    // recorded in our table: refuse with the words the shopper should read (nothing to keep in data)
    if (deps.book?.ledger) throw checkingError()
    // a returned ERROR is stored with its data, so the marker stops any second execution
    return { status: PaymentSessionStatus.ERROR, data: { ...kept, ...result.data, error_message: result.message } }
  }
  const outcome = sessionOutcome(String(result.details.status))
  if (outcome.kind === "failed") {
    if (executionMovedNoMoney(result.details.status)) {
      // nothing was charged: throw the readable reason; a new attempt may execute again
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, outcome.message)
    }
    return {
      status: toSessionStatus(outcome.status),
      data: { ...kept, ...result.data, error_message: outcome.message },
    }
  }
  if (outcome.status === SESSION_STATUS.PENDING_AUTHORIZATION) {
    // Processing: pending_authorization would let Medusa place the order with nothing paid. The
    // payId is in our record (or, outside an app, in the returned data), so the next "Place order"
    // and the bank's callback only read it back; the cart stays open meanwhile.
    if (deps.book?.ledger)
      throw new MedusaError(MedusaError.Types.PAYMENT_AUTHORIZATION_ERROR, STILL_PROCESSING_MESSAGE)
    return {
      status: PaymentSessionStatus.ERROR,
      data: { ...kept, ...result.data, error_message: STILL_PROCESSING_MESSAGE },
    }
  }
  const authorizedAt = outcome.status === SESSION_STATUS.AUTHORIZED ? { authorized_at: new Date().toISOString() } : {}
  // the money is handed to Medusa: a Medusa payment (and the order) is made from this session
  await deps.book?.authorized(result.details.payId)
  return {
    status: toSessionStatus(outcome.status),
    data: { ...dataFromDetails(kept, result.details, authorizedAt), ...result.data },
  }
}
