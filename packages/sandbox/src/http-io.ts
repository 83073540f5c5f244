/**
 * Request reading and response writing for the sandbox's plain `node:http` server: a body limit
 * (1 MB → 413), lazy JSON / form parsing (malformed JSON → 400), and the one `Reply` shape every
 * handler returns.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import { fail, type ProblemArea } from "./problem"

export const MAX_BODY_BYTES = 1024 * 1024

export interface SandboxRequest {
  method: string
  pathname: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** route parameters, e.g. {payId} */
  params: Record<string, string>
  rawBody: string
  /** the JSON body; {} when the body is empty; 400 problem when malformed */
  json(area: ProblemArea): unknown
  /** the urlencoded form body (a JSON object body is accepted too) */
  form(): URLSearchParams
}

export interface Reply {
  status: number
  json?: unknown
  html?: string
  headers?: Record<string, string>
}

export function jsonReply(json: unknown, status = 200, headers?: Record<string, string>): Reply {
  return { status, json, headers }
}

export function htmlReply(html: string, status = 200): Reply {
  return { status, html }
}

export function redirectReply(location: string): Reply {
  return { status: 303, headers: { Location: location } }
}

/** Reads the whole body, or rejects with a 413 problem past MAX_BODY_BYTES (the rest is discarded). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0)
    if (declared > MAX_BODY_BYTES) {
      req.resume()
      rejectTooLarge(reject)
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        tooLarge = true
        chunks.length = 0
        return
      }
      if (!tooLarge) {
        chunks.push(chunk)
      }
    })
    req.on("end", () => (tooLarge ? rejectTooLarge(reject) : resolve(Buffer.concat(chunks).toString("utf8"))))
    req.on("error", reject)
  })
}

function rejectTooLarge(reject: (error: unknown) => void): void {
  try {
    fail({
      status: 413,
      title: "Payload Too Large",
      detail: `request body must be at most ${MAX_BODY_BYTES} bytes`,
    })
  } catch (error) {
    reject(error)
  }
}

export function makeRequest(req: IncomingMessage, url: URL, rawBody: string): SandboxRequest {
  let parsed: { value: unknown } | undefined
  return {
    method: (req.method ?? "GET").toUpperCase(),
    pathname: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    params: {},
    rawBody,
    json(area) {
      if (!parsed) {
        parsed = { value: parseJson(rawBody, area) }
      }
      return parsed.value
    },
    form() {
      const trimmed = rawBody.trim()
      if (trimmed.startsWith("{")) {
        const value = parseJson(trimmed, "token")
        const params = new URLSearchParams()
        if (value && typeof value === "object") {
          for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
            params.set(key, String(field))
          }
        }
        return params
      }
      return new URLSearchParams(rawBody)
    },
  }
}

function parseJson(rawBody: string, area: ProblemArea): unknown {
  if (rawBody.trim() === "") {
    return {}
  }
  try {
    return JSON.parse(rawBody)
  } catch (error) {
    const reason = error instanceof Error ? error.message : "unreadable"
    return fail({ status: 400, title: "Malformed JSON", detail: `body is not valid JSON: ${reason}`, area })
  }
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) {
    return
  }
  const headers: Record<string, string> = { ...(reply.headers ?? {}) }
  let body = ""
  if (reply.html !== undefined) {
    headers["content-type"] = "text/html; charset=utf-8"
    body = reply.html
  } else if (reply.json !== undefined) {
    const isProblem = reply.status >= 400
    headers["content-type"] = isProblem ? "application/problem+json" : "application/json; charset=utf-8"
    body = JSON.stringify(reply.json)
  }
  headers["content-length"] = String(Buffer.byteLength(body))
  res.writeHead(reply.status, headers)
  res.end(body)
}
