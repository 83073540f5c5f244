/**
 * The provider side of paying with a saved card (returning customers), one responsibility over
 * 300 lines: the session data keys, the rules, and the provider's two hooks in Medusa's shapes,
 * which the checkout base calls with one line each (it only asks `isSavedCardSession` itself):
 *   initiatePayment:  `if (isSavedCardSession(input.data)) return initiateSavedCardSession(this.savedCardDeps(checkout), input)`
 *                     (→ `savedCardInitiate`: checks the seal; NO web payment, no redirect URL)
 *                     and `Object.assign(request, saveCardFields(input, this.options_, request.methods))`
 *                     (→ `saveCardRequestFields`: the create request's fields when the logged-in
 *                     customer asked to save the card);
 *   authorizePayment: `if (isSavedCardSession(input.data)) return authorizeSavedCardSession(this.savedCardDeps(checkout), input)`
 *                     (→ `authorizeWithSavedCard`: executes the charge, POST
 *                     /v1/tpay/payments/execution, exactly once per session).
 *
 * Why the charge happens in authorizePayment and not in initiatePayment: Medusa authorizes when
 * the cart is completed, i.e. when the order is being placed. A charge at session creation would
 * hit the card for carts that are later abandoned or changed (Medusa then deletes the session),
 * leaving money taken without an order. So completing the cart places the order directly
 * (Succeeded → captured, WaitingConfirm → authorized); an execution the bank is still deciding
 * (Processing) is refused with the still-processing message and read back later. Authorize
 * retries are safe: Medusa itself returns early once a session is authorized, a session that
 * already has a payId is only re-read from the bank, and an execution whose outcome is unknown
 * (any answer that is not a clear refusal: a 5xx, an unreadable body, a timeout, a reset; see
 * isClearRefusal) is recorded — durably in the money ledger before the bank is asked, as well as
 * in the session data — and never sent a second time for that session or its cart; the shopper
 * reads "we are checking your payment".
 *
 * The bank token (recId) reaches the provider only inside a seal made app-side by the saved-cards
 * middleware after it checked the card belongs to the authenticated customer (saved-card-seal.ts).
 * A raw recId in session data is never used.
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
import { TbcApiError, TbcConfigError, TbcValidationError } from "../../../lib/tbc/errors"
import { UNREADABLE_RESPONSE_TYPE } from "../../../lib/tbc/responses"
import {
  NO_SAVE_CARD_METHODS,
  methodsThatSaveCards,
  type CheckoutApi,
  type CheckoutMethod,
  type CreatePaymentRequest,
  type PaymentDetails,
  type TbcLogger,
} from "../../../lib/tbc/types"
import { checkSaveCardToDate } from "../../../lib/tbc/validation"
import { CHECKING_PAYMENT_MESSAGE, savedCardExecutionVerdict } from "../../../lib/ledger/guards"
import { medusaAmountToMinor, toSessionStatus } from "../../common/medusa-values"
import { toMedusaError } from "../../common"
import { recordError, type LedgerEntry } from "../../../modules/tbc/ledger/ledger-store"
import type { TbcCheckoutOptions } from "../options"
import { dataFromDetails, statementExtra } from "../payment-data"
import { chargeContextOf, type PaymentBookkeeping } from "../ledger/bookkeeping"
import { SavedCardSealError, openSavedCardSeal, type SavedCardSealContent } from "./saved-card-seal"

/** Keys of `payment_sessions.data` this feature reads or writes. */
export const SAVED_CARD_DATA = {
  /** storefront → "please save my card" (logged-in customers only) */
  saveCard: "save_card",
  /** storefront → optional MMYY until which the bank keeps the card */
  saveCardToDate: "save_card_to_date",
  /** storefront → our SavedCard id to pay with (checked by the middleware) */
  savedCardId: "saved_card_id",
  /** middleware → the sealed recId; the storefront may not send it */
  seal: "tbc_saved_card_seal",
  /** middleware → the card mask, for display */
  cardMask: "saved_card_mask",
  /** provider → the customer the seal must belong to (from context.customer, never the storefront) */
  customerId: "saved_card_customer_id",
  /** provider → the bank payment our execution created */
  payId: "saved_card_pay_id",
  /** provider → an execution was sent but its outcome is unknown: never send another one */
  uncertain: "saved_card_execution_uncertain",
  /** session creation → the cart's owner fingerprint when the card was chosen (src/lib/saved-card-owner.ts) */
  cartFingerprint: "saved_card_cart_fingerprint",
} as const

