/** Starts bench/lib/sandbox-child.ts as a child process and talks to its control API over HTTP. */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import readline from "node:readline"
import type { SandboxOptions, SandboxStateView } from "../../packages/sandbox/src"

export interface SandboxProcess {
  url: string
  pid: number
  control: (path: string, body: unknown) => Promise<unknown>
  state: () => Promise<SandboxStateView>
  calls: () => Promise<Record<string, number>>
  close: () => Promise<void>
}

/**
 * `node -r ts-node/register` with swc, transpile-only: the same runner as `npm run bench`; with the
 * sandbox package's repository alias (packages/sandbox/repo-lib-alias.js), since its source imports
 * the plugin's rules as `medusa-payment-tbc/lib`.
 */
const REPO_LIB_ALIAS = path.join(__dirname, "..", "..", "packages", "sandbox", "repo-lib-alias.js")

export function tsNodeArgs(file: string): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  return {
    command: process.execPath,
    args: ["-r", require.resolve("ts-node/register"), "-r", REPO_LIB_ALIAS, file],
    env: { ...process.env, TS_NODE_SWC: "true", TS_NODE_TRANSPILE_ONLY: "true" },
  }
}

export async function startSandboxProcess(options: SandboxOptions = {}): Promise<SandboxProcess> {
  const { command, args, env } = tsNodeArgs(path.join(__dirname, "sandbox-child.ts"))
  const child: ChildProcess = spawn(command, args, {
    env: { ...env, TBC_BENCH_SANDBOX_OPTIONS: JSON.stringify(options) },
    stdio: ["pipe", "pipe", "inherit"],
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! })
    const timer = setTimeout(() => reject(new Error("sandbox child did not start within 60 s")), 60_000)
    lines.once("line", (line) => {
      clearTimeout(timer)
      resolve((JSON.parse(line) as { url: string }).url)
    })
    child.once("exit", (code) => reject(new Error(`sandbox child exited with ${code}`)))
  })
  const control = async (p: string, body: unknown): Promise<unknown> => {
    const res = await fetch(`${url}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`sandbox ${p}: ${res.status} ${await res.text()}`)
    return res.json()
  }
  const state = async (): Promise<SandboxStateView> => {
    const res = await fetch(`${url}/_sandbox/state`)
    if (!res.ok) throw new Error(`sandbox state: ${res.status}`)
    return (await res.json()) as SandboxStateView
  }
  return {
    url,
    pid: child.pid!,
    control,
    state,
    calls: async () => (await state()).calls,
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}
