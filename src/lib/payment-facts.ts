/**
 * What happened to a payment, as the bank's answer tells it: the card's mask, the method the
 * shopper actually used, the bank's reference numbers (rrn, transactionId, an approval code when
 * the answer has one) and the resultCode (why a card payment was declined). Kept on the ledger
 * entry (tbc_payment) for the admin; only the mask and the method reach places a shopper can read
 * (payment_sessions.data, GET /store/tbc/orders/:id/payment). Pure: no I/O.
 *
 * Field names and casings the live bank may use are in /docs/bank-behaviour.md ("What happened to
 * the payment"); the bank client already reads them case-insensitively (src/lib/tbc/responses.ts).
 */
import { choiceOf, isInstallmentsProviderId, parseCheckoutProviderId } from "./checkout-choices"
import { methodLabel } from "./labels"
import type { PaymentDetails } from "./tbc/types"

export interface PaymentFacts {
  /** the card as the bank masks it ("4***********1111"); never a full number */
  card_mask: string | null
  /** the method the shopper used on the bank's page (5 card, 9 Apple Pay, 11 saved card, …) */
  payment_method: number | null
  /** the card network's retrieval reference number */
  rrn: string | null
  transaction_id: string | null
  /** an authorization (approval) code, when the bank's answer names one (not documented by tpay) */
  approval_code: string | null
  /** the card processor's result code (000 approved; 1xx declines) */
  result_code: string | null
}

/** What a shopper may read about their own payment: the card's mask and the method. */
export interface ShopperPaymentFacts {
  card_mask: string | null
  card_last4: string | null
  payment_method: number | null
  payment_method_label: string | null
}

export const NO_FACTS: PaymentFacts = {
  card_mask: null,
  payment_method: null,
  rrn: null,
  transaction_id: null,
  approval_code: null,
  result_code: null,
}

/** Keys an approval code may come under (the tpay docs name none; card gateways use these). */
const APPROVAL_KEYS = ["approvalcode", "authcode", "authorizationcode", "approval_code", "auth_code"]
const MAX_TEXT = 64

/** A short one-line text from the bank, or null: control characters dropped, at most 64 characters. */
function cleanText(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null
  const text = String(value)
    .split("")
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, MAX_TEXT)
  return text === "" ? null : text
}

/**
 * The card as a mask, never more than its first six and last four digits (what PCI DSS allows to
 * show): a bank answer that carried a whole number is masked here, so it is never stored.
 */
export function safeCardMask(value: unknown): string | null {
  const text = cleanText(value)
  if (!text) return null
  const digits = text.replace(/\D/g, "")
  const visible = digits.length
  if (visible <= 10 && /[^\d\s-]/.test(text)) return text // already masked ("4***1111", "411111******1111")
  if (visible < 4) return null
  // a whole number (or too many digits shown): keep the last four
  return `${"*".repeat(Math.max(0, Math.min(visible, 19) - 4))}${digits.slice(-4)}`
}

function approvalCodeOf(raw: Record<string, unknown> | undefined): string | null {
  if (!raw) return null
  for (const [key, value] of Object.entries(raw)) {
    if (APPROVAL_KEYS.includes(key.toLowerCase())) return cleanText(value)
  }
  return null
}

const methodOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 1000 ? value : null

/** The facts in a bank answer (create, details or execution); null for each one it lacks. */
export function paymentFactsOf(
  details: Partial<
    Pick<
      PaymentDetails,
      "paymentCardNumber" | "recurringCard" | "paymentMethod" | "rrn" | "transactionId" | "resultCode" | "raw"
    >
  >
): PaymentFacts {
  return {
    card_mask: safeCardMask(details.paymentCardNumber) ?? safeCardMask(details.recurringCard?.cardMask),
    payment_method: methodOf(details.paymentMethod),
    rrn: cleanText(details.rrn),
    transaction_id: cleanText(details.transactionId),
    approval_code: approvalCodeOf(details.raw),
    result_code: cleanText(details.resultCode),
  }
}

/** True when the answer named at least one fact (else there is nothing to record). */
export const hasFacts = (facts: PaymentFacts): boolean => Object.values(facts).some((v) => v !== null)

/** Newer facts over older ones: a fact the newer answer lacks keeps its older value. */
export function mergeFacts(older: Partial<PaymentFacts>, newer: PaymentFacts): PaymentFacts {
  const out = { ...NO_FACTS }
  for (const key of Object.keys(NO_FACTS) as Array<keyof PaymentFacts>) {
    ;(out as Record<string, unknown>)[key] = newer[key] ?? older[key] ?? null
  }
  return out
}

/**
 * Whether recording `newer` over `older` would change anything (mergeFacts differs from what is
 * kept): a callback or status read repeating what the entry already holds needs no write.
 */
export function factsChange(older: Partial<PaymentFacts>, newer: PaymentFacts): boolean {
  const merged = mergeFacts(older, newer)
  return (Object.keys(NO_FACTS) as Array<keyof PaymentFacts>).some((key) => merged[key] !== (older[key] ?? null))
}

/**
 * The card as a shopper's pages may show it: only the last four digits, every other digit masked
 * ("411111******1111" → "************1111"). The first six (the card's BIN) stay with the admin.
 */
export function lastFourOnly(mask: string | null): string | null {
  if (!mask) return null
  const digits = mask.replace(/\D/g, "").length
  let seen = 0
  return mask.replace(/\d/g, (digit) => (++seen > digits - 4 ? digit : "*"))
}

/** The part a shopper may read: the mask (last four digits only) and the method. */
export function shopperFactsOf(facts: Pick<PaymentFacts, "card_mask" | "payment_method">): ShopperPaymentFacts {
  const mask = lastFourOnly(safeCardMask(facts.card_mask))
  return {
    card_mask: mask,
    card_last4: /(\d{4})$/.exec(mask ?? "")?.[1] ?? null,
    payment_method: methodOf(facts.payment_method),
    payment_method_label: methodOf(facts.payment_method) === null ? null : methodLabel(facts.payment_method as number),
  }
}

/** The method numbers a provider stands for when no bank answer named one. */
const SAVED_CARD_METHOD = 11
const INSTALLMENTS_METHOD = 8

/**
 * The method a payment was made with when the bank's answers named none: a saved card's charge
 * (11), a per-method provider's one method (Apple Pay's 9, internet bank's 7, …), Online
 * Installments (8). Null for the all-methods page (the shopper chose on the bank's page, only the
 * bank can say which) and for Part-by-Part (method 4's page, not a QR payment).
 */
export function providerMethodOf(providerId: string, data: Record<string, unknown> = {}): number | null {
  if (isInstallmentsProviderId(providerId)) return INSTALLMENTS_METHOD
  const parsed = parseCheckoutProviderId(providerId)
  if (!parsed) return null
  if (typeof data.saved_card_id === "string" && data.saved_card_id !== "") return SAVED_CARD_METHOD
  return parsed.identifier === "tbc-bnpl" ? null : (choiceOf(parsed.identifier)?.method ?? null)
}
