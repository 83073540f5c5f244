/**
 * How a TBC provider gets its bank client: the process's shared client for its options
 * (src/lib/bank-client-registry.ts), the same one the jobs, workflows and admin routes use, so one
 * keep-alive pool and one token per merchant configuration; logging through Medusa's logger.
 *
 * Why a factory hook (`TbcClientFactory`): provider unit tests and the app tests point the client
 * at the local sandbox through `environment`; a test that wants to count or break calls can pass
 * its own factory in the provider's cradle under `tbcClientFactory` without touching the code.
 */
import type { TbcClient } from "../../lib/tbc"
import { sharedBankClient } from "../../lib/bank-client-registry"
import { bankShareMs } from "../../lib/tbc/budget"
import type { TbcClientOptions, TbcLogger } from "../../lib/tbc/types"

/** The part of TbcClient a provider uses (`within` may be missing on a test's fake client). */
export type TbcClientLike = Pick<TbcClient, "checkout" | "installments" | "close"> & Partial<Pick<TbcClient, "within">>

/**
 * The client for ONE request a shopper or an admin waits on (`requestBudgetMs` from now): every
 * bank call of it fits in the bank's share of the budget, the rest being Medusa's own work
 * (TbcClient.within, bankShareMs; a fake client without `within` is used as it is).
 */
export function clientWithin(
  client: Omit<TbcClientLike, "close">,
  requestBudgetMs: number
): Pick<TbcClient, "checkout" | "installments"> {
  return client.within ? client.within(bankShareMs(requestBudgetMs)) : client
}

export type TbcClientFactory = (options: TbcClientOptions) => TbcClientLike

export const defaultTbcClientFactory: TbcClientFactory = sharedBankClient

/** Container key a test may register to replace the client factory. */
export const TBC_CLIENT_FACTORY_KEY = "tbcClientFactory"

interface MedusaLoggerLike {
  debug?: (msg: string) => void
  info?: (msg: string) => void
  warn?: (msg: string) => void
  error?: (msg: string) => void
  shouldLog?: (level: string) => boolean
}

/**
 * Medusa's container logger as a TbcLogger, prefixed with the provider id. Resolving "logger"
 * from a provider's cradle may throw when it is absent (plain unit tests): then logs go nowhere.
 * `debugAsInfo`, asked at each line (the option `debugLogging` in force, which an admin changes
 * without a restart): debug lines are logged at info level, so they show whatever Medusa's level.
 */
export function providerLogger(
  cradle: Record<string, unknown>,
  prefix: string,
  debugAsInfo: () => boolean = () => false
): TbcLogger {
  let logger: MedusaLoggerLike | undefined
  try {
    logger = cradle.logger as MedusaLoggerLike | undefined
  } catch {
    logger = undefined
  }
  const line = (msg: string) => `[${prefix}] ${msg}`
  return {
    debug: (msg) => (debugAsInfo() ? logger?.info?.(line(`debug: ${msg}`)) : logger?.debug?.(line(msg))),
    info: (msg) => logger?.info?.(line(msg)),
    warn: (msg) => logger?.warn?.(line(msg)),
    error: (msg) => logger?.error?.(line(msg)),
    shouldLog: (level) =>
      level === "debug" && debugAsInfo() ? logger !== undefined : (logger?.shouldLog?.(level) ?? logger !== undefined),
  }
}

/** The factory registered in the cradle, or the real TbcClient. */
export function clientFactoryFrom(cradle: Record<string, unknown>): TbcClientFactory {
  try {
    const factory = cradle[TBC_CLIENT_FACTORY_KEY]
    return typeof factory === "function" ? (factory as TbcClientFactory) : defaultTbcClientFactory
  } catch {
    return defaultTbcClientFactory
  }
}
