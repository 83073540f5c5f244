/**
 * The return page: turn the cart into an order once the bank has the payment, waiting (with a
 * deadline) while the bank is still deciding, and say clearly why when it cannot.
 *
 * Completing is safe to repeat: Medusa's complete-cart returns the existing order for a cart that
 * the bank's callback (or the installment sync) already completed, and answers 409 while it does.
 * The store places no order before the bank has the money or approved the installment: until then
 * completing answers with the cart and a reason ("still processing", "not approved yet"), which
 * the kit reads as payment_pending / installment_pending and asks again until its deadline.
 */
import {
  classifyStoreMessage,
  isGenericAuthorizationFailure,
  TbcPaymentError,
  TBC_RETRY_CODES,
  type TbcErrorCode,
} from "./errors"
import { isTbcInstallments, latestSession } from "./session"
import type { CompleteCartResponse, StoreCart, StoreOrder } from "./store-client"

/** Session statuses that can still become a payment: asking again shortly may succeed. */
const STILL_OPEN = new Set(["pending", "pending_authorization", "requires_more"])
/** Payment statuses that mean "placed, the bank has not confirmed the money yet". */
const AWAITING_BANK = new Set(["awaiting", "not_paid"])

/**
 * Whether an order still waits for the bank: its `payment_status` when the answer has it (GET
 * /store/orders/:id), else its payment collections' status (complete-cart's answer has no
 * payment_status, only `payment_collections`).
 */
export function isAwaitingBank(order: StoreOrder): boolean {
  if (typeof order.payment_status === "string") return AWAITING_BANK.has(order.payment_status)
  const collections = order.payment_collections ?? []
  return (
    collections.length > 0 && collections.every((collection) => AWAITING_BANK.has(String(collection?.status ?? "")))
  )
}

/** One judgement of one complete-cart attempt (pure, see judgeCompletion). */
export type CompletionStep =
  | { kind: "order"; order: StoreOrder }
  /** `storeMessage`: the store's words when it gave a reason (kept on the error at the deadline) */
  | { kind: "retry"; code: TbcErrorCode; storeMessage?: string }
  | { kind: "failed"; error: TbcPaymentError }
  /** Medusa refused without a reason: the cart's session status tells which (needs getCart) */
  | { kind: "inspect"; storeMessage: string; status?: number }
type SettledStep = Exclude<CompletionStep, { kind: "inspect" }>

const errorStatus = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === "number" ? status : undefined
}
const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "string" ? error : "unknown error"

/** Why a cart whose session is in `status` did not complete. */
export function judgeSession(
  cart: StoreCart | undefined,
  providerId: string | undefined,
  storeMessage: string
): SettledStep {
  const session = latestSession(cart, providerId)
  const installments = isTbcInstallments(session?.provider_id ?? providerId)
  if (session && STILL_OPEN.has(session.status ?? "")) {
    return { kind: "retry", code: installments ? "installment_pending" : "payment_pending" }
  }
  if (session?.status === "error") {
    return {
      kind: "failed",
      error: new TbcPaymentError(installments ? "installment_declined" : "declined", { storeMessage }),
    }
  }
  if (session?.status === "canceled") {
    return {
      kind: "failed",
      error: new TbcPaymentError(installments ? "installment_canceled" : "canceled", { storeMessage }),
    }
  }
  // Medusa's "Session: payses_… was not authorized with the provider." means nothing to a shopper.
  const message = isGenericAuthorizationFailure(storeMessage) ? NOT_AUTHORIZED : undefined
  return { kind: "failed", error: new TbcPaymentError("failed", { storeMessage, message }) }
}

const NOT_AUTHORIZED = "The bank did not authorize the payment. Please try again or choose another payment method."

/** Judges one attempt: what the Store API answered (`response`) or threw (`error`). */
export function judgeCompletion(
  attempt: { response: CompleteCartResponse } | { error: unknown },
  providerId?: string
): CompletionStep {
  if ("response" in attempt) {
    const { response } = attempt
    if (response.type === "order") return { kind: "order", order: response.order }
    const storeMessage = response.error?.message ?? ""
    const code = classifyStoreMessage(storeMessage)
    if (code && TBC_RETRY_CODES.has(code)) return { kind: "retry", code, storeMessage }
    if (code) return { kind: "failed", error: new TbcPaymentError(code, { storeMessage }) }
    if (isGenericAuthorizationFailure(storeMessage)) return judgeSession(response.cart, providerId, storeMessage)
    return { kind: "failed", error: new TbcPaymentError("failed", { storeMessage }) }
  }
  const { error } = attempt
  if (error instanceof TbcPaymentError) {
    return error.code === "store_unreachable" ? { kind: "retry", code: error.code } : { kind: "failed", error }
  }
  const status = errorStatus(error)
  const storeMessage = errorMessage(error)
  if (status === 409) return { kind: "retry", code: "cart_busy" }
  const code = classifyStoreMessage(storeMessage)
  if (code && TBC_RETRY_CODES.has(code)) return { kind: "retry", code, storeMessage }
  if (code) return { kind: "failed", error: new TbcPaymentError(code, { storeMessage, status }) }
  // e.g. 400 "Session: payses_… was not authorized with the provider." (installments refused)
  if (isGenericAuthorizationFailure(storeMessage)) return { kind: "inspect", storeMessage, status }
  return { kind: "failed", error: new TbcPaymentError("failed", { storeMessage, status }) }
}

