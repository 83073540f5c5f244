/**
 * The ledger model's faults: how the bank may answer each call, and the errors a cart completion
 * throws, shaped as Medusa's (a `type` and a message). Which errors last is the model's ground
 * truth (a sold-out item never comes back in a run; a slow bank or a busy lock does not stay);
 * the plugin only sees the error and judges it with classifyCompletionFailure.
 */
/** How the bank answers the call that creates a hosted-page payment. */
export const CREATE_OUTCOMES = [
  "ok",
  "clear_refusal",
  "unreadable_created",
  "unreadable_not_created",
  "crash_created",
  "crash_not_created",
] as const
/** How the bank answers a saved-card execution; `crash_*`: our process died before recording any answer. */
export const EXECUTION_OUTCOMES = [
  "success",
  "clear_refusal",
  "5xx_after_acting",
  "processing",
  "timeout_charged",
  "timeout_not_charged",
  "crash_charged",
  "crash_not_charged",
] as const
/** How the bank answers a cancel, refund or completion. */
export const OPERATION_OUTCOMES = ["ok", "unreadable_acted", "unreadable_not_acted"] as const
export type CreateOutcome = (typeof CREATE_OUTCOMES)[number]
export type ExecutionOutcome = (typeof EXECUTION_OUTCOMES)[number]
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number]

/** Errors a cart completion throws, shaped as Medusa's (type + message); truth is whether they last. */
export class ModelMedusaError extends Error {
  constructor(
    readonly type: string,
    message: string
  ) {
    super(message)
  }
}
export const PERMANENT_ERRORS = [
  new ModelMedusaError("not_allowed", "Some variant does not have the required inventory"),
  new ModelMedusaError("invalid_data", "Variant v_1 does not have any inventory items associated with it."),
  new ModelMedusaError("not_found", "Cart with id: cart_1 was not found"),
]
export const TRANSIENT_ERRORS: unknown[] = [
  new ModelMedusaError(
    "unexpected_state",
    "Could not confirm the payment with the bank: the bank did not answer in time. Check the payment's status before trying again."
  ),
  new ModelMedusaError(
    "unexpected_state",
    "Could not confirm the payment with the bank: the bank is temporarily unavailable."
  ),
  new ModelMedusaError("database_error", "connection terminated unexpectedly"),
  new ModelMedusaError("conflict", "Failed to acquire lock for key cart_1"),
  new Error("Timed-out acquiring lock: cart_1"),
  new ModelMedusaError("payment_authorization_error", "Payment authorization failed"),
  "socket hang up",
]

/** Where a completion fails besides the cart's own state: before authorizing, or after it. */
export interface CompletionFault {
  at: "none" | "before" | "after"
  error: number
}

/** Medusa holds the cart's lock while a completion runs: any other completion of the cart fails meanwhile. */
export const LOCK_BUSY = new ModelMedusaError("conflict", "Failed to acquire lock for key cart")
