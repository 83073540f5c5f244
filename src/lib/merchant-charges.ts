/**
 * Pure rules of the merchant's charge of a saved card (a merchant-initiated transaction, MIT):
 * the shopper's consent as the storefront's save-card box sends it, and whether an order's
 * balance may be charged to a card, for how much. No I/O, no Medusa imports: the workflow
 * (src/workflows/saved-cards/charge-balance.ts) reads the order, the card and the ledger and
 * hands the facts in.
 *
 * Why consent is its own explicit field and never follows from `save_card`: card-scheme rules
 * for stored credentials let a merchant charge a saved card without the cardholder present only
 * where the cardholder agreed to exactly that when the card was stored. "Save this card for next
 * time" is consent to pay with it at checkout (the shopper present), nothing more.
 */
import { z } from "zod/v4"
import { typeRule } from "./zod-problems"
import { readMinorExact } from "./money"
import { holdsMoney, isUnresolvedCharge, type LedgerFacts } from "./ledger/guards"

/** The session data key of the consent the save-card box sends (with `save_card: true`). */
export const MERCHANT_CHARGES_CONSENT_KEY = "merchant_charges_consent"

/**
 * The versions of the consent statement the storefront kit has shown (its words in en/ka/ru:
 * packages/storefront/src/words-en.ts `saveCardMerchantCharges`). A new wording gets a new
 * version here and in the kit; an old one stays, since cards saved under it keep its consent.
 */
export const MERCHANT_CHARGES_WORDS_VERSIONS = ["2026-12"] as const
export const CONSENT_LOCALES = ["en", "ka", "ru"] as const

/** What the storefront sends: the shopper ticked the box whose words have this version, in this language. */
export const merchantChargesConsentSchema = z.strictObject({
  accepted: z.literal(true, { error: "must be true (the shopper ticked the box); leave the field out otherwise" }),
  words_version: z.enum(MERCHANT_CHARGES_WORDS_VERSIONS, {
    error: `must be one of ${MERCHANT_CHARGES_WORDS_VERSIONS.join(", ")} (the version of the words shown)`,
  }),
  locale: z.enum(CONSENT_LOCALES, { error: `must be one of ${CONSENT_LOCALES.join(", ")} (the words' language)` }),
})

/** The consent as the server keeps it in the session data: the storefront's fields and when the server took them. */
export const recordedConsentSchema = z.object({
  accepted: z.literal(true),
  words_version: z.string(typeRule("must be a string")).min(1).max(32),
  locale: z.enum(CONSENT_LOCALES),
  /** when the server accepted the session that carried it (ISO); never the storefront's clock */
  given_at: z.iso.datetime(),
})
export type RecordedConsent = z.infer<typeof recordedConsentSchema>

/** A recorded consent read back from session or payment data, or undefined: it is never inferred. */
export function recordedConsentOf(value: unknown): RecordedConsent | undefined {
  const parsed = recordedConsentSchema.safeParse(value)
  return parsed.success ? parsed.data : undefined
}

/**
 * Whether an earlier charge of the order's collections still stops a new one: its outcome is
 * unknown (sent, no readable answer; the bank deciding), or the bank holds or took its money
 * but Medusa was never handed it (no authorization recorded, no order): Medusa's outstanding
 * amount then still counts what the bank took, and a charge for it would take it twice. Such
 * money is placed on the order by the bank's callback or the lost-callback job.
 */
export function stopsBalanceCharge(
  entry: Pick<LedgerFacts, "kind" | "state" | "order_id"> & { authorized_at?: Date | null }
): boolean {
  return isUnresolvedCharge(entry) || (holdsMoney(entry) && entry.order_id === null && !entry.authorized_at)
}

/** A card as the charge rule reads it. */
export interface ChargeableCard {
  status: string
  /** the time of the shopper's consent to merchant charges, or null (saved without it) */
  merchant_charges_consent_at: Date | string | null
  /** whether the bank still keeps the card this month (isCardUsable) */
  usable: boolean
}

export interface BalanceChargeFacts {
  /** what the order still owes, in tetri (Medusa's pending difference) */
  outstandingMinor: number
  /** the order's currency code */
  currency: string
  /** the amount the merchant asked for, in tetri; undefined = the whole outstanding amount */
  requestedMinor?: number
  card: ChargeableCard
  /** an earlier charge of this order's balance stops a new one (stopsBalanceCharge) */
  unresolvedCharge: boolean
}

export type BalanceChargeVerdict =
  | { kind: "charge"; amountMinor: number }
  /** `field`: what the refusal is about; `conflict`: refused for what is under way, not for the input */
  | { kind: "refuse"; field: string; message: string; conflict?: boolean }

const AMOUNT_WORDS: Record<string, string> = {
  not_decimal: "must be a number of GEL, e.g. 12.50",
  too_many_decimals: "must have at most 2 decimals (tetri)",
  too_large: "is too large",
}

/** The merchant's amount (GEL, as typed) in tetri; undefined = the whole outstanding amount. */
export function readRequestedAmount(
  amount: number | string | undefined
): { ok: true; minor?: number } | { ok: false; message: string } {
  if (amount === undefined) return { ok: true }
  const read = readMinorExact(amount)
  if ("reason" in read) return { ok: false, message: `amount: ${AMOUNT_WORDS[read.reason] ?? "is not an amount"}` }
  return { ok: true, minor: read.minor }
}

const gel = (minor: number) => `${(minor / 100).toFixed(2)} GEL`

/** Whether the merchant may charge this card for this order's balance now, and how much (tetri). */
export function balanceChargeVerdict(facts: BalanceChargeFacts): BalanceChargeVerdict {
  const refuse = (field: string, message: string, conflict = false): BalanceChargeVerdict => ({
    kind: "refuse",
    field,
    message: `${field}: ${message}`,
    ...(conflict ? { conflict } : {}),
  })
  if (facts.unresolvedCharge) {
    return refuse(
      "id",
      "an earlier charge of this order's saved card is not settled (no answer from the bank yet, or its money not yet on the order); it is never sent again. Resolve it in Settings → TBC Bank first",
      true
    )
  }
  if (facts.currency.toLowerCase() !== "gel") {
    return refuse("id", `the order is in ${facts.currency.toUpperCase()}; a saved card is charged in GEL only`)
  }
  if (facts.card.status !== "active") return refuse("saved_card_id", "the card is not active")
  if (!facts.card.usable) return refuse("saved_card_id", "the bank no longer keeps this card (its save date passed)")
  if (facts.card.merchant_charges_consent_at === null) {
    return refuse(
      "saved_card_id",
      "the customer did not agree to charges by the store when saving this card; ask them to pay (for example by a payment link)"
    )
  }
  if (facts.outstandingMinor <= 0) return refuse("id", "the order owes nothing")
  const amount = facts.requestedMinor ?? facts.outstandingMinor
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse("amount", "must be greater than 0")
  if (amount > facts.outstandingMinor) {
    return refuse("amount", `${gel(amount)} is more than the ${gel(facts.outstandingMinor)} the order owes`)
  }
  return { kind: "charge", amountMinor: amount }
}
