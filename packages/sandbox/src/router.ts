/**
 * A tiny router over path templates like `/v1/tpay/payments/{payId}/cancel`. The template doubles
 * as the key of the call counters in GET /_sandbox/state ("POST /v1/tpay/payments/{payId}/cancel").
 */
import type { SandboxBank } from "./bank"
import type { Reply, SandboxRequest } from "./http-io"

/** bank = counted and subject to faults; page = hosted pages; control = /_sandbox/* */
export type RouteKind = "bank" | "page" | "control"

export type Handler = (bank: SandboxBank, req: SandboxRequest) => Reply | Promise<Reply>

export interface Route {
  method: string
  template: string
  kind: RouteKind
  handler: Handler
  pattern: RegExp
  keys: string[]
}

export function route(method: string, template: string, kind: RouteKind, handler: Handler): Route {
  const keys: string[] = []
  const source = template
    .split("/")
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)
      if (param) {
        keys.push(param[1])
        return "([^/]+)"
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    })
    .join("/")
  return { method, template, kind, handler, pattern: new RegExp(`^${source}/?$`), keys }
}

export type Match = { found: true; route: Route; params: Record<string, string> } | { found: false; pathKnown: boolean }

export function matchRoute(routes: readonly Route[], method: string, pathname: string): Match {
  let pathKnown = false
  for (const candidate of routes) {
    const result = candidate.pattern.exec(pathname)
    if (!result) {
      continue
    }
    if (candidate.method !== method) {
      pathKnown = true
      continue
    }
    const params: Record<string, string> = {}
    candidate.keys.forEach((key, index) => {
      params[key] = decodeURIComponent(result[index + 1])
    })
    return { found: true, route: candidate, params }
  }
  return { found: false, pathKnown }
}

export function callKey(route: Route): string {
  return `${route.method} ${route.template}`
}