/** Keys only the server may set: the middleware refuses them from the storefront. */
export const SERVER_ONLY_DATA_KEYS: readonly string[] = [
  SAVED_CARD_DATA.seal,
  SAVED_CARD_DATA.cardMask,
  SAVED_CARD_DATA.customerId,
  SAVED_CARD_DATA.payId,
  SAVED_CARD_DATA.uncertain,
  SAVED_CARD_DATA.cartFingerprint,
  // the checkout payment's own id: a session must never start out pointing at a bank payment
  "payId",
]

type Data = Record<string, unknown> | undefined
interface CustomerContext {
  customer?: { id?: string } | null
}

/**
 * Fields for the create-payment request when the customer asked to save the card, or `{}`.
 * Ignored (returns `{}`) for guests and when the provider's `saveCards` option is off; refused
 * with a clear error when one of the methods that will be offered cannot save a card (4, 8, 9, 14).
 */
export function saveCardRequestFields(args: {
  data: Data
  context?: CustomerContext
  saveCardsEnabled: boolean
  /** the `methods` the create request will carry (undefined = all the merchant has) */
  methods?: readonly number[]
}): Pick<CreatePaymentRequest, "saveCard" | "saveCardToDate"> {
  const { data, context, saveCardsEnabled, methods } = args
  if (data?.[SAVED_CARD_DATA.saveCard] !== true || !saveCardsEnabled || !context?.customer?.id) {
    return {}
  }
  const forbidden = (methods ?? []).filter((m) => (NO_SAVE_CARD_METHODS as readonly number[]).includes(m))
  if (forbidden.length > 0) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `data.save_card: a card cannot be saved with payment method${forbidden.length > 1 ? "s" : ""} ` +
        `${forbidden.join(", ")} (Web QR 4, installment 8, Apple Pay 9 and Google Pay 14 never save cards); ` +
        `pay by card without save_card or choose card-only methods`
    )
  }
  const toDate = data[SAVED_CARD_DATA.saveCardToDate]
  if (toDate === undefined) {
    return { saveCard: true }
  }
  const checked = checkSaveCardToDate(toDate)
  if (!checked.ok) {
    const why = checked.issues.map((i) => i.message).join("; ")
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `data.save_card_to_date: ${why}`)
  }
  return { saveCard: true, saveCardToDate: checked.value }
}

export { CHECKING_PAYMENT_MESSAGE }

/** True when the session pays with a saved card (the middleware put a seal in its data). */
export function isSavedCardSession(data: Data): boolean {
  return typeof data?.[SAVED_CARD_DATA.seal] === "string"
}

function sealError(error: unknown): MedusaError {
  const message = error instanceof SavedCardSealError ? error.message : "the saved card could not be used"
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, `Saved card: ${message}`)
}

/** Opens the session's seal for `customerId`; a MedusaError the shopper can read otherwise. */
export function openSessionSeal(
  data: Data,
  clientSecret: string,
  customerId: string | undefined,
  now?: number
): SavedCardSealContent {
  try {
    return openSavedCardSeal(data?.[SAVED_CARD_DATA.seal], clientSecret, { customerId, now })
  } catch (error) {
    throw sealError(error)
  }
}

/**
 * initiatePayment of a saved-card session: checks the seal against the authenticated customer
 * (Medusa's `context.customer`) and returns the data to merge into the session. Nothing is sent
 * to the bank yet and there is no redirect URL.
 */
