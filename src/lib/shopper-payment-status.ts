/**
 * What a shopper may learn about a cart's TBC payment while waiting on the return page — the
 * answer of `GET /store/tbc/carts/:id/payment-status`: decided (complete the cart), pending (ask
 * again) or failed (why, and the bank's resultCode of a decline). Reading it changes nothing, so
 * waiting never makes Medusa create and roll back an order (each such attempt loses an order
 * number). The storefront kit (packages/storefront, status.ts) reads the same shape.
 *
 * Two steps, both pure: `statusFromStore` decides from what the store knows (an order, the
 * session's status); when the session is still open it says which bank fact to ask for, and
 * `statusFromBank` decides from that fact (the same readings as the providers' authorizePayment:
 * checkout-status.ts, installment-status.ts).
 */
import { sessionOutcome } from "./checkout-status"
import { installmentOutcome, DECLINED_INSTALLMENT_STATUSES } from "./installment-status"
import { installmentStatusIdOf } from "./ledger/installment-states"
import { SESSION_STATUS } from "./medusa-statuses"
import { INSTALLMENT_STATUS } from "./tbc/types"

export type ShopperPaymentReason =
  | "payment_pending"
  | "installment_pending"
  | "declined"
  | "expired"
  | "canceled"
  | "installment_declined"
  | "installment_canceled"
  | "cart_changed"

export interface ShopperPaymentStatus {
  status: "decided" | "pending" | "failed"
  reason: ShopperPaymentReason | null
  result_code: string | null
}

export type TbcKind = "tbc-checkout" | "tbc-installments"

/** The cart's latest TBC payment session, as the store keeps it. */
export interface StoredTbcSession {
  kind: TbcKind
  /** Medusa's session status */
  status: string
  /** the bank's id: checkout's payId, installments' sessionId (absent before the bank answered) */
  bankId: string | null
}

/** A bank fact about the session: checkout's payment status (+ resultCode) or the application's status id. */
export type BankFact =
  { kind: "tbc-checkout"; status: string; resultCode?: string | null } | { kind: "tbc-installments"; statusId: number }

const DECIDED: ShopperPaymentStatus = { status: "decided", reason: null, result_code: null }
const pending = (kind: TbcKind): ShopperPaymentStatus => ({
  status: "pending",
  reason: kind === "tbc-installments" ? "installment_pending" : "payment_pending",
  result_code: null,
})
const failed = (reason: ShopperPaymentReason, resultCode: string | null = null): ShopperPaymentStatus => ({
  status: "failed",
  reason,
  result_code: resultCode,
})

/**
 * From the store's own facts: `completed` (the cart has an order or a completion time) and the
 * latest TBC session of its payment collection (null: none, the cart changed and Medusa dropped it).
 * `ask_bank` when only the bank can tell.
 */
export function statusFromStore(
  completed: boolean,
  session: StoredTbcSession | null
): ShopperPaymentStatus | "ask_bank" {
  if (completed) return DECIDED
  if (!session) return failed("cart_changed")
  const fromSession = statusFromSession(session)
  // a payment the bank has and the store has not settled: the bank's answer is the freshest (and
  // carries a decline's resultCode)
  return session.bankId && fromSession.status !== "decided" ? "ask_bank" : fromSession
}

/** What the session's own status says (also the answer when the bank cannot be asked). */
export function statusFromSession(session: Omit<StoredTbcSession, "bankId">): ShopperPaymentStatus {
  const installments = session.kind === "tbc-installments"
  if (session.status === SESSION_STATUS.AUTHORIZED || session.status === SESSION_STATUS.CAPTURED) return DECIDED
  if (session.status === SESSION_STATUS.ERROR) return failed(installments ? "installment_declined" : "declined")
  if (session.status === SESSION_STATUS.CANCELED) return failed(installments ? "installment_canceled" : "canceled")
  return pending(session.kind)
}

/** From the bank's answer, read as the providers read it when the cart is completed. */
export function statusFromBank(fact: BankFact): ShopperPaymentStatus {
  if (fact.kind === "tbc-installments") {
    switch (installmentOutcome(fact.statusId)) {
      case "approved":
      case "disbursed":
        return DECIDED
      case "failed":
        return failed(
          DECLINED_INSTALLMENT_STATUSES.includes(fact.statusId) ? "installment_declined" : "installment_canceled"
        )
      case "pending":
        return pending(fact.kind)
    }
  }
  const outcome = sessionOutcome(fact.status)
  if (outcome.kind === "status") {
    return outcome.status === SESSION_STATUS.AUTHORIZED || outcome.status === SESSION_STATUS.CAPTURED
      ? DECIDED
      : pending(fact.kind)
  }
  if (fact.status === "Failed") return failed("declined", fact.resultCode ?? null)
  return failed(fact.status === "Expired" ? "expired" : "canceled")
}

/** The highest status id the bank documents (DocumentDeclined); anything above is not shown. */
const LAST_INSTALLMENT_STATUS = Math.max(...Object.values(INSTALLMENT_STATUS))

const knownStatusId = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= LAST_INSTALLMENT_STATUS ? value : null

/** Where an installment application's status may be read, freshest first. */
export interface InstallmentStatusSources {
  /** the bank's answer read for this question, when the bank was asked */
  bank?: BankFact
  /** the ledger entry's last recorded bank status ("5"), when the store knows the application */
  ledger?: string | null
  /** the session data's `statusId` (what the provider last wrote there) */
  session?: unknown
}

/**
 * The bank's status id (0–13) of the cart's installment application, for the shopper's page to name
 * ("the bank is reviewing your application"): the bank's fresh answer, else the ledger's last word,
 * else the session's data. Null for a card payment, and for an id the bank has not documented.
 */
export function shopperInstallmentStatusId(kind: TbcKind | null, sources: InstallmentStatusSources): number | null {
  if (kind !== "tbc-installments") return null
  if (sources.bank?.kind === "tbc-installments") {
    const fresh = knownStatusId(sources.bank.statusId)
    if (fresh !== null) return fresh
  }
  const recorded = sources.ledger ? knownStatusId(installmentStatusIdOf(sources.ledger)) : null
  return recorded ?? knownStatusId(sources.session)
}
