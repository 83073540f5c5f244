/**
 * Judging one bank callback: is it from the bank, about a payment the bank knows, final, and
 * paired with the Medusa session it names? Only then does it become an action Medusa acts on.
 * Every other case is NOT_SUPPORTED (Medusa changes nothing) with a verdict for the callback log.
 * `webhookActionOf` is the provider's getWebhookActionAndData: one judgement per callback receipt.
 */
import { MedusaError, PaymentActions } from "@medusajs/framework/utils"
import type { ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import { majorToMinorExact, minorToMajor } from "../../../lib/money"
import { isFinalStatus, webhookAction } from "../../../lib/checkout-status"
import type { BoundedCache } from "../../../lib/bounded-cache"
import type { CheckoutApi, PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { isBankNotFound } from "../../common"
import { toPaymentAction } from "../../common/medusa-values"
import { CALLBACK_HEADERS, headerValue, isAllowedSource } from "./callback-auth"
import type { TbcCheckoutOptions } from "../options"
import type { PaymentBookkeeping } from "../ledger/bookkeeping"
import { pairSession } from "./callback-pairing"
import { completedByStoreCapture } from "../../../lib/capture-amount"
import type { LedgerEntry, LedgerStore } from "../../../modules/tbc/ledger/ledger-store"

/** Same words as the tbc module's CallbackLog.result. */
export type CallbackVerdictResult =
  | "accepted"
  | "rejected_source"
  | "unknown_payment"
  | "not_final"
  | "malformed"
  | "error"
  /** a real payment of ours whose Medusa session no longer exists: never processed (orphan policy) */
  | "session_gone"
  /**
   * a genuine callback of an older payment of a session that now names another one (the shopper
   * paid again on a saved-card session after an admin's wrong "not charged"): not a forgery, so
   * not `rejected_source`; the ledger has recorded it, the lost-callback job drives its money
   */
  | "superseded"

export interface CallbackVerdict {
  result: CallbackVerdictResult
  pay_id: string | null
  source_ip: string | null
  bank_status: string | null
  /** why, in words, for logs (no secrets) */
  reason: string
}

/** Medusa's WebhookActionResult plus our verdict (passed through by the payment module). */
export interface TbcWebhookResult extends WebhookActionResult {
  tbc_callback: CallbackVerdict
}

/** The bank's payment ids are short alphanumerics; anything else is not a callback of ours. */
const PAY_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

export function paymentIdOfBody(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined
  const id = (body as Record<string, unknown>).PaymentId
  return typeof id === "string" && PAY_ID_PATTERN.test(id) ? id : undefined
}

/** Amount for Medusa (major units): what the bank took (confirmedAmount) or holds (amount). */
function actionAmount(details: PaymentDetails, action: PaymentActions): number {
  const confirmed = details.confirmedAmount
  if (action === PaymentActions.SUCCESSFUL && confirmed !== undefined && (majorToMinorExact(confirmed) ?? 0) > 0) {
    return minorToMajor(majorToMinorExact(confirmed)!)
  }
  return minorToMajor(majorToMinorExact(details.amount ?? 0) ?? 0)
}

/**
 * The ledger has the store's own completion of this payment (under way or done); undefined when it
 * cannot be read (the callback is then not acted on: a capture Medusa may already record could be
 * recorded twice; the lost-callback job settles it once the ledger reads again).
 */
async function storeCaptureMadeIt(
  ledger: LedgerStore | undefined,
  payId: string,
  known: LedgerEntry | undefined
): Promise<boolean | undefined> {
  if (!ledger) return false
  try {
    const charge = known ?? (await ledger.byPayId(payId))
    const operations = charge ? await ledger.operationsOf(charge.id) : []
    return completedByStoreCapture(operations.filter((op) => op.kind === "completion"))
  } catch {
    return undefined
  }
}

function merchantPaymentIdOf(details: PaymentDetails): string | undefined {
  const raw = details.raw ?? {}
  const value = raw.merchantPaymentId ?? raw.MerchantPaymentId ?? raw.merchantpaymentid
  return typeof value === "string" && value !== "" ? value : undefined
}

export async function judgeCallback(
  payload: ProviderWebhookPayload["payload"],
  options: TbcCheckoutOptions,
  checkout: Pick<CheckoutApi, "getPayment">,
  /** the provider's ledger bookkeeping; its ledger is absent outside a Medusa app (unit tests) */
  book?: Pick<PaymentBookkeeping, "ledger" | "read">
): Promise<TbcWebhookResult> {
  const headers = (payload?.headers ?? {}) as Record<string, unknown>
  const source = headerValue(headers, CALLBACK_HEADERS.source) ?? null
  const verdict = (
    result: CallbackVerdictResult,
    reason: string,
    payId: string | null = null,
    bankStatus: string | null = null
  ): CallbackVerdict => ({ result, reason, pay_id: payId, source_ip: source, bank_status: bankStatus })
  const ignore = (v: CallbackVerdict): TbcWebhookResult => ({ action: PaymentActions.NOT_SUPPORTED, tbc_callback: v })

  if (!isAllowedSource(source, options.callbackAllowlist)) {
    const rawId = (payload?.data as Record<string, unknown> | undefined)?.PaymentId
    const payId = typeof rawId === "string" ? rawId.slice(0, 100) : null
    return ignore(
      verdict(
        "rejected_source",
        source ? "source address not in callbackAllowlist" : "no stamped source address",
        payId
      )
    )
  }
  const payId = paymentIdOfBody(payload?.data)
  if (!payId) {
    return ignore(verdict("malformed", 'body is not {"PaymentId": "<id>"}'))
  }

  let details: PaymentDetails
  try {
    details = await checkout.getPayment(payId)
  } catch (error) {
    if (isBankNotFound(error)) {
      return ignore(verdict("unknown_payment", "the bank does not know this payment", payId))
    }
    return ignore(verdict("error", "the bank could not be asked about this payment", payId))
  }
  const status = String(details.status)
  // the ledger moves on every bank read, final or not; bookkeeping never fails the callback
  const known = await book?.read(payId, status, "bank:callback", details)
  if (!isFinalStatus(status)) {
    return ignore(verdict("not_final", "the payment is not in a final status yet", payId, status))
  }

  const paired = await pairSession({
    headers,
    options,
    ledger: book?.ledger,
    payId,
    status,
    merchantPaymentId: merchantPaymentIdOf(details),
    known,
  })
  if ("refused" in paired) {
    return ignore(verdict(paired.refused, paired.reason, payId, status))
  }
  const sessionId = paired.sessionId

  const action = toPaymentAction(webhookAction(status))
  const storeCaptured =
    action === PaymentActions.SUCCESSFUL ? await storeCaptureMadeIt(book?.ledger, payId, known) : false
  if (storeCaptured === undefined) {
    return ignore(verdict("error", "the store's records of this payment could not be read", payId, status))
  }
  if (storeCaptured) {
    // the admin's capture completed it: Medusa records that capture itself (a partial one would
    // otherwise be recorded twice, the rest of the hold looking capturable to Medusa)
    return ignore(verdict("accepted", `bank status ${status}, completed by the store's own capture`, payId, status))
  }
  return {
    action,
    data: { session_id: sessionId as string, amount: actionAmount(details, action) },
    tbc_callback: verdict("accepted", `bank status ${status}`, payId, status),
  }
}

/** What webhookActionOf uses of the provider. */
export interface CallbackVerdictDeps {
  readonly options: TbcCheckoutOptions
  readonly logger: TbcLogger
  readonly book: PaymentBookkeeping
  readonly checkout: CheckoutApi
  /** callback receipt id → verdict, so the callback-log subscriber's second ask costs no bank call */
  readonly verdicts: BoundedCache<string, Promise<TbcWebhookResult>>
}

/**
 * Judges a bank callback (judgeCallback above). When the bank could not be asked, this throws: a
 * retrying event bus (Redis) then asks again later instead of losing the callback, which the
 * bank will not resend (Medusa already answered it 200). The thrown error carries the verdict
 * for the callback log.
 */
export async function webhookActionOf(
  provider: CallbackVerdictDeps,
  payload: ProviderWebhookPayload["payload"]
): Promise<WebhookActionResult> {
  const receipt = headerValue(payload?.headers as Record<string, unknown> | undefined, CALLBACK_HEADERS.receipt)
  let judged = receipt ? provider.verdicts.get(receipt) : undefined
  if (!judged) {
    judged = judgeCallback(payload, provider.options, provider.checkout, provider.book).catch((): TbcWebhookResult => ({
      action: "not_supported" as WebhookActionResult["action"],
      tbc_callback: { result: "error", reason: "unexpected error", pay_id: null, source_ip: null, bank_status: null },
    }))
    if (receipt) provider.verdicts.set(receipt, judged)
    const v = (await judged).tbc_callback
    provider.logger.info(`callback ${v.pay_id ?? "-"} from ${v.source_ip ?? "-"}: ${v.result} (${v.reason})`)
    // session_gone (the ledger's mark): the app's subscriber asks Medusa whether the session is
    // really gone before any money goes back (src/subscribers/tbc-checkout-session-gone.ts)
  }
  const result = await judged
  if (result.tbc_callback.result === "error") {
    if (receipt) provider.verdicts.delete(receipt) // a retry asks the bank again
    const error = new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `TBC callback for payment ${result.tbc_callback.pay_id ?? "-"} could not be checked with the bank; it will be retried if the event bus retries.`
    )
    Object.defineProperty(error, "tbc_callback", { value: result.tbc_callback, enumerable: false })
    throw error
  }
  return result
}