export function savedCardInitiate(args: {
  data: Data
  context?: CustomerContext
  clientSecret: string
  now?: number
}): {
  savedCardId: string
  /** "merchant" when the store charges the card without the customer (sealed by the admin's workflow) */
  initiator?: "merchant"
  data: Record<string, unknown>
} {
  const customerId = args.context?.customer?.id
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Saved card: log in to pay with a saved card")
  }
  const content = openSessionSeal(args.data, args.clientSecret, customerId, args.now)
  return {
    savedCardId: content.savedCardId,
    initiator: content.initiator,
    data: {
      [SAVED_CARD_DATA.savedCardId]: content.savedCardId,
      [SAVED_CARD_DATA.customerId]: customerId,
      // undefined drops a storefront-sent key from the stored JSON: only our execution sets these
      [SAVED_CARD_DATA.payId]: undefined,
      [SAVED_CARD_DATA.uncertain]: undefined,
      payId: undefined,
    },
  }
}

/** Final bank statuses of an execution that moved no money. */
const RETRYABLE_STATUSES = ["Failed", "Expired"]

/** Whether an execution ended without moving money (declined or expired): the shopper may try again. */
export function executionMovedNoMoney(status: unknown): boolean {
  return RETRYABLE_STATUSES.includes(String(status))
}

export type SavedCardAuthorization =
  /** the bank answered: map `details.status` as for any payment (Succeeded → captured, WaitingConfirm → authorized) */
  | { kind: "executed"; details: PaymentDetails; data: Record<string, unknown> }
  /** the execution may or may not have happened: report an error, keep `data` so it is never resent */
  | { kind: "uncertain"; message: string; reason?: string; data: Record<string, unknown> }

/**
 * Pure: whether an execution's failure is a clear refusal (nothing was charged, a new attempt is
 * safe). Only a readable 4xx answer of the bank, or our own refusal before sending, is one. Any
 * 5xx (a gateway's 502/503/504 may come after the card was charged), an unreadable body, a
 * timeout, a reset or anything unexpected may have charged the card: uncertain.
 */
export function isClearRefusal(error: unknown): boolean {
  if (error instanceof TbcValidationError || error instanceof TbcConfigError) return true
  if (error instanceof TbcApiError) {
    return error.status >= 400 && error.status < 500 && error.problem?.type !== UNREADABLE_RESPONSE_TYPE
  }
  // a connection refused before sending: nothing reached the bank
  return (
    (error as { kind?: string; reachedBank?: boolean })?.kind === "network" &&
    (error as { reachedBank?: boolean }).reachedBank === false
  )
}

/** Why an outcome is uncertain, for the admin (kind and status only: no request data). */
function uncertainReason(error: unknown): string {
  if (error instanceof TbcApiError)
    return `the bank answered ${error.status}${error.problem?.type === UNREADABLE_RESPONSE_TYPE ? " with an unreadable body" : ""}`
  const kind = (error as { kind?: string })?.kind
  if (kind === "timeout") return "the bank's answer did not arrive in time"
  if (kind === "network") return "the connection broke after the request was sent"
  return "the bank's answer could not be read"
}

/**
 * authorizePayment of a saved-card session. When the session already has a payId (an earlier
 * authorize executed), only reads it back. Otherwise executes once with merchantPaymentId = the
 * session id. `amount` is in major units as the bank takes it. `beforeExecute` runs right before
 * the execution is sent (the provider records "sent for this session" durably there; when it
 * throws nothing is sent). The returned `data` holds this
 * feature's keys (saved card id, mask, customer, `saved_card_pay_id`); the caller adds its own
 * (payId, amount, ...) and must keep these, because Medusa stores exactly what authorize returns.
 */
