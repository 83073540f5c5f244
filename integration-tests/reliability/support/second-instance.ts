/**
 * A second Medusa server for the two-instance test: `npx medusa start` of this repo (TypeScript
 * through the CLI's ts-node, as the demo runs it) as a child process on another port, against the
 * same PostgreSQL database and Redis as the in-process app. Its output is kept for the report; it
 * is stopped by its process group (it is ours: we started it).
 */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { waitFor } from "../../utils/wait-for"

export interface SecondInstance {
  url: string
  output: string[]
  stop(): Promise<void>
}

const ROOT = path.resolve(__dirname, "../../..")

export async function startSecondInstance(
  port: number,
  env: Record<string, string>,
  bootTimeoutMs = 240_000
): Promise<SecondInstance> {
  const output: string[] = []
  const child: ChildProcess = spawn("npx", ["medusa", "start", "--port", String(port)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "development",
      NODE_OPTIONS: "",
      MEDUSA_ADMIN_DISABLED: "true",
      // the test reads its info lines (e.g. "callback … accepted"); the app tests' own level is warn
      LOG_LEVEL: "info",
      PORT: String(port),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
  let exited: string | undefined
  child.on("exit", (code, signal) => (exited = `exited with ${signal ?? code}`))
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")))
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")))
  const url = `http://127.0.0.1:${port}`
  /** The whole process group (npx and the node server under it) is gone. */
  const groupGone = () => {
    try {
      process.kill(-child.pid!, 0)
      return false
    } catch {
      return true
    }
  }
  const stop = async () => {
    if (child.pid === undefined || groupGone()) return
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name)
      } catch {
        /* already gone */
      }
    }
    // Medusa's graceful shutdown can outlive npx: wait for the group, then kill what is left
    signal("SIGTERM")
    await waitFor(groupGone, { timeoutMs: 8_000, intervalMs: 200 }).catch(() => signal("SIGKILL"))
    await waitFor(groupGone, { timeoutMs: 5_000, intervalMs: 200 }).catch(() => undefined)
  }
  try {
    await waitFor(
      async () => {
        if (exited) throw new Error(`the second instance ${exited}: ${output.join("").slice(-2000)}`)
        const answer = await fetch(`${url}/health`).catch(() => undefined)
        return answer?.ok
      },
      { timeoutMs: bootTimeoutMs, intervalMs: 1000, description: "the second Medusa instance answering /health" }
    )
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n${output.join("").slice(-3000)}`)
  }
  return { url, output, stop }
}
