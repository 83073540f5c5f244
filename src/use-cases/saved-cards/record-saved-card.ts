/**
 * Recording of a card the bank saved for a customer, app-side (the provider cannot reach our
 * `tbc` module). Runs after an order is placed and after a payment is captured: it asks the bank
 * for the payment (the bank has no "list saved cards" call, so our SavedCard table is the source
 * of truth) and stores `recurringCard {recId, cardMask, expiryDate}`.
 *
 * Rules (pure, with the bank and the table injected):
 * - a card appears only when the bank reports one on a payment that holds or moved money:
 *   Succeeded/PartialReturned → active; WaitingConfirm → pending (with preauth the bank activates
 *   the card at completion, so a later capture turns it active);
 * - idempotent: one row per bank token (the table finds it by the token's keyed hash); a second event for the same card changes nothing, except
 *   pending → active; a deleted card is never brought back; a card already owned by another
 *   customer is left alone (logged by the caller);
 * - a failed insert because another instance inserted the same rec_id first counts as recorded.
 */
import type { CheckoutApi, PaymentDetails } from "../../lib/tbc/types"
import type { RecordedConsent } from "../../lib/merchant-charges"

export type SavedCardStatus = "pending" | "active" | "deleted"

export interface SavedCardRow {
  id: string
  customer_id: string
  provider_id: string
  /** as stored: sealed (tbcrec1.…), plain (rows from before sealing) or null (deleted) */
  rec_id: string | null
  status: SavedCardStatus
}

export interface NewSavedCard {
  customer_id: string
  provider_id: string
  rec_id: string
  card_mask: string | null
  expiry_date: string | null
  save_until: string | null
  pay_id: string
  status: SavedCardStatus
  /** the shopper's consent to charges by the store, from the saving payment's data; null: none given */
  merchant_charges_consent_at?: Date | null
  merchant_charges_consent_version?: string | null
  merchant_charges_consent_locale?: string | null
}

/** The consent columns of a new card: what the saving payment carried, or nothing (never inferred). */
export function consentColumns(consent: RecordedConsent | undefined) {
  return {
    merchant_charges_consent_at: consent ? new Date(consent.given_at) : null,
    merchant_charges_consent_version: consent?.words_version ?? null,
    merchant_charges_consent_locale: consent?.locale ?? null,
  }
}

/** The part of the tbc module the recording needs. */
export interface SavedCardTable {
  findByRecId(recId: string): Promise<SavedCardRow | undefined>
  create(card: NewSavedCard): Promise<void>
  setStatus(id: string, status: SavedCardStatus): Promise<void>
}

export type RecordOutcome = "created" | "activated" | "unchanged" | "no_card" | "other_customer"

const ACTIVE_STATUSES = ["Succeeded", "PartialReturned"]
const PENDING_STATUSES = ["WaitingConfirm"]
const MMYY = /^(0[1-9]|1[0-2])\d{2}$/

/** The card status a bank payment status implies, or undefined when no usable card can exist. */
export function cardStatusFor(bankStatus: string): SavedCardStatus | undefined {
  if (ACTIVE_STATUSES.includes(bankStatus)) return "active"
  if (PENDING_STATUSES.includes(bankStatus)) return "pending"
  return undefined
}

/** MMYY or null: the bank's expiry strings are stored only when well-formed. */
export function mmyyOrNull(value: unknown): string | null {
  return typeof value === "string" && MMYY.test(value) ? value : null
}

/** recId, mask and expiry of the card a payment saved (or used), from `recurringCard` or top-level `recId`. */
export function savedCardOf(
  details: PaymentDetails
): { recId: string; cardMask: string | null; expiryDate: string | null } | undefined {
  const card = details.recurringCard
  const recId = card?.recId ?? details.recId
  if (typeof recId !== "string" || recId === "") return undefined
  const rawCard = (details.raw?.recurringCard ?? {}) as Record<string, unknown>
  return {
    recId,
    cardMask: typeof card?.cardMask === "string" ? card.cardMask.slice(0, 32) : null,
    // the live API has been seen to spell it "expirtyDate"
    expiryDate: mmyyOrNull(card?.expiryDate ?? rawCard.expirtyDate),
  }
}

export async function recordSavedCard(args: {
  bank: Pick<CheckoutApi, "getPayment">
  table: SavedCardTable
  payId: string
  customerId: string
  providerId: string
  /** the shopper's consent to charges by the store, as the saving payment's data carries it */
  consent?: RecordedConsent
}): Promise<RecordOutcome> {
  const details = await args.bank.getPayment(args.payId)
  const card = savedCardOf(details)
  const status = cardStatusFor(String(details.status))
  if (!card || !status) {
    return "no_card"
  }
  const existing = await args.table.findByRecId(card.recId)
  if (existing) {
    return settleExisting(args.table, existing, args.customerId, status)
  }
  const saveUntil = mmyyOrNull(details.raw?.saveCardToDate) ?? card.expiryDate
  try {
    await args.table.create({
      customer_id: args.customerId,
      provider_id: args.providerId,
      rec_id: card.recId,
      card_mask: card.cardMask,
      expiry_date: card.expiryDate,
      save_until: saveUntil,
      pay_id: details.payId || args.payId,
      status,
      ...consentColumns(args.consent),
    })
    return "created"
  } catch (error) {
    // another instance (or a concurrent event) inserted the same rec_id first
    const raced = await args.table.findByRecId(card.recId)
    if (!raced) throw error
    return settleExisting(args.table, raced, args.customerId, status)
  }
}

async function settleExisting(
  table: SavedCardTable,
  existing: SavedCardRow,
  customerId: string,
  status: SavedCardStatus
): Promise<RecordOutcome> {
  if (existing.customer_id !== customerId) {
    return "other_customer"
  }
  if (existing.status === "pending" && status === "active") {
    await table.setStatus(existing.id, "active")
    return "activated"
  }
  return "unchanged"
}