export async function authorizeWithSavedCard(args: {
  checkout: Pick<CheckoutApi, "executeWithSavedCard" | "getPayment">
  data: Data
  clientSecret: string
  amount: number
  currency: "GEL" | "USD" | "EUR"
  preAuth: boolean
  sessionId: string
  /** the shopper's statement text (option statementText), sent as the bank's `extra` */
  extra?: string
  now?: number
  beforeExecute?: () => Promise<void>
}): Promise<SavedCardAuthorization> {
  const { data } = args
  const mine = {
    [SAVED_CARD_DATA.savedCardId]: data?.[SAVED_CARD_DATA.savedCardId],
    [SAVED_CARD_DATA.cardMask]: data?.[SAVED_CARD_DATA.cardMask],
    [SAVED_CARD_DATA.customerId]: data?.[SAVED_CARD_DATA.customerId],
  }
  const earlierPayId = data?.[SAVED_CARD_DATA.payId]
  if (typeof earlierPayId === "string") {
    const earlier = await args.checkout.getPayment(earlierPayId)
    // a declined or expired execution moved no money: the shopper may try again in this session
    if (!executionMovedNoMoney(earlier.status)) {
      return { kind: "executed", details: earlier, data: { ...mine, [SAVED_CARD_DATA.payId]: earlier.payId } }
    }
  }
  if (data?.[SAVED_CARD_DATA.uncertain]) {
    return {
      kind: "uncertain",
      message: CHECKING_PAYMENT_MESSAGE,
      data: { ...mine, [SAVED_CARD_DATA.uncertain]: data[SAVED_CARD_DATA.uncertain] },
    }
  }
  const customerId = data?.[SAVED_CARD_DATA.customerId]
  const content = openSessionSeal(
    data,
    args.clientSecret,
    typeof customerId === "string" ? customerId : undefined,
    args.now
  )
  await args.beforeExecute?.()
  try {
    const details = await args.checkout.executeWithSavedCard({
      recId: content.recId,
      money: { amount: args.amount, currency: args.currency },
      preAuth: args.preAuth,
      merchantPaymentId: args.sessionId,
      ...(args.extra ? { extra: args.extra } : {}),
      // TBC's execution docs: initiator "merchant" marks a merchant-initiated transaction
      ...(content.initiator ? { initiator: content.initiator } : {}),
    })
    return { kind: "executed", details, data: { ...mine, [SAVED_CARD_DATA.payId]: details.payId } }
  } catch (error) {
    if (isClearRefusal(error)) {
      throw error
    }
    return {
      kind: "uncertain",
      message: CHECKING_PAYMENT_MESSAGE,
      reason: uncertainReason(error),
      data: { ...mine, [SAVED_CARD_DATA.uncertain]: new Date(args.now ?? Date.now()).toISOString() },
    }
  }
}

// ---- the provider's hooks, in Medusa's input/output shapes ----

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
  const { savedCardId, initiator, data } = savedCardInitiate({
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
      // the store's charge of what an order owes is taken at once: there is no order to capture it later
      preAuth: initiator === "merchant" ? false : deps.options.preAuth,
      status: "Created",
      created_at: new Date().toISOString(),
      ...data,
    },
  }
}

/**
 * What the ledger knows of earlier charges of this session and its cart, which Medusa's session
 * data may have lost:
 * - an execution of this session with a payId that moved money (or may still) is only read back
 *   (the newest such, also when a newer one was given back since);
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
  let charges: [LedgerEntry[], LedgerEntry[]]
  try {
    charges = [await ledger.chargesOfSession(sessionId), cart_id ? await ledger.chargesOfCart(cart_id) : []]
  } catch (error) {
    throw toMedusaError(error, "check earlier charges of this checkout")
  }
  const verdict = savedCardExecutionVerdict(sessionId, ...charges)
  // the ledger's payId, also over the one Medusa's data keeps: that may be a newer execution given
  // back since, while an older one of the session still holds the money
  if (verdict.kind === "read_back") return { ...data, [SAVED_CARD_DATA.payId]: verdict.payId }
  if (verdict.kind === "checking") throw checkingError()
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
