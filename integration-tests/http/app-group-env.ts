/**
 * The app env of the orphan and request-budget app groups (orphaned-payments-app.spec.ts,
 * request-budget-app.spec.ts), one constant per group: runAppGroup boots one app for all specs of
 * a group, so they must ask for exactly the same env (oncePerFile in app-env.ts). What a spec
 * needs beyond it and the admin can change (preauthorization, orphan policy) it sets at run time
 * with useSuiteSettings (integration-tests/utils/admin-settings.ts); these are read at boot only.
 */
import { timeoutMsOption } from "../../src/providers/common/options"
import { INSTALLMENTS_APP_ENV } from "./installments-support"

/** A short orphan grace, so the orphan check follows a session's deletion quickly; money taken (no preauth). */
export const ORPHANS_GROUP_ENV: Readonly<Record<string, string>> = {
  TBC_PREAUTH: "false",
  TBC_ORPHAN_GRACE_SECONDS: "1",
}

/** The request budget (TBC_REQUEST_BUDGET_MS) of the request-budget group: small, to keep its tests quick. */
export const REQUEST_BUDGET_MS = 3_000

/**
 * The request-budget group's env: its budget, and what the installments spec's sandbox adds
 * (useInstallmentsSandbox; the checkout specs have no installments and do not mind), in that order:
 * the specs' env must be the same to the letter.
 */
export const REQUEST_BUDGET_GROUP_ENV: Readonly<Record<string, string>> = {
  ...INSTALLMENTS_APP_ENV,
  TBC_REQUEST_BUDGET_MS: String(REQUEST_BUDGET_MS),
}

/**
 * The most a Store API request that keeps to the budget may take, as a test measures it from
 * outside: the budget plus a margin for Medusa's own work on a busy machine (npm test runs three
 * test files on two cores, beside other work: a cart completion took 8.8 s and a cart edit with no
 * bank call at all 11.7 s against a 3 s budget there). Still below what a request that lost the
 * budget waits at the least, one per-attempt timeout at the bank (timeoutMs, 15 s by default,
 * which this group keeps) plus that same work of Medusa's: such a request fails the test.
 */
export const WITHIN_BUDGET_MS = REQUEST_BUDGET_MS + 10_000
/** The per-attempt bank timeout the group's providers run with: the options' default. */
export const BANK_ATTEMPT_TIMEOUT_MS: number = timeoutMsOption.parse(undefined)

/** A request measured `ms` kept to the request budget (WITHIN_BUDGET_MS). */
export function expectWithinBudget(ms: number): void {
  // a bound at or above one bank attempt would let a request that ignores the budget pass
  expect(WITHIN_BUDGET_MS).toBeLessThan(BANK_ATTEMPT_TIMEOUT_MS)
  expect(ms).toBeLessThan(WITHIN_BUDGET_MS)
}
