/**
 * Orphaned payments: money the bank holds or has taken for a Medusa session that no longer exists
 * (Medusa deletes a collection's sessions when the cart total changes or a new session is opened,
 * also after the shopper paid or while the shopper is still on the bank's page). No order can ever
 * use that money, so the orphan policy decides:
 * - "refund" (default): a hold is cancelled, taken money is returned in full;
 * - "notify": nothing moves; the payment is listed for the admin (Settings → TBC Bank).
 * Every action is recorded in tbc_payment. A payment is an orphan only when its session is gone
 * AND no Medusa payment was made from that session (then the money belongs to an order).
 */
import type { CheckoutApi, PaymentDetails, TbcLogger } from "../../../lib/tbc/types"
import { ORPHAN_POLICIES, type OrphanPolicy } from "../options"
import { recordError, type LedgerStore } from "../../../modules/tbc/ledger/ledger-store"
import type { RecordedOrphanAction } from "../../../lib/ledger/facets"
import { cancelHeldOrTaken, gel, moneyAtBank, readPaymentUnlessGone } from "./money-moves"

export { ORPHAN_POLICIES, type OrphanPolicy }

export type OrphanDecision =
  { act: "none" } | { act: "cancel" | "refund" | "notify"; minor: number; kind: "held" | "taken" }

/** Pure: what the policy does about a payment in this state at the bank. */
export function orphanDecision(details: PaymentDetails, policy: OrphanPolicy): OrphanDecision {
  const money = moneyAtBank(details)
  if (!money || money.minor <= 0) return { act: "none" }
  if (policy === "notify") return { act: "notify", minor: money.minor, kind: money.kind }
  return { act: money.kind === "held" ? "cancel" : "refund", minor: money.minor, kind: money.kind }
}

/** What settleOrphan needs of the ledger (LedgerStore; a fake in unit tests). */
export type OrphanLedger = Pick<
  LedgerStore,
  "byPayId" | "claimOrphan" | "releaseOrphanClaim" | "recordOrphanAction" | "applyByPayId"
>

export type OrphanOutcome = "not_orphan" | "busy" | "nothing_at_bank" | "cancelled" | "refunded" | "notified" | "failed"

const RECORDED: Record<string, RecordedOrphanAction> = { cancel: "cancelled", refund: "refunded", notify: "notified" }

/**
 * Acts on one payment if it is an orphan. Safe to call any number of times from anywhere
 * (the sweep, a callback's subscriber, the admin): a claim in the record lets one caller act, a
 * finished action is never repeated, and the bank call itself treats "already returned" as done.
 */
export async function settleOrphan(args: {
  checkout: Pick<CheckoutApi, "getPayment" | "cancelPayment" | "completePayment">
  ledger: OrphanLedger
  payId: string
  policy: OrphanPolicy
  logger: TbcLogger
  /** who acts, in the ledger's audit trail (default the policy itself) */
  actor?: string
  /**
   * the caller read Medusa (app side): the Medusa payment made from the session belongs to no
   * order, so it does not own the money (a completion failed after authorizing)
   */
  medusaShowsNoOrder?: boolean
}): Promise<OrphanOutcome> {
  const entry = await args.ledger.byPayId(args.payId)
  // an orphan: its session is gone and no Medusa payment was ever made from it, or only one no
  // order followed (the provider cannot read Medusa: only the app-side sweep can say so)
  const paymentOwns = entry?.authorized_at !== null && !args.medusaShowsNoOrder
  if (!entry || entry.session_gone_at === null || paymentOwns || entry.order_id !== null) {
    return "not_orphan"
  }
  return settleClaimable(args, "its session is gone")
}

/**
 * Acts on a payment whose session still exists but can never become an order: the lost-callback
 * job drove it and Medusa's cart completion failed (e.g. the last unit sold out), so no order
 * exists while the bank holds or took the money. Same policy, claim and record as an orphan;
 * `reason` is kept in the record for the admin's attention list.
 */
export async function settleStrandedPayment(
  args: Parameters<typeof settleOrphan>[0] & { reason: string }
): Promise<OrphanOutcome> {
  return settleClaimable(args, `no order could be made from its cart (${args.reason})`, args.reason)
}

/**
 * An admin releases money the bank holds or took that no order owns (Settings → TBC Bank; the
 * caller checked that no order owns it): the same claim, bank calls and record as the policy's
 * "refund", in the admin's name, also for a payment the "notify" policy left for the admin.
 */
export async function releaseByAdmin(
  args: Omit<Parameters<typeof settleOrphan>[0], "policy"> & { actor: string }
): Promise<OrphanOutcome> {
  return settleClaimable({ ...args, policy: "refund" }, `${args.actor} released it`, null, true)
}

async function settleClaimable(
  args: Parameters<typeof settleOrphan>[0],
  why: string,
  note: string | null = null,
  takeNotified = false
): Promise<OrphanOutcome> {
  const { checkout, ledger, payId, policy, logger } = args
  const actor = args.actor ?? "policy:orphan"
  // refused while a Medusa payment or an order owns the money (the ledger's compare-and-set)
  if (!(await ledger.claimOrphan(payId, takeNotified, actor))) return "busy"
  try {
    const details = await readPaymentUnlessGone(checkout, payId)
    if (details?.status) {
      await ledger.applyByPayId(payId, { type: "bank_status", status: String(details.status), payId }, actor)
    }
    const decision = details ? orphanDecision(details, policy) : ({ act: "none" } as const)
    if (decision.act === "none") {
      // unpaid (still Created: the shopper may pay later), failed, expired or already returned
      await ledger.releaseOrphanClaim(payId, actor)
      return "nothing_at_bank"
    }
    const what = `${decision.kind === "held" ? "holds" : "has taken"} ${gel(decision.minor, details?.currency)}`
    if (decision.act === "notify") {
      logger.warn(`payment ${payId}: ${why} while the bank ${what}; orphanPolicy "notify": left for the admin`)
    } else {
      logger.warn(`payment ${payId}: ${why} while the bank ${what}; orphanPolicy "refund": ${decision.act}ing it`)
      const released = await cancelHeldOrTaken(checkout, {}, payId, "release an orphaned payment", logger)
      const status = released.data.status
      if (typeof status === "string") {
        await ledger.applyByPayId(payId, { type: "bank_status", status, payId }, actor)
      }
    }
    await ledger.recordOrphanAction(payId, RECORDED[decision.act], decision.minor, note, actor)
    return RECORDED[decision.act] as OrphanOutcome
  } catch (error) {
    logger.warn(`payment ${payId}: ${why} and the orphan policy could not act: ${recordError(error)}`)
    await ledger.recordOrphanAction(payId, "failed", null, recordError(error), actor).catch(() => undefined)
    return "failed"
  }
}
