/**
 * The bench's side of bench/lib/sim-instance.ts: starts one as a child process (its output goes to
 * a log file, kept for reading after the run), waits until it serves /health, and calls its
 * control API. Stopped through its own pid (we started it).
 */
import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import readline from "node:readline"
import { tsNodeArgs } from "./sandbox-process"
import type { BodyInterval } from "./sim-instance"

export interface SimInstance {
  name: string
  url: string
  logFile: string
  control<T>(route: string, body?: unknown): Promise<T>
  stop(): Promise<void>
}

export async function startSimInstance(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  logFile: string,
  bootTimeoutMs = 300_000
): Promise<SimInstance> {
  const { command, args, env: tsEnv } = tsNodeArgs(path.join(__dirname, "sim-instance.ts"))
  const log = fs.createWriteStream(logFile)
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...tsEnv,
      ...env,
      PORT: String(port),
      MEDUSA_WORKER_MODE: "server",
      NODE_OPTIONS: "--max-old-space-size=2048",
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  child.stderr!.pipe(log)
  const controlPort = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not boot within ${bootTimeoutMs / 1000} s (log ${logFile})`)),
      bootTimeoutMs
    )
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      log.write(`${line}\n`)
      if (!line.startsWith("SIM_READY ")) return
      clearTimeout(timer)
      resolve((JSON.parse(line.slice("SIM_READY ".length)) as { control: number }).control)
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with ${code} while booting (log ${logFile})`))
    })
  })
  const url = `http://127.0.0.1:${port}`
  const control = async <T>(route: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`http://127.0.0.1:${controlPort}${route}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await answer.json()) as T & { error?: string }
    if (!answer.ok) throw new Error(`${name} ${route}: ${answer.status} ${json.error}`)
    return json
  }
  const stop = async () => {
    if (child.exitCode !== null) return
    child.kill("SIGTERM")
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000)
    await exited
    clearTimeout(killer)
  }
  return { name, url, logFile, control, stop }
}

/** Runs one job on an instance now; answers when the run ended (its wall time, its error if it threw). */
export async function runJobOn(instance: SimInstance, job: string): Promise<{ ms: number; error?: string }> {
  return instance.control("/run", { job })
}

export const bodiesOf = (instance: SimInstance): Promise<BodyInterval[]> => instance.control<BodyInterval[]>("/bodies")
