/**
 * Where src/lib's plain values meet Medusa's types. The pure rules in src/lib import nothing of
 * Medusa: they answer with the strings of src/lib/medusa-statuses.ts and count money from decimal
 * numbers or strings. The providers and the app glue convert here, at the edge:
 * - a Medusa amount (number, numeric string, BigNumber, bignumber.js value or raw
 *   `{value, precision}`) → integer tetri, through its exact decimal text;
 * - a session status / webhook action string → Medusa's enum type (same value, checked by
 *   __tests__/medusa-values.unit.spec.ts).
 */
import { MathBN, type PaymentActions, type PaymentSessionStatus } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"
import type { SessionStatus, WebhookAction } from "../../lib/medusa-statuses"
import { toMinorUnits } from "../../lib/money"

/**
 * A Medusa amount to integer tetri, rounded half-up at the third decimal (src/lib/money.ts
 * toMinorUnits). Throws when the amount is missing, not a number, or too large to be exact.
 */
export function medusaAmountToMinor(amount: BigNumberInput): number {
  if (amount === null || amount === undefined) {
    throw new Error(`Amount is required, got ${String(amount)}`)
  }
  const major = MathBN.convert(amount)
  if (!major.isFinite()) {
    throw new Error(`Amount must be a finite number, got ${describe(amount)}`)
  }
  // toFixed() without decimals: the exact value in plain decimal notation
  return toMinorUnits(major.toFixed())
}

/** medusaAmountToMinor, with a missing amount (a field Medusa left empty) as 0. */
export const medusaAmountToMinorOr0 = (amount: unknown): number =>
  amount === undefined || amount === null ? 0 : medusaAmountToMinor(amount as BigNumberInput)

/** A session status of src/lib as Medusa's PaymentSessionStatus (the enum's value is the same string). */
export function toSessionStatus(status: SessionStatus): PaymentSessionStatus {
  return status as PaymentSessionStatus
}

/** A webhook action of src/lib as Medusa's PaymentActions (the enum's value is the same string). */
export function toPaymentAction(action: WebhookAction): PaymentActions {
  return action as PaymentActions
}

function describe(amount: unknown): string {
  if (typeof amount === "object" && amount !== null) {
    try {
      return JSON.stringify(amount)
    } catch {
      return "an object"
    }
  }
  return String(amount)
}
