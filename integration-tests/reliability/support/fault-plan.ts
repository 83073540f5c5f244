/**
 * One checkout's faults, drawn from a seeded PRNG: what the bank does wrong before the payment
 * session is opened, before the shopper's return is confirmed, and to the payment's callbacks,
 * plus what the shopper does (pay, decline, abandon; come back or not).
 */
import { SeededRandom } from "./seeded-random"

export const CREATE_PATH = "POST /v1/tpay/payments"
export const detailsPath = (payId: string) => `GET /v1/tpay/payments/${payId}`

/** A fault injected through POST /_sandbox/faults before one step of the checkout. */
export type StepFault =
  | { kind: "none" }
  | { kind: "5xx-burst"; faults: Record<string, unknown> }
  | { kind: "timeout"; faults: Record<string, unknown> }
  | { kind: "slow"; faults: Record<string, unknown> }
  | { kind: "token-revoked"; faults: Record<string, unknown> }
  | { kind: "error-rate"; faults: Record<string, unknown> }

export type CallbackFault =
  { kind: "none" } | { kind: "drop" } | { kind: "duplicate"; copies: number } | { kind: "delay"; ms: number }

export interface CheckoutPlan {
  index: number
  quantities: [number, number]
  beforeSession: StepFault
  /** built once the payId is known (paths of the payment's own endpoints) */
  beforeReturn: (payId: string) => StepFault
  callbacks: CallbackFault
  outcome: "success" | "decline" | "abandon"
  shopperReturns: boolean
}

function stepFault(random: SeededRandom, timeoutMs: number, path: string | undefined): StepFault {
  const kind = random.weighted([
    ["none", 3],
    ["5xx-burst", 2],
    ["timeout", 1],
    ["slow", 1],
    ["token-revoked", 1],
    ["error-rate", 1],
  ] as const)
  const at = path ? { path } : {}
  switch (kind) {
    case "5xx-burst":
      return {
        kind,
        faults: { failNext: { count: random.int(1, 4), status: random.pick([500, 502, 503, 504]), ...at } },
      }
    case "timeout":
      return { kind, faults: { timeoutNext: { count: random.int(1, 2), afterProcessing: random.chance(0.5), ...at } } }
    case "slow":
      // over the client's timeout for a moment: the client gives up on whatever runs now
      return { kind, faults: { latencyMs: timeoutMs + 300 } }
    case "token-revoked":
      return { kind, faults: { revokeTokens: true } }
    case "error-rate":
      return { kind, faults: { errorRate: random.pick([0.2, 0.4]) } }
    default:
      return { kind: "none" }
  }
}

export function drawCheckoutPlan(random: SeededRandom, index: number, timeoutMs: number): CheckoutPlan {
  const first = random.int(0, 3)
  const quantities: [number, number] = [first, first === 0 ? random.int(1, 2) : random.int(0, 1)]
  const beforeSession = stepFault(random, timeoutMs, random.chance(0.7) ? CREATE_PATH : undefined)
  const returnSeed = random.next()
  const callbacks = random.weighted([
    [{ kind: "none" } as CallbackFault, 4],
    [{ kind: "drop" } as CallbackFault, 2],
    [{ kind: "duplicate", copies: random.int(1, 4) } as CallbackFault, 2],
    [{ kind: "delay", ms: random.int(200, 4000) } as CallbackFault, 2],
  ])
  const outcome = random.weighted([
    ["success", 75],
    ["decline", 15],
    ["abandon", 10],
  ] as const)
  const shopperReturns = random.chance(0.75)
  return {
    index,
    quantities,
    beforeSession,
    // its own PRNG so drawing it later (once the payId is known) does not shift the others
    beforeReturn: (payId) => {
      const local = new SeededRandom(Math.floor(returnSeed * 2 ** 31) + 1)
      return stepFault(local, timeoutMs, local.chance(0.6) ? detailsPath(payId) : undefined)
    },
    callbacks,
    outcome,
    shopperReturns,
  }
}
