/**
 * The return page: wait (with a deadline) until the bank has decided, then turn the cart into an
 * order — and say clearly why when it cannot.
 *
 * Waiting reads the store's payment status (status.ts), never completes the cart: each refused
 * completion makes Medusa create and roll back an order, and every such attempt loses an order
 * number. The cart is completed only once the status is "decided"; completing is safe to repeat
 * (Medusa returns the existing order for a cart the bank's callback already completed, and answers
 * 409 while it does).
 */
import { asTbcPaymentError, classifyStoreMessage, TbcPaymentError, TBC_RETRY_CODES, type TbcErrorCode } from "./errors"
import { isTbcInstallments } from "./session"
import { judgeStatus, type TbcPaymentStatus } from "./status"
import type { CompleteCartResponse, StoreOrder } from "./store-client"
import { tbcMessage } from "./words"

/** Payment statuses that mean "placed, the bank has not confirmed the money yet". */
const AWAITING_BANK = new Set(["awaiting", "not_paid"])
/** Refused completions after a "decided" status before giving up: each one costs an order number. */
const MAX_REFUSALS = 3
/** Completion answers that create no order at all (Medusa's cart lock; no answer). */
const NUMBER_FREE_RETRIES: ReadonlySet<TbcErrorCode> = new Set<TbcErrorCode>(["cart_busy", "store_unreachable"])

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

/** One judgement of one complete-cart attempt (pure). */
export type CompletionStep =
  | { kind: "order"; order: StoreOrder }
  | { kind: "retry"; code: TbcErrorCode; storeMessage?: string }
  | { kind: "failed"; error: TbcPaymentError }

/** Judges one completion: what the Store API answered (`response`) or threw (`error`). */
export function judgeCompletion(attempt: { response: CompleteCartResponse } | { error: unknown }): CompletionStep {
  if ("response" in attempt) {
    const { response } = attempt
    if (response.type === "order") return { kind: "order", order: response.order }
    const storeMessage = response.error?.message ?? ""
    const code = classifyStoreMessage(storeMessage)
    if (code && TBC_RETRY_CODES.has(code)) return { kind: "retry", code, storeMessage }
    return { kind: "failed", error: new TbcPaymentError(code ?? "failed", { storeMessage }) }
  }
  const error = asTbcPaymentError(attempt.error)
  return TBC_RETRY_CODES.has(error.code)
    ? { kind: "retry", code: error.code, storeMessage: error.storeMessage }
    : { kind: "failed", error }
}

