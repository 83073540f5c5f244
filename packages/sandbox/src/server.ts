/**
 * The HTTP front of the sandbox: route, count, log, apply faults, run the handler, answer.
 * Handlers are synchronous over in-memory state, so every request sees a consistent bank.
 */
import http from "node:http"
import type { SandboxBank } from "./bank"
import { controlRequestAllowed } from "./control-access"
import { makeRequest, readBody, writeReply, type Reply } from "./http-io"
import { SandboxProblem, makeProblem, type ProblemArea } from "./problem"
import { callKey, matchRoute, type Route } from "./router"

/** Requests held by the timeoutNext fault are released after this long at the latest. */
const HOLD_MAX_MS = 10 * 60 * 1000

export function areaOf(pathname: string): ProblemArea {
  if (pathname.startsWith("/v1/online-installments")) return "installments"
  if (pathname.startsWith("/oauth")) return "token"
  if (pathname.startsWith("/v1/")) return "checkout"
  return "sandbox"
}

export function problemReply(error: unknown, area: ProblemArea): Reply {
  if (error instanceof SandboxProblem) {
    return { status: error.problem.status, json: error.problem }
  }
  const detail = "unexpected sandbox error"
  return { status: 500, json: makeProblem({ status: 500, title: "Internal Server Error", detail, area }) }
}

export interface SandboxServer {
  server: http.Server
  /** ends every request held by the timeoutNext fault */
  releaseHeld(): void
}

export function createSandboxServer(
  bank: SandboxBank,
  routes: readonly Route[],
  /** required on every /_sandbox/* request when set (control-access.ts) */
  controlToken?: string
): SandboxServer {
  for (const one of routes) {
    if (one.kind === "bank") {
      bank.store.calls[callKey(one)] ??= 0
    }
  }
  const held = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    const started = Date.now()
    res.on("finish", () => {
      bank.log(`${req.method} ${pathOnly(req.url)} → ${res.statusCode} ${Date.now() - started}ms`)
    })
    handle(bank, routes, req, res, held, controlToken)
      .catch((error) => {
        writeReply(res, problemReply(error, "sandbox"))
      })
      .finally(() => bank.saveState())
  })
  const releaseHeld = () => {
    for (const res of held) {
      res.destroy()
    }
    held.clear()
  }
  return { server, releaseHeld }
}

function pathOnly(url: string | undefined): string {
  return (url ?? "/").split("?")[0]
}

async function handle(
  bank: SandboxBank,
  routes: readonly Route[],
  req: http.IncomingMessage,
  res: http.ServerResponse,
  held: Set<http.ServerResponse>,
  controlToken: string | undefined
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://sandbox.local")
  const area = areaOf(url.pathname)
  const method = (req.method ?? "GET").toUpperCase()
  let match: ReturnType<typeof matchRoute>
  try {
    match = matchRoute(routes, method, url.pathname)
  } catch {
    req.resume()
    writeReply(res, problemReply(new SandboxProblem(makeProblem({ status: 400, title: "Malformed path", area })), area))
    return
  }
  if (!match.found) {
    req.resume()
    const status = match.pathKnown ? 405 : 404
    const title = match.pathKnown ? "Method Not Allowed" : "Not Found"
    const detail = `${method} ${url.pathname} ${match.pathKnown ? "is not allowed" : "does not exist"}`
    writeReply(res, { status, json: makeProblem({ status, title, detail, area }) })
    return
  }
  const { route, params } = match
  if (route.kind === "control" && !controlRequestAllowed(url.pathname, req.headers, controlToken)) {
    req.resume()
    const detail = "the control API needs the sandbox's control token (header x-sandbox-control-token)"
    writeReply(res, { status: 401, json: makeProblem({ status: 401, title: "Unauthorized", detail, area }) })
    return
  }
  const isBank = route.kind === "bank"
  if (isBank) {
    bank.store.calls[callKey(route)] = (bank.store.calls[callKey(route)] ?? 0) + 1
  }
  let reply: Reply
  try {
    const rawBody = await readBody(req)
    const request = makeRequest(req, url, rawBody)
    request.params = params
    if (isBank && bank.faults.latencyMs > 0) {
      await sleep(bank.faults.latencyMs)
    }
    const timeout = isBank ? bank.faults.takeTimeout(method, url.pathname, route.template) : undefined
    if (timeout && !timeout.afterProcessing) {
      hold(res, held)
      return
    }
    const failure = isBank ? bank.faults.takeFailure(method, url.pathname, route.template) : undefined
    if (failure && !failure.afterProcessing) {
      reply = injectedFailure(failure.status, area)
    } else {
      reply = await route.handler(bank, request)
      if (failure) reply = injectedFailure(failure.status, area) // the bank acted; only its answer is replaced
    }
    if (timeout) {
      hold(res, held) // the bank acted; only the answer is lost
      return
    }
  } catch (error) {
    if (!(error instanceof SandboxProblem)) {
      // a sandbox bug: say where, so the 500 can be traced (messages carry no request data)
      bank.log(
        `error in ${route.method} ${route.template}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
      )
    }
    reply = problemReply(error, area)
  }
  writeReply(res, reply)
}

function injectedFailure(status: number, area: Parameters<typeof makeProblem>[0]["area"]): Reply {
  const title = status >= 500 ? "Service Unavailable" : "Injected failure"
  return { status, json: makeProblem({ status, title, detail: "injected by sandbox faults", area }) }
}

/** Keeps the request open past any client timeout, until the client gives up or the server closes. */
function hold(res: http.ServerResponse, held: Set<http.ServerResponse>): void {
  held.add(res)
  const timer = setTimeout(() => res.destroy(), HOLD_MAX_MS)
  timer.unref()
  res.on("close", () => {
    clearTimeout(timer)
    held.delete(res)
  })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
