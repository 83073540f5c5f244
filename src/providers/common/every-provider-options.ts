/**
 * Boot-time validation of the options of EVERY TBC payment provider registered in the app, so a
 * merchant with two broken registrations fixes both after one failed boot instead of two.
 *
 * Why this reads the app's config: Medusa validates each provider on its own (`validateOptions`
 * with that provider's options) and rethrows only the first failure. So when one TBC provider's
 * options are broken, its `validateOptions` looks up the other TBC registrations in the loaded
 * medusa-config (`configManager`) and throws ONE message naming the problems of each. Outside a
 * Medusa app (no config loaded, e.g. unit tests) it reports the given options alone.
 */
import { configManager } from "@medusajs/framework/config"
import { MedusaError } from "@medusajs/framework/utils"
import { checkoutOptionsSchema, CHECKOUT_PROVIDER_NAME } from "../tbc-checkout/options"
import { installmentsOptionsSchema, INSTALLMENTS_PROVIDER_NAME } from "../tbc-installments/options"
import { checkWith, problemsText } from "../../lib/zod-problems"
import { OPTIONS_PLACE } from "./options"

export type TbcProviderName = typeof CHECKOUT_PROVIDER_NAME | typeof INSTALLMENTS_PROVIDER_NAME

const SCHEMAS = {
  [CHECKOUT_PROVIDER_NAME]: checkoutOptionsSchema,
  [INSTALLMENTS_PROVIDER_NAME]: installmentsOptionsSchema,
} as const

/** One provider registration of a module's `options.providers` (medusa-config). */
export interface TbcRegistration {
  provider: TbcProviderName
  id: string
  options: unknown
}

/** "field: rule; field: rule" of options that fail their provider's schema; "" when valid. */
export function optionProblemsOf(provider: TbcProviderName, options: unknown): string {
  const checked = checkWith<unknown>(SCHEMAS[provider], options ?? {}, OPTIONS_PLACE)
  return checked.ok ? "" : problemsText(checked.issues)
}

/** Which TBC provider a registration's `resolve` names ("…/providers/tbc-checkout", a path), if any. */
function providerNameOf(resolve: unknown): TbcProviderName | undefined {
  if (typeof resolve !== "string") return undefined
  const match = /(?:^|[/\\])(tbc-checkout|tbc-installments)(?:[/\\]index(?:\.[cm]?[jt]s)?)?$/.exec(resolve)
  return match?.[1] as TbcProviderName | undefined
}

/** The TBC registrations of every module in a loaded config's `modules` (object or array form). */
export function tbcRegistrationsIn(modules: unknown): TbcRegistration[] {
  const list = Array.isArray(modules) ? modules : Object.values((modules ?? {}) as Record<string, unknown>)
  return list.flatMap((module) => {
    const providers = (module as { options?: { providers?: unknown } } | null)?.options?.providers
    if (!Array.isArray(providers)) return []
    return providers.flatMap((entry: { resolve?: unknown; id?: unknown; options?: unknown }) => {
      const provider = providerNameOf(entry?.resolve)
      return provider ? [{ provider, id: String(entry.id ?? ""), options: entry.options }] : []
    })
  })
}

/** The app's TBC registrations, or undefined when no Medusa config is loaded in this process. */
function registrationsOfLoadedApp(): TbcRegistration[] | undefined {
  // baseDir is set by loadConfig; reading `config` before that would log a warning
  if (!configManager.baseDir) return undefined
  try {
    return tbcRegistrationsIn(configManager.config.modules)
  } catch {
    return undefined
  }
}

/**
 * The options a provider service works with: its raw options with `registrationId` set to the `id`
 * of its medusa-config registration, so that a store writes the id once. Medusa hands a provider
 * its options but not its id, so the id is found in the loaded config: the one registration of
 * this provider whose options are these (the same object, else the same content). An explicit
 * `registrationId` is still accepted when it equals that id; a different one stops the boot,
 * naming both (it would build callback URLs and ledger entries of another provider).
 *
 * Outside a Medusa app (no config loaded), or for options of no registration, the options are
 * returned as given (an explicit `registrationId`, else the schema's default "tbc").
 * @throws MedusaError(INVALID_DATA) on a different explicit id, or when two registrations of the
 *   provider have the same options and neither names its id
 */
export function withRegistrationId<T>(
  provider: TbcProviderName,
  options: T,
  registrations: TbcRegistration[] | undefined = registrationsOfLoadedApp()
): T | (T & { registrationId: string }) {
  const explicit = (options as { registrationId?: unknown } | null | undefined)?.registrationId
  const mine = (registrations ?? []).filter((r) => r.provider === provider)
  const same = mine.filter((r) => r.options === options)
  const matches = same.length > 0 ? same : mine.filter((r) => sameOptions(r.options ?? {}, options ?? {}))
  const ids = [...new Set(matches.map((r) => r.id))]
  if (ids.length > 1 && explicit === undefined) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid ${provider} options: registrationId: the registrations with id ${ids.map((id) => `"${id}"`).join(" and ")} have the same options; give each its registrationId (equal to its id)`
    )
  }
  if (ids.length !== 1) return options
  const [id] = ids
  if (explicit !== undefined && explicit !== id) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid ${provider} options (id "${id}"): registrationId: must equal the registration's id "${id}"; it follows from the id, so leave it out`
    )
  }
  return { ...(options ?? {}), registrationId: id } as T & { registrationId: string }
}

/**
 * Throws MedusaError(INVALID_DATA) when `options` fail `provider`'s schema. The message names the
 * problems of every TBC registration of the app (option names and rules, never values), e.g.
 * `Invalid tbc-checkout options (id "tbc"): returnUrl: is required | Invalid tbc-installments options (id "tbc"): merchantKey: is required`.
 */
export function validateEveryTbcProvider(
  provider: TbcProviderName,
  options: unknown,
  registrations: TbcRegistration[] | undefined = registrationsOfLoadedApp()
): void {
  withRegistrationId(provider, options, registrations)
  const own = optionProblemsOf(provider, options)
  if (own === "") return
  const broken = (registrations ?? [])
    .map((r) => ({ ...r, problems: optionProblemsOf(r.provider, r.options) }))
    .filter((r) => r.problems !== "")
  const reports = broken.map((r) => `Invalid ${r.provider} options (id "${r.id}"): ${r.problems}`)
  // the config Medusa hands a provider may be a copy of the loaded one: match by content
  const ownListed = broken.some((r) => r.provider === provider && sameOptions(r.options, options))
  if (!ownListed) reports.unshift(`Invalid ${provider} options: ${own}`)
  throw new MedusaError(MedusaError.Types.INVALID_DATA, reports.join(" | "))
}

function sameOptions(a: unknown, b: unknown): boolean {
  if (a === b) return true
  try {
    return JSON.stringify(a) === JSON.stringify(b)
  } catch {
    return false
  }
}