export interface CompleteTbcPaymentOptions {
  /** `GET /store/tbc/carts/:id/payment-status` (a TbcStoreClient's getPaymentStatus, or a server action). */
  getPaymentStatus(cartId: string): Promise<TbcPaymentStatus>
  /** `POST /store/carts/:id/complete`, called only once the bank has decided. */
  completeCart(cartId: string): Promise<CompleteCartResponse>
  /** The provider the shopper paid with, when known (picks the installment wording). */
  providerId?: string
  /** How long to keep asking while the bank is still deciding; default 15 s. */
  timeoutMs?: number
  /** Pause between questions; default 1.5 s. */
  intervalMs?: number
  /** Told every status answer (e.g. to show the installment application's status while waiting). */
  onStatus?: (status: TbcPaymentStatus) => void
  /**
   * Complete at once, before asking the status: a saved card has no bank page, completing the
   * cart is what charges it. Afterwards (e.g. the bank's answer was unreadable) the status decides.
   */
  completeFirst?: boolean
  /** For tests. */
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface TbcCompletion {
  order: StoreOrder
  /**
   * The order is placed but its payment collections still await the bank: show `message` rather
   * than "paid". TBC's providers place no order before the bank has held or taken the money or
   * approved the installment, so for them this is false; it stays for an order placed otherwise.
   */
  paymentPending: boolean
  /** For the shopper when paymentPending (null otherwise), in English; see tbcMessage for others. */
  message: string | null
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The completion of an order: pending or not, with the words for the shopper. */
export function completionOf(order: StoreOrder, providerId?: string): TbcCompletion {
  const paymentPending = isAwaitingBank(order)
  const code: TbcErrorCode = isTbcInstallments(providerId) ? "installment_pending" : "payment_pending"
  return { order, paymentPending, message: paymentPending ? tbcMessage(code) : null }
}

/** One status question; a failure of the question itself is a step too (404: no such cart). */
async function askStatus(cartId: string, options: CompleteTbcPaymentOptions) {
  try {
    const answer = await options.getPaymentStatus(cartId)
    options.onStatus?.(answer)
    return { answer, step: judgeStatus(answer) }
  } catch (caught) {
    const error = asTbcPaymentError(caught)
    if (error.status === 404) {
      return { step: { kind: "failed" as const, error: new TbcPaymentError("cart_not_found", error) } }
    }
    return {
      step: TBC_RETRY_CODES.has(error.code)
        ? { kind: "retry" as const, code: error.code }
        : { kind: "failed" as const, error },
    }
  }
}

/**
 * Waits for the bank's decision, then completes the cart. Resolves with the order, or throws a
 * TbcPaymentError whose `message` is for the shopper (`code` says which case; `canPayAgain`
 * whether the cart is open; `messageIn(locale)` in Georgian or Russian).
 */
export async function completeTbcPayment(cartId: string, options: CompleteTbcPaymentOptions): Promise<TbcCompletion> {
  if (typeof options.getPaymentStatus !== "function") {
    throw new Error(
      "completeTbcPayment: options.getPaymentStatus is required (GET /store/tbc/carts/:id/payment-status)"
    )
  }
  const sleep = options.sleep ?? defaultSleep
  const now = options.now ?? Date.now
  const deadline = now() + (options.timeoutMs ?? 15_000)
  const interval = options.intervalMs ?? 1_500
  let refusals = 0
  let lastRetry: { code: TbcErrorCode; storeMessage?: string } = { code: "payment_pending" }
  let completeNow = options.completeFirst === true
  for (;;) {
    const { answer, step } = completeNow
      ? { answer: undefined, step: { kind: "complete" as const } }
      : await askStatus(cartId, options)
    completeNow = false
    const providerId = answer?.provider_id ?? options.providerId
    if (step.kind === "failed") throw step.error
    if (step.kind === "retry") lastRetry = { code: step.code }
    if (step.kind === "complete") {
      let judged: CompletionStep
      try {
        judged = judgeCompletion({ response: await options.completeCart(cartId) })
      } catch (error) {
        judged = judgeCompletion({ error })
      }
      if (judged.kind === "order") return completionOf(judged.order, providerId ?? undefined)
      if (judged.kind === "retry") lastRetry = judged
      // A refusal after "decided" cost an order number (409 and an unreachable store cost none):
      // the status tells what changed; stop before it costs more.
      if (judged.kind === "failed" || !NUMBER_FREE_RETRIES.has(judged.code)) refusals += 1
      if (refusals >= MAX_REFUSALS) {
        throw judged.kind === "failed" ? judged.error : new TbcPaymentError(judged.code, judged)
      }
    }
    if (now() + interval > deadline) {
      throw new TbcPaymentError(lastRetry.code, { storeMessage: lastRetry.storeMessage })
    }
    await sleep(interval)
  }
}

export interface WaitForDecisionOptions extends Omit<CompleteTbcPaymentOptions, "timeoutMs" | "intervalMs"> {
  /** How long to keep asking; default 10 minutes (an installment review may take that long). */
  timeoutMs?: number
  /** Pause between questions; default 5 s. */
  intervalMs?: number
}

/**
 * After completeTbcPayment ended with payment_pending or installment_pending: keeps asking the
 * status (slower, for longer) until the bank decides, then completes the cart; or throws the
 * decline (canPayAgain true). At the deadline it throws the pending error again: the store still
 * places the order when the bank decides.
 */
export function waitForTbcDecision(cartId: string, options: WaitForDecisionOptions): Promise<TbcCompletion> {
  return completeTbcPayment(cartId, {
    ...options,
    timeoutMs: options.timeoutMs ?? 10 * 60_000,
    intervalMs: options.intervalMs ?? 5_000,
  })
}
