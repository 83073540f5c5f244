import { TbcConfigError } from "./errors"
import type { TokenSource } from "./tokens"
import type { RequestSender } from "./transport"
import type { TbcLogger } from "./types"
import { NON_EMPTY_STRING, checkField, valueOrThrow } from "./validation"

/** What every API area of a TbcClient shares: the transport, its token source, the logger. */
export interface AreaContext {
  transport: RequestSender
  tokens: TokenSource
  logger?: TbcLogger
}

export type TbcApiArea = "checkout" | "installments" | "mortgages"

/** Result of a credentials check (the admin's "Check connection" button). */
export interface ConnectionCheck {
  area: TbcApiArea
  ok: true
  /** how long obtaining a fresh token took */
  latencyMs: number
}

/** A cheap live check: obtains a NEW token (not a cached one), so it proves the credentials now. */
export interface VerifiableCredentials {
  verifyCredentials(): Promise<ConnectionCheck>
}

export async function verifyWithFreshToken(area: TbcApiArea, tokens: TokenSource): Promise<ConnectionCheck> {
  const started = Date.now()
  await tokens.fetchFresh()
  return { area, ok: true, latencyMs: Date.now() - started }
}

/** A path parameter (payId, recId, sessionId): a non-empty string, or a TbcValidationError naming it. */
export function pathId(field: string, value: unknown): string {
  return valueOrThrow(field, checkField(field, NON_EMPTY_STRING, value))
}

/**
 * Stands in for an API area whose credentials were not configured: every method rejects with a
 * TbcConfigError naming the missing option, so the mistake surfaces where the area is used and
 * the rest of the client keeps working.
 */
export function unconfiguredArea<T extends object>(option: TbcApiArea, methods: ReadonlyArray<keyof T>): T {
  const error = () =>
    new TbcConfigError([
      {
        field: option,
        rule: "required",
        message: `credentials are not configured: set the "${option}" option to use the ${option} API`,
      },
    ])
  const area: Record<string, () => Promise<never>> = {}
  for (const method of methods) {
    area[String(method)] = () => Promise.reject(error())
  }
  return area as unknown as T
}
