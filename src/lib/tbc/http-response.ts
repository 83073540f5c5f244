/**
 * Reading an axios answer or failure in the transport (./transport.ts): a JSON body, lower-cased
 * headers, and the one code of a network error that is safe to log.
 */
import type { AxiosResponse } from "axios"

/** Only a plain upper-case code is kept (e.g. "ECONNRESET"): never a message or an object. */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error
  // axios sometimes wraps the socket error in `cause`
  for (let depth = 0; depth < 3 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code) && code !== "ERR_NETWORK") {
      return code
    }
    current = (current as { cause?: unknown }).cause
  }
  const top = (error as { code?: unknown } | null)?.code
  return typeof top === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(top) ? top : undefined
}

export function parseJsonBody(text: string): unknown {
  // an empty or blank body is not JSON: JSON.parse throws on it, like on any other non-JSON text
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export function lowerCaseHeaders(headers: AxiosResponse["headers"]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value == null ? undefined : String(value)
  }
  return out
}
