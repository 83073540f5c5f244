import http from "node:http"
import type { AddressInfo } from "node:net"

/**
 * A tiny scriptable bank on 127.0.0.1:0 for the client's unit tests: records every request
 * exactly as it arrived (method, path, query, headers, raw body) and answers per route with
 * whatever the test scripts, including faults ("hang" never answers, "destroy" drops the
 * socket, "drip" sends the headers and then one body byte every 100 ms, forever). Token routes
 * answer with fresh tokens by default.
 */

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  rawBody: string
  json?: unknown
  form?: Record<string, string>
}

export type StubReply =
  { status?: number; headers?: Record<string, string>; body?: unknown } | "hang" | "destroy" | "drip"

/** `n` is the 1-based number of this request on its route. */
export type StubHandler = (req: RecordedRequest, n: number) => StubReply | Promise<StubReply>

export interface StubBank {
  url: string
  requests: RecordedRequest[]
  /** requests seen on "METHOD /path" (or on every route when omitted) */
  count(routeKey?: string): number
  on(routeKey: string, handler: StubHandler): void
  close(): Promise<void>
}

export const TOKEN_ROUTES = { checkout: "POST /v1/tpay/access-token", oauth: "POST /oauth/token" } as const

let tokenSerial = 0
/** Unique, long, recognisable tokens, so a leak is easy to search for. */
export function newToken(prefix = "tok"): string {
  tokenSerial += 1
  return `${prefix}-${tokenSerial}-${Math.random().toString(36).slice(2, 12)}`
}

export const defaultCheckoutToken: StubHandler = () => ({
  body: { access_token: newToken("chk"), token_type: "Bearer", expires_in: 86400 },
})

export const defaultOAuthToken: StubHandler = (req) => ({
  body: {
    access_token: newToken("oauth"),
    token_type: "BearerToken",
    scope: req.form?.scope ?? "",
    issued_at: String(Date.now()),
    expires_in: 7_775_999,
  },
})

export async function startStubBank(routes: Record<string, StubHandler> = {}): Promise<StubBank> {
  const handlers = new Map<string, StubHandler>(
    Object.entries({
      [TOKEN_ROUTES.checkout]: defaultCheckoutToken,
      [TOKEN_ROUTES.oauth]: defaultOAuthToken,
      ...routes,
    })
  )
  const requests: RecordedRequest[] = []
  const counts = new Map<string, number>()

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1")
      const rawBody = Buffer.concat(chunks).toString("utf8")
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        rawBody,
      }
      const type = req.headers["content-type"] ?? ""
      if (type.startsWith("application/json") && rawBody) recorded.json = JSON.parse(rawBody)
      if (type.startsWith("application/x-www-form-urlencoded")) {
        recorded.form = Object.fromEntries(new URLSearchParams(rawBody))
      }
      requests.push(recorded)
      const key = `${recorded.method} ${recorded.path}`
      const n = (counts.get(key) ?? 0) + 1
      counts.set(key, n)
      const handler = handlers.get(key)
      Promise.resolve(
        handler ? handler(recorded, n) : { status: 404, body: { title: `no stub for ${key}`, status: 404 } }
      )
        .then((reply) => send(res, reply))
        .catch(() => send(res, { status: 500, body: "stub handler threw" }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (routeKey) => (routeKey ? (counts.get(routeKey) ?? 0) : requests.length),
    on: (routeKey, handler) => void handlers.set(routeKey, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(res: http.ServerResponse, reply: StubReply): void {
  if (reply === "hang") {
    return
  }
  if (reply === "destroy") {
    res.socket?.destroy()
    return
  }
  if (reply === "drip") {
    res.writeHead(200, { "content-type": "application/json" })
    const timer = setInterval(() => res.write(" "), 100)
    res.once("close", () => clearInterval(timer))
    return
  }
  const headers: Record<string, string> = { ...reply.headers }
  let payload = ""
  if (typeof reply.body === "string") {
    payload = reply.body
    headers["content-type"] ??= "text/plain"
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body)
    headers["content-type"] ??= "application/json"
  }
  res.writeHead(reply.status ?? 200, headers)
  res.end(payload)
}

/** A loopback port with nothing listening on it (connection refused). */
export async function closedPort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export const CHECKOUT_CREDS = {
  apiKey: "stub-apikey-123",
  clientId: "stub-client",
  clientSecret: "stub-client-secret-456",
}
export const INSTALLMENT_CREDS = {
  apiKey: "stub-inst-key-789",
  apiSecret: "stub-inst-secret-012",
  merchantKey: "StubMerchant",
}
export const MORTGAGE_CREDS = { apiKey: "stub-mort-key-345", apiSecret: "stub-mort-secret-678" }
