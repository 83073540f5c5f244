/**
 * Validators of the calls that move money on an existing payment or saved card: execution by
 * saved card (POST /v1/tpay/payments/execution), completion and cancel/refund amounts.
 */
import { z } from "zod/v4"
import { minorToMajor, toMinorUnits } from "../../money"
import type { AmountContext, ExecuteSavedCardRequest } from "../types"
import {
  LIMITS,
  ansString,
  checkMajorAmount,
  currencySchema,
  majorAmountSchema,
  maxLengthString,
  nonEmptyString,
} from "./fields"
import { combineResult, issue, safeParseWithInput, valueOrThrow, type CheckResult } from "./result"

const executeSavedCardSchema = z.object({
  recId: nonEmptyString(),
  money: z.object({
    amount: majorAmountSchema({ positive: true }),
    currency: currencySchema,
  }),
  preAuth: z.boolean().optional(),
  initiator: nonEmptyString(LIMITS.initiator).optional(),
  merchantPaymentId: maxLengthString(LIMITS.merchantPaymentId).optional(),
  extra: ansString(LIMITS.extra).optional(),
  extra2: ansString(LIMITS.extra2).optional(),
})

export function checkExecuteSavedCardRequest(input: unknown): CheckResult<ExecuteSavedCardRequest> {
  return combineResult<ExecuteSavedCardRequest>(safeParseWithInput(executeSavedCardSchema, input), [])
}

export function validateExecuteSavedCardRequest(input: unknown): ExecuteSavedCardRequest {
  return valueOrThrow("saved card execution request", checkExecuteSavedCardRequest(input))
}

/**
 * A completion or cancel/refund amount: a number > 0 with at most 2 decimals, and at most
 * `ctx.maxAmount` when the caller knows the bound (compared in tetri).
 */
export function checkOperationAmount(field: string, amount: unknown, ctx: AmountContext = {}): CheckResult<number> {
  const checked = checkMajorAmount(field, amount, { positive: true })
  if (!checked.ok || ctx.maxAmount === undefined) {
    return checked
  }
  const maxMinor = toMinorUnits(ctx.maxAmount)
  if (toMinorUnits(checked.value) > maxMinor) {
    return {
      ok: false,
      issues: [issue(field, "max_amount", `must be at most ${minorToMajor(maxMinor)}`)],
    }
  }
  return checked
}

export function validateOperationAmount(field: string, amount: unknown, ctx: AmountContext = {}): number {
  return valueOrThrow(field, checkOperationAmount(field, amount, ctx))
}
