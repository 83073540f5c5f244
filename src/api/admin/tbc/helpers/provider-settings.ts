/**
 * What the admin settings page shows of one TBC provider registration. Built from an allowlist of
 * harmless option fields; every credential is reduced to "set" / "missing" so no part of a key,
 * secret or merchant key ever reaches the browser (not even a prefix or suffix).
 *
 * The options go through the provider's own parser first (so defaults show as the provider
 * applies them); when they do not parse, the page shows the parser's words (option names and
 * rules only) next to what could be read.
 *
 * Pure: no I/O.
 */
import type { TbcProviderKind, TbcProviderRegistration } from "../../../../use-cases/tbc-providers"
import { joinUrl } from "../../../../providers/common"
import { webhookPath } from "../../../../providers/tbc-checkout/callbacks/callback-auth"
import { parseCheckoutOptions } from "../../../../providers/tbc-checkout/options"
import { parseInstallmentsOptions } from "../../../../providers/tbc-installments/options"
import { readPreauthExpiryAction, type PreauthExpiryAction } from "../../../../lib/preauth-options"
import { CHECKOUT_CHOICES, choiceAvailability } from "../../../../lib/checkout-choices"

/** Option names that hold credentials, per provider kind. Never echoed, only reported as present. */
export const CREDENTIAL_OPTIONS: Record<TbcProviderKind, readonly string[]> = {
  "tbc-checkout": ["apiKey", "clientId", "clientSecret"],
  "tbc-installments": ["apiKey", "apiSecret", "merchantKey"],
}

export type CredentialState = "set" | "missing"

export interface ProviderSettingsView {
  kind: TbcProviderKind
  provider_id: string
  registration_id: string
  /** "test", "production" or the base URL (without any user:password part) */
  environment: string | null
  /** payment methods offered on the hosted page; null = the bank's default set */
  methods: number[] | null
  pre_auth: boolean
  save_cards: boolean
  campaign_id: string | null
  /** the URL to register in the bank's merchant dashboard; installments are polled, so null */
  callback_url: string | null
  preauth_expiry_action: PreauthExpiryAction | null
  credentials: Record<string, CredentialState>
  /** why the options are invalid (names and rules, never values); null when they parse */
  options_error: string | null
  /**
   * checkout: the registration's per-method providers (`pp_tbc-card_<id>`, …), each with its
   * method and whether `methods` enables it (a disabled one refuses to take money); [] otherwise
   */
  method_providers: MethodProviderView[]
}

export interface MethodProviderView {
  provider_id: string
  method: number
  label: string
  enabled: boolean
}

/**
 * The per-method providers of a checkout registration, from the same table the services use;
 * `enabled`: it may take money (card, or a method the bank activated), by the rule its payments obey.
 */
export function methodProvidersOf(
  registrationId: string,
  activatedMethods: readonly number[] | null
): MethodProviderView[] {
  return CHECKOUT_CHOICES.map((choice) => ({
    provider_id: `pp_${choice.identifier}_${registrationId}`,
    method: choice.method,
    label: choice.label,
    enabled: choiceAvailability(choice, { activatedMethods: activatedMethods ?? [] }).available,
  }))
}

const isNonEmptyString = (value: unknown): value is string => typeof value === "string" && value.trim() !== ""

/** Drops a `user:password@` part, so a URL with embedded credentials is never shown. */
export function displayEnvironment(environment: unknown): string | null {
  if (!isNonEmptyString(environment)) {
    return null
  }
  const trimmed = environment.trim()
  try {
    const url = new URL(trimmed)
    url.username = ""
    url.password = ""
    return url.toString().replace(/\/+$/, "")
  } catch {
    // "test" / "production" (or an invalid value the provider will reject itself)
    return trimmed === "test" || trimmed === "production" ? trimmed : "invalid"
  }
}

/** `${storeUrl}/hooks/payment/${kind}_${id}`: the route where Medusa receives the bank's callback. */
export function callbackUrlOf(registration: TbcProviderRegistration): string | null {
  const storeUrl = registration.options.storeUrl
  if (registration.kind !== "tbc-checkout" || !isNonEmptyString(storeUrl)) {
    return null
  }
  const registrationId = isNonEmptyString(registration.options.registrationId)
    ? registration.options.registrationId
    : registration.registrationId
  return joinUrl(storeUrl.trim(), webhookPath(registrationId))
}

function methodsOf(options: Record<string, unknown>, key = "methods"): number[] | null {
  const methods = options[key]
  if (!Array.isArray(methods)) {
    return null
  }
  return methods.filter((method): method is number => typeof method === "number" && Number.isInteger(method))
}

/** The options with the provider's defaults applied, or the raw ones and the parser's complaint. */
function parsedOptions(registration: TbcProviderRegistration): {
  options: Record<string, unknown>
  error: string | null
} {
  try {
    const parsed =
      registration.kind === "tbc-checkout"
        ? parseCheckoutOptions(registration.options)
        : parseInstallmentsOptions(registration.options)
    // keep keys the provider schema does not know (e.g. preauthExpiryAction) from the raw options
    return { options: { ...registration.options, ...parsed }, error: null }
  } catch (error) {
    return { options: registration.options, error: error instanceof Error ? error.message : "invalid options" }
  }
}

export function providerSettingsView(registration: TbcProviderRegistration): ProviderSettingsView {
  const { kind } = registration
  const parsed = parsedOptions(registration)
  const { options } = parsed
  let error = parsed.error
  let preauthExpiryAction: PreauthExpiryAction | null = null
  if (kind === "tbc-checkout") {
    try {
      preauthExpiryAction = readPreauthExpiryAction(options)
    } catch (e) {
      error = [error, e instanceof Error ? e.message : String(e)].filter(Boolean).join("; ")
    }
  }
  const credentials = Object.fromEntries(
    CREDENTIAL_OPTIONS[kind].map((name): [string, CredentialState] => [
      name,
      isNonEmptyString(options[name]) ? "set" : "missing",
    ])
  )
  return {
    kind,
    provider_id: registration.providerId,
    registration_id: registration.registrationId,
    environment: displayEnvironment(options.environment),
    methods: kind === "tbc-checkout" ? methodsOf(options) : null,
    pre_auth: kind === "tbc-checkout" && options.preAuth === true,
    save_cards: kind === "tbc-checkout" && options.saveCards === true,
    campaign_id: kind === "tbc-installments" && isNonEmptyString(options.campaignId) ? options.campaignId : null,
    callback_url: callbackUrlOf(registration),
    preauth_expiry_action: preauthExpiryAction,
    credentials,
    options_error: error,
    method_providers:
      kind === "tbc-checkout"
        ? methodProvidersOf(registration.registrationId, methodsOf(options, "activatedMethods"))
        : [],
  }
}
