/**
 * A sandbox bank in its own process, so the process being measured runs only the plugin (and the
 * bank's CPU work does not sit on the measured event loop). Options come as JSON in
 * TBC_BENCH_SANDBOX_OPTIONS; the first stdout line is `{"url": ...}`. Ends on SIGTERM or when
 * the parent's stdin closes (the parent died), so no server outlives a bench.
 */
import { startSandbox, type SandboxOptions } from "../../packages/sandbox/src"

async function main(): Promise<void> {
  const options = JSON.parse(process.env.TBC_BENCH_SANDBOX_OPTIONS ?? "{}") as SandboxOptions
  const sandbox = await startSandbox({ strict: true, ...options, port: 0, host: "127.0.0.1" })
  let closing = false
  const stop = () => {
    if (closing) return
    closing = true
    void sandbox.close().then(() => process.exit(0))
  }
  process.on("SIGTERM", stop)
  process.on("SIGINT", stop)
  process.stdin.on("end", stop)
  process.stdin.on("close", stop)
  process.stdin.resume()
  process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`)
}

main().catch((error) => {
  process.stderr.write(`sandbox child failed: ${(error as Error).stack}\n`)
  process.exit(1)
})
