/**
 * The admin's actions on an unresolved ledger entry (Settings → TBC Bank → "Needs your decision"):
 * re-check at the bank, attach the payId TBC's merchant dashboard shows, mark "not charged",
 * release or refund money no order owns. Each one:
 *   - applies only where src/lib/ledger/admin-actions.ts allows it (the refusal is its reason);
 *   - moves the entry only through LedgerStore.apply (bank answers and admin events, judged by the
 *     state machine) in the admin's name (`admin:<user id>`), so the audit trail
 *     (tbc_ledger_event) says who did what and when; a re-check that moves nothing is noted too;
 *   - releases money only through the orphan policy's own claim and bank calls (releaseByAdmin).
 * The bank is read with the registration's shared client (the route passes it in).
 */
import {
  adminActionRefusal,
  attachMismatch,
  completedForOther,
  nextStepText,
  operationEffectSeen,
  type AdminAction,
} from "../../lib/ledger/admin-actions"
import { nextJobStep } from "../../lib/ledger/guards"
import { isChargeKind } from "../../lib/ledger/states"
import { majorToMinorExact } from "../../lib/money"
import type { CheckoutApi, PaymentDetails, TbcLogger } from "../../lib/tbc/types"
import type { LedgerEntry, LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import {
  gel,
  minorOf,
  readPaymentUnlessGone,
  refundedMinor,
} from "../../providers/tbc-checkout/money-moves/money-moves"
import { releaseByAdmin, type OrphanOutcome } from "../../providers/tbc-checkout/money-moves/orphans"
import type { LedgerActionView } from "../../lib/ledger/attention-view"
import { adminFactsOf, entryView } from "./attention"
import { LedgerActionError, bankUnreadable } from "./action-error"

export type AdminCheckout = Pick<CheckoutApi, "getPayment" | "cancelPayment" | "completePayment">

export interface AdminActionDeps {
  ledger: LedgerStore
  /** `admin:<user id>` (adminActor) */
  actor: string
  now: () => Date
  isCheckout(providerId: string): boolean
  /** the shared bank client of the entry's tbc-checkout registration, within the admin's request budget */
  checkoutOf(providerId: string): AdminCheckout
  /**
   * the live Medusa payment made from the session for the charge `payId` (the one its data names),
   * if any, and the order it belongs to
   */
  medusaOwnerOf(
    paymentSessionId: string,
    payId: string | null
  ): Promise<{ paymentId: string | undefined; orderId: string | null }>
  /** after a release: Medusa's cancel of that payment when no order followed it (payment-without-order.ts) */
  cancelPaymentWithoutOrder(paymentSessionId: string, payId: string | null): Promise<string | undefined>
  logger: TbcLogger
}

const ACTION_WORDS: Record<AdminAction, string> = {
  recheck: "re-check",
  attach: "attach a payId to",
  not_charged: "mark as not charged",
  release: "release or refund",
}

/** The entry, allowed to take `action` now, or the refusal (404 unknown, 409 with the rule's reason). */
async function entryFor(deps: AdminActionDeps, entryId: string, action: AdminAction) {
  const entry = await deps.ledger.byId(entryId)
  if (!entry) throw new LedgerActionError(404, "tbc_ledger_entry_not_found", `Ledger entry ${entryId} was not found`)
  const facts = await adminFactsOf(deps.ledger, entry, deps.isCheckout)
  const refusal = adminActionRefusal(facts, action, deps.now())
  if (refusal) throw refused(entryId, action, refusal)
  return facts
}

const refused = (entryId: string, action: AdminAction, reason: string) =>
  new LedgerActionError(409, "tbc_ledger_action_refused", `Cannot ${ACTION_WORDS[action]} entry ${entryId}: ${reason}`)

/** Applies an event in the admin's name; a refusal by the state machine (e.g. a concurrent move) is a 409. */
async function applyAsAdmin(
  deps: AdminActionDeps,
  entry: LedgerEntry,
  action: AdminAction,
  event: Parameters<LedgerStore["apply"]>[1],
  extra: { card_mask?: string } = {}
) {
  const result = await deps.ledger.apply(entry.id, event, deps.actor, extra)
  if (!result.ok) throw refused(entry.id, action, result.reason)
  return result
}

/** The bank's details of a payId; a payId the bank does not know is the admin's mistake (400). */
async function readBank(deps: AdminActionDeps, providerId: string, payId: string): Promise<PaymentDetails> {
  let details: PaymentDetails | undefined
  try {
    details = await readPaymentUnlessGone(deps.checkoutOf(providerId), payId)
  } catch (error) {
    throw bankUnreadable(error, payId)
  }
  if (!details) {
    throw new LedgerActionError(400, "tbc_ledger_pay_id_unknown", `pay_id: the bank knows no payment ${payId}`)
  }
  return details
}

const cardMaskOf = (details: PaymentDetails): { card_mask?: string } => {
  const mask = details.recurringCard?.cardMask ?? details.paymentCardNumber
  return typeof mask === "string" && mask !== "" ? { card_mask: mask } : {}
}

/** The answer: the entry as it is now, whether it is still listed, and what happens next. */
async function answer(deps: AdminActionDeps, entryId: string, done: string): Promise<LedgerActionView> {
  const entry = await deps.ledger.byId(entryId)
  if (!entry) throw new LedgerActionError(404, "tbc_ledger_entry_not_found", `Ledger entry ${entryId} was not found`)
  const now = deps.now()
  const view = entryView(await adminFactsOf(deps.ledger, entry, deps.isCheckout), now)
  const listed = view.reason !== undefined
  return {
    entry: { ...view, reason: view.reason ?? null },
    listed,
    done,
    next: nextStepText(nextJobStep(entry, now), listed),
  }
}

/** Re-check at the bank: the charge (or an operation's charge) is moved by what the bank says now. */
export async function recheckEntry(deps: AdminActionDeps, entryId: string): Promise<LedgerActionView> {
  const entry = await entryFor(deps, entryId, "recheck")
  const payId = entry.read_pay_id as string
  const details = await readBank(deps, entry.provider_id, payId)
  const status = String(details.status)
  const charge = isChargeKind(entry.kind) ? entry : await deps.ledger.byPayId(payId)
  const moved = charge
    ? await applyAsAdmin(deps, charge, "recheck", { type: "bank_status", status, payId }, cardMaskOf(details))
    : undefined
  if (!isChargeKind(entry.kind)) {
    // refunds only: the rest of a hold a smaller completion released is no refund's effect
    const bank = { status, returnedMinor: refundedMinor(details), confirmedMinor: minorOf(details.confirmedAmount) }
    if (!operationEffectSeen(entry, bank)) {
      const currency = entry.currency.toUpperCase()
      const why = completedForOther(entry, bank)
        ? `the bank completed payment ${payId} for ${gel(bank.confirmedMinor, currency)}, not the ` +
          `${gel(entry.amount, currency)} of this completion (a hold is completed once): another capture ` +
          `took it; mark this one not done`
        : `the bank shows payment ${payId} ${status}, which does not show this ${entry.kind}; ` +
          `if TBC's merchant dashboard shows it did not happen, mark it not done`
      await deps.ledger.note(entry.id, "admin_recheck", deps.actor, status)
      throw refused(entryId, "recheck", why)
    }
    // no payId: an operation reads its charge's; setting it on the operation too would clash with the
    // charge's (one entry per payId) and answer 422 (found by the partial-capture re-check test)
    await applyAsAdmin(deps, entry, "recheck", { type: "bank_status", status })
  } else if (!moved?.changed) {
    // the bank says what we knew: the admin's look is still part of the entry's history
    await deps.ledger.note(entry.id, "admin_recheck", deps.actor, status)
  }
  return answer(deps, entryId, `The bank shows payment ${payId} as ${status}.`)
}

/**
 * Attach the payId TBC's merchant dashboard shows for an entry without one. The bank is read
 * BEFORE anything is attached: a payId the bank does not know, or whose payment names another
 * merchantPaymentId or amount, is refused and the entry stays as it was.
 */
export async function attachPayId(deps: AdminActionDeps, entryId: string, payId: string): Promise<LedgerActionView> {
  const entry = await entryFor(deps, entryId, "attach")
  const owner = await deps.ledger.byPayId(payId)
  if (owner && owner.id !== entry.id) {
    throw new LedgerActionError(
      409,
      "tbc_ledger_pay_id_taken",
      `pay_id: payment ${payId} already belongs to ledger entry ${owner.id}`
    )
  }
  const details = await readBank(deps, entry.provider_id, payId)
  const mismatch = attachMismatch(entry, {
    amountMinor: details.amount === undefined ? null : majorToMinorExact(details.amount),
    currency: details.currency ?? null,
    merchantPaymentId: typeof details.raw.merchantPaymentId === "string" ? details.raw.merchantPaymentId : null,
  })
  if (mismatch) {
    throw new LedgerActionError(
      409,
      "tbc_ledger_pay_id_mismatch",
      `pay_id: payment ${payId} is not this entry's: ${mismatch}`
    )
  }
  await applyAsAdmin(deps, entry, "attach", { type: "admin_attach_pay_id", payId })
  const status = String(details.status)
  await applyAsAdmin(deps, entry, "attach", { type: "bank_status", status, payId }, cardMaskOf(details))
  return answer(deps, entryId, `Payment ${payId} attached; the bank shows it as ${status}.`)
}

/** The admin checked TBC's merchant dashboard: the bank never charged (or never did the operation). */
export async function markNotCharged(
  deps: AdminActionDeps,
  entryId: string,
  reason: string
): Promise<LedgerActionView> {
  const entry = await entryFor(deps, entryId, "not_charged")
  await applyAsAdmin(deps, entry, "not_charged", { type: "admin_not_charged", reason })
  const what = isChargeKind(entry.kind) ? "not charged" : "not done"
  return answer(deps, entryId, `Marked ${what}; your reason is kept in its record.`)
}

const RELEASE_WORDS: Partial<Record<OrphanOutcome, string>> = {
  cancelled: "The hold was released.",
  refunded: "The money was returned to the card.",
  nothing_at_bank: "The bank holds nothing for it any more; nothing was moved.",
}

/**
 * Release a hold or return taken money that no order owns: the orphan policy's claim and bank
 * calls (never twice, also against a concurrent sweep), in the admin's name. Refused while an
 * order owns the money; a Medusa payment no order followed is cancelled in Medusa afterwards.
 */
export async function releaseEntry(deps: AdminActionDeps, entryId: string): Promise<LedgerActionView> {
  const entry = await entryFor(deps, entryId, "release")
  // a Medusa payment no order followed (its completion failed after authorizing) does not own
  // the money: only an order does
  const owner = await deps.medusaOwnerOf(entry.payment_session_id, entry.pay_id)
  if (owner.orderId) {
    throw refused(
      entryId,
      "release",
      `Medusa payment ${owner.paymentId} was made from it: order ${owner.orderId} owns this money`
    )
  }
  const outcome = await releaseByAdmin({
    checkout: deps.checkoutOf(entry.provider_id),
    ledger: deps.ledger,
    payId: entry.pay_id as string,
    logger: deps.logger,
    actor: deps.actor,
  })
  if (outcome === "busy") {
    const now = await deps.ledger.byId(entryId)
    if (now?.authorized_at || now?.order_id) {
      throw refused(entryId, "release", "the shopper's order is being placed from this money right now")
    }
    throw new LedgerActionError(
      409,
      "tbc_ledger_busy",
      `Entry ${entryId} is being acted on right now (orphan policy); try again in a moment`
    )
  }
  if (outcome === "failed") {
    const after = await deps.ledger.byId(entryId)
    throw new LedgerActionError(
      502,
      "tbc_bank_unavailable",
      `The money of entry ${entryId} could not be released: ${after?.orphan_error ?? "the bank did not answer"}; nothing is charged twice, try again`
    )
  }
  if (owner.paymentId && (outcome === "cancelled" || outcome === "refunded")) {
    // the compensation Medusa could not finish: its payment is cancelled too (the bank moves nothing more)
    await deps.cancelPaymentWithoutOrder(entry.payment_session_id, entry.pay_id).catch((error: unknown) => {
      deps.logger.warn(`entry ${entryId}: Medusa payment ${owner.paymentId} could not be cancelled: ${String(error)}`)
    })
  }
  const amount = gel(entry.amount, entry.currency.toUpperCase())
  return answer(deps, entryId, `${RELEASE_WORDS[outcome] ?? outcome} (${amount}, payment ${entry.pay_id})`)
}
