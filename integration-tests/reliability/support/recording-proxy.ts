/**
 * A loopback HTTP proxy in front of the sandbox bank that keeps every access token the bank hands
 * out (checkout `POST /v1/tpay/access-token`, OAuth `POST /oauth/token`), so a test can search the
 * app's output for the exact tokens the app was given. Everything else passes through unchanged.
 */
import http from "http"
import type { AddressInfo } from "net"

export interface RecordingProxy {
  url: string
  tokens: Set<string>
  close(): Promise<void>
}

export async function startRecordingProxy(targetUrl: () => string): Promise<RecordingProxy> {
  const tokens = new Set<string>()
  const server = http.createServer((incoming, answer) => {
    const target = new URL(incoming.url ?? "/", targetUrl())
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: incoming.method,
        headers: incoming.headers,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => {
          const body = Buffer.concat(chunks)
          const token = /access_token"\s*:\s*"([^"]+)"/.exec(body.toString("utf8"))?.[1]
          if (token) tokens.add(token)
          answer.writeHead(response.statusCode ?? 502, response.headers)
          answer.end(body)
        })
      }
    )
    outgoing.on("error", () => {
      answer.writeHead(502)
      answer.end()
    })
    incoming.pipe(outgoing)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
