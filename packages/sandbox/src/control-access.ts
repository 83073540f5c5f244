/**
 * Who may use the control API (/_sandbox/*: pay, clock, faults, state, reset).
 *
 * The control API moves money in the sandbox and shows every payment. On loopback that is the
 * developer's own machine; bound to any other interface, anyone on the network could use it. So:
 * - off loopback the sandbox refuses to start without a control token (`--control-token` /
 *   `TBC_SANDBOX_CONTROL_TOKEN` / `controlToken`), and warns loudly that it is reachable;
 * - with a token (on any interface) every control request must carry it, in the
 *   `x-sandbox-control-token` header or as `Authorization: Bearer <token>`; the health routes
 *   (GET /, GET /_sandbox/health) stay open, they show nothing.
 * Pure except the constant-time comparison (node:crypto).
 */
import { createHash, timingSafeEqual } from "node:crypto"
import type { IncomingHttpHeaders } from "node:http"
import { isLoopbackHost } from "medusa-payment-tbc/lib"

export const CONTROL_TOKEN_HEADER = "x-sandbox-control-token"
/** Health checks need no token (scripts wait on them; they carry no state). */
const OPEN_CONTROL_PATHS = new Set(["/", "/_sandbox/health"])

/** Thrown by startSandbox when bound off loopback without a token. */
export class SandboxAccessError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "SandboxAccessError"
  }
}

/** Interfaces that are not loopback: 0.0.0.0 and :: listen on every interface. */
export function isLoopbackBind(host: string): boolean {
  return isLoopbackHost(host)
}

/** The refusal for a bind off loopback without a token, or undefined when the start may go on. */
export function bindProblem(host: string, controlToken: string | undefined): string | undefined {
  if (isLoopbackBind(host) || (controlToken !== undefined && controlToken !== "")) return undefined
  return (
    `the sandbox is bound to ${host}, which is not loopback: anyone who reaches it could pay, ` +
    "reset or read every payment through /_sandbox/*. Set a control token (--control-token or " +
    "TBC_SANDBOX_CONTROL_TOKEN), or bind to 127.0.0.1"
  )
}

/** The loud warning printed when the sandbox listens off loopback (with a token). */
export function offLoopbackWarning(host: string): string {
  return (
    `WARNING: the TBC sandbox is listening on ${host}, not on loopback: it is reachable from the ` +
    "network. It is a test bank with well-known default credentials; never point a production " +
    "store at it. Its control API (/_sandbox/*) requires the control token."
  )
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest()
}

/** The token a request carries (header or Bearer), or undefined. */
function tokenOf(headers: IncomingHttpHeaders): string | undefined {
  const header = headers[CONTROL_TOKEN_HEADER]
  if (typeof header === "string" && header !== "") return header
  const auth = headers.authorization
  const bearer = typeof auth === "string" ? /^Bearer\s+(.+)$/i.exec(auth) : null
  return bearer ? bearer[1].trim() : undefined
}

/** Whether a request to `pathname` of kind "control" may proceed. */
export function controlRequestAllowed(
  pathname: string,
  headers: IncomingHttpHeaders,
  controlToken: string | undefined
): boolean {
  if (controlToken === undefined || controlToken === "") return true
  if (OPEN_CONTROL_PATHS.has(pathname.replace(/(.)\/+$/, "$1"))) return true
  const given = tokenOf(headers)
  return given !== undefined && timingSafeEqual(digest(given), digest(controlToken))
}
