/**
 * Guard rails on the bank address (`environment`), pure (no I/O, no process.env: the caller says
 * whether this is production).
 *
 * - Plain `http://` only to a loopback host (the local sandbox): every call carries the API key,
 *   and the token call the client secret, so over http on a network they would travel in clear.
 * - In production, only TBC's own hosts ("production", "test" or their https URLs) unless the
 *   merchant says otherwise with `allowCustomEnvironment: true` (a proxy of their own): a typo or
 *   a leftover sandbox URL must stop the boot, not send live credentials somewhere else.
 *
 * Messages name the field and the rule, never the value (it may be a misplaced secret).
 */
import { TBC_BASE_URLS } from "./types"

export interface EnvironmentGuardContext {
  /** NODE_ENV is "production" */
  production: boolean
  /** the provider option allowCustomEnvironment */
  allowCustomEnvironment: boolean
}

export const PLAIN_HTTP_RULE =
  "must use https:// unless it points at a loopback host (localhost, 127.0.0.0/8, ::1): the API key and client secret would travel in clear"
export const PRODUCTION_HOST_RULE =
  `in production must be "production", "test" or TBC's own host (${TBC_BASE_URLS.production}, ${TBC_BASE_URLS.test}); ` +
  "set allowCustomEnvironment: true to use another address"

/** localhost, *.localhost, 127.0.0.0/8 or ::1 (as URL.hostname spells them). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "")
  if (host === "localhost" || host.endsWith(".localhost") || host === "::1") return true
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/** The rule a plain-http `environment` URL breaks, or undefined (names and URLs pass). */
export function plainHttpProblem(environment: string): string | undefined {
  let url: URL
  try {
    url = new URL(environment.trim())
  } catch {
    return undefined
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) return PLAIN_HTTP_RULE
  return undefined
}

const TBC_ORIGINS: readonly string[] = Object.values(TBC_BASE_URLS).map((url) => new URL(url).origin)

/** The first rule `environment` breaks in this context, or undefined when it is allowed. */
export function environmentProblem(environment: string, context: EnvironmentGuardContext): string | undefined {
  if (environment in TBC_BASE_URLS) return undefined
  const plain = plainHttpProblem(environment)
  if (plain) return plain
  if (context.production && !context.allowCustomEnvironment) {
    let origin: string | undefined
    try {
      origin = new URL(environment.trim()).origin
    } catch {
      origin = undefined
    }
    if (origin === undefined || !TBC_ORIGINS.includes(origin)) return PRODUCTION_HOST_RULE
  }
  return undefined
}