export interface CompleteTbcPaymentOptions {
  /** `POST /store/carts/:id/complete` (e.g. a TbcStoreClient's completeCart, or a server action). */
  completeCart(cartId: string): Promise<CompleteCartResponse>
  /** Reads the cart with its payment sessions; lets the kit tell an installment refusal apart. */
  getCart?(cartId: string): Promise<StoreCart>
  /** The provider the shopper paid with, when known (picks the installment wording). */
  providerId?: string
  /** How long to keep asking while the bank is still deciding; default 15 s. */
  timeoutMs?: number
  /** Pause between attempts; default 1.5 s. */
  intervalMs?: number
  /** For tests. */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface TbcCompletion {
  order: StoreOrder
  /**
   * The order is placed but its payment collections still await the bank: show `message` rather
   * than "paid". TBC's providers place no order before the bank has held or taken the money or
   * approved the installment (completing throws payment_pending / installment_pending instead),
   * so for them this is false; it stays for an order placed otherwise (e.g. by an older version).
   */
  paymentPending: boolean
  /** For the shopper when paymentPending (null otherwise). */
  message: string | null
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The completion of an order: pending or not, with the words for the shopper. */
export function completionOf(order: StoreOrder, providerId?: string): TbcCompletion {
  const paymentPending = isAwaitingBank(order)
  if (!paymentPending) return { order, paymentPending, message: null }
  const code: TbcErrorCode = isTbcInstallments(providerId) ? "installment_pending" : "payment_pending"
  return {
    order,
    paymentPending,
    message:
      code === "installment_pending"
        ? "Your order is placed. The bank has not approved the installment yet: we confirm your order as soon as it does."
        : "Your order is placed. We are checking your payment with the bank and confirm your order as soon as it answers.",
  }
}

/**
 * Completes the cart after the bank. Resolves with the order, or throws a TbcPaymentError whose
 * `message` is for the shopper (`code` says which case; `canPayAgain` whether the cart is open).
 */
export async function completeTbcPayment(cartId: string, options: CompleteTbcPaymentOptions): Promise<TbcCompletion> {
  const sleep = options.sleep ?? defaultSleep
  const now = options.now ?? Date.now
  const deadline = now() + (options.timeoutMs ?? 15_000)
  const interval = options.intervalMs ?? 1_500
  for (;;) {
    let judged: CompletionStep
    try {
      judged = judgeCompletion({ response: await options.completeCart(cartId) }, options.providerId)
    } catch (error) {
      judged = judgeCompletion({ error }, options.providerId)
    }
    const step =
      judged.kind === "inspect"
        ? judgeSession(
            options.getCart ? await options.getCart(cartId).catch(() => undefined) : undefined,
            options.providerId,
            judged.storeMessage
          )
        : judged
    if (step.kind === "order") return completionOf(step.order, options.providerId)
    if (step.kind === "failed") throw step.error
    if (now() + interval > deadline) throw new TbcPaymentError(step.code, { storeMessage: step.storeMessage })
    await sleep(interval)
  }
}

export interface WaitForDecisionOptions extends Omit<CompleteTbcPaymentOptions, "timeoutMs" | "intervalMs"> {
  /** How long to keep asking; default 10 minutes (an installment review may take that long). */
  timeoutMs?: number
  /** Pause between attempts; default 5 s. */
  intervalMs?: number
}

/**
 * After completeTbcPayment ended with payment_pending or installment_pending: keeps completing the
 * cart (slower, for longer) until an order appears (the bank approved or confirmed, and the store
 * placed it) or the bank declines (a TbcPaymentError, canPayAgain true). At the deadline it throws
 * the pending error again: the store still places the order when the bank decides.
 */
export function waitForTbcDecision(cartId: string, options: WaitForDecisionOptions): Promise<TbcCompletion> {
  return completeTbcPayment(cartId, {
    ...options,
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    intervalMs: options.intervalMs ?? 5_000,
  })
}
