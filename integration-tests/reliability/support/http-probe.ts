/**
 * Raw HTTP for hostile requests (exact bytes, chosen source address, any method) and the check
 * that an answer leaks nothing: no stack trace, no file path of ours, no secret.
 */
import http from "http"

export interface RawAnswer {
  status: number
  body: string
}

export interface RawRequest {
  method?: string
  path: string
  body?: string | Buffer
  headers?: Record<string, string>
  /** local address to send from, e.g. 127.0.0.2 (outside a 127.0.0.1 allowlist, still loopback) */
  fromAddress?: string
}

export function sendRaw(baseUrl: string, request: RawRequest): Promise<RawAnswer> {
  const target = new URL(baseUrl)
  const body = request.body ?? ""
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: request.path,
        method: request.method ?? "POST",
        localAddress: request.fromAddress,
        agent: false,
        headers: {
          ...(request.body !== undefined
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
            : {}),
          ...request.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") })
        )
      }
    )
    // a server may close early on a huge body: that is an answer too, not a crash of ours
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE" ? resolve({ status: 0, body: "" }) : reject(error)
    )
    outgoing.end(body)
  })
}

/** Runs `tasks` with at most `limit` in flight. */
export async function inBatches<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++
        results[index] = await tasks[index]()
      }
    })
  )
  return results
}

const STACK_PATTERNS = [
  /\n\s+at [^\n]+\(/,
  /\bat [A-Za-z0-9_.<>]+ \(\/[^)]+:\d+:\d+\)/,
  /\/work\/|node_modules\//,
  /"stack"\s*:/,
]

/** What in `text` gives something away: a stack trace / path, or one of `secrets`. Empty = clean. */
export function leaksIn(text: string, secrets: string[]): string[] {
  const found: string[] = []
  for (const pattern of STACK_PATTERNS) if (pattern.test(text)) found.push(`stack or path (${pattern})`)
  for (const secret of secrets) if (secret && text.includes(secret)) found.push(`secret ${secret.slice(0, 3)}…`)
  return found
}
