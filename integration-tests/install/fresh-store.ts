/**
 * Fresh Medusa stores in a temporary directory, as a store owner has one before installing the
 * plugin: Medusa's own packages at one version, the starter's build tools, the starter's tsconfig,
 * and a starter's medusa-config.ts with the plugin's part of the README's "Configure" section
 * copied into it unchanged (so the README cannot drift from what installs and boots); and the
 * processes run in them.
 */
import { spawn, type ChildProcess } from "child_process"
import fs from "fs"
import path from "path"
import type { StoreDependencies } from "./store-cases"

export const REPO_ROOT = path.resolve(__dirname, "../..")

/**
 * Where each command's output goes; printed (tail) when a command fails. TBC_INSTALL_LOG_DIR names
 * another folder under test-artifacts (`.ci/run` keeps each Node's logs apart: install-test-node22).
 */
export const LOG_DIR = path.join(REPO_ROOT, "test-artifacts", process.env.TBC_INSTALL_LOG_DIR || "install-test")

/** The README sentence that introduces the plugin's part of the store's config. */
const CONFIG_BLOCK_INTRO = "The plugin's part of the store's `medusa-config.ts`"

/** Where the plugin's part goes in STORE_CONFIG: the keys of `defineConfig({ … })` after projectConfig. */
const PLUGIN_PART = "  // the plugin's part (README.md, Configure)\n"

/**
 * The medusa-config.ts a store has before the plugin (create-medusa-app's, with the admin's backend
 * URL from the environment): what the README's block is added to.
 */
export const STORE_CONFIG = [
  'import { defineConfig, loadEnv } from "@medusajs/framework/utils"',
  "",
  'loadEnv(process.env.NODE_ENV || "development", process.cwd())',
  "",
  "module.exports = defineConfig({",
  "  projectConfig: {",
  "    databaseUrl: process.env.DATABASE_URL,",
  "    http: {",
  "      storeCors: process.env.STORE_CORS!,",
  "      adminCors: process.env.ADMIN_CORS!,",
  "      authCors: process.env.AUTH_CORS!,",
  '      jwtSecret: process.env.JWT_SECRET || "supersecret",',
  '      cookieSecret: process.env.COOKIE_SECRET || "supersecret",',
  "    },",
  "  },",
  "  admin: { backendUrl: process.env.MEDUSA_BACKEND_URL },",
  PLUGIN_PART + "})",
  "",
].join("\n")

/** The plugin's part of the store's config: the ```ts block after CONFIG_BLOCK_INTRO in README.md, verbatim. */
export function readmePluginConfig(readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8")): string {
  const intro = readme.indexOf(CONFIG_BLOCK_INTRO)
  if (intro < 0)
    throw new Error(
      `README.md has no "${CONFIG_BLOCK_INTRO}" line: the install test reads the plugin's config from there`
    )
  const block = /```ts\n([\s\S]*?)\n```/.exec(readme.slice(intro))
  if (!block) throw new Error(`README.md has no \`\`\`ts block after "${CONFIG_BLOCK_INTRO}"`)
  return block[1] + "\n"
}

/** The store's medusa-config.ts: STORE_CONFIG with the README's plugin part added to defineConfig's keys. */
export function readmeStoreConfig(readme?: string): string {
  const part = readmePluginConfig(readme)
    .split("\n")
    .map((line) => (line === "" ? line : `  ${line}`))
    .join("\n")
  return STORE_CONFIG.replace(PLUGIN_PART, () => part)
}

/** The store's package.json around its dependencies (store-cases.ts `storeDependencies` chooses them). */
export function storePackageJson(dependencies: StoreDependencies): Record<string, unknown> {
  return {
    name: "tbc-install-test-store",
    version: "0.0.1",
    private: true,
    scripts: { build: "medusa build", start: "medusa start", dev: "medusa develop" },
    ...dependencies,
    engines: { node: ">=20" },
  }
}

/** The seed script a store runs (`medusa exec`): the tests' seedStore, its result to a file. */
const SEED_SCRIPT = [
  'import fs from "fs"',
  'import type { ExecArgs } from "@medusajs/framework/types"',
  'import { seedStore } from "./seed-store"',
  "export default async function seed({ container }: ExecArgs) {",
  "  fs.writeFileSync(process.env.TBC_INSTALL_SEED_FILE as string, JSON.stringify(await seedStore(container)))",
  "}",
  "",
].join("\n")

/**
 * The files every store shares, written once: tsconfig, medusa-config.ts (the README's plugin part in a starter's config), the seed
 * scripts. A store is a copy of it plus its own package.json (`createStore`).
 */
export function writeStoreTemplate(dir: string): void {
  fs.mkdirSync(path.join(dir, "src", "scripts"), { recursive: true })
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify(STORE_TSCONFIG, null, 2))
  fs.writeFileSync(path.join(dir, "medusa-config.ts"), readmeStoreConfig())
  fs.copyFileSync(
    path.join(REPO_ROOT, "integration-tests", "utils", "seed-store.ts"),
    path.join(dir, "src", "scripts", "seed-store.ts")
  )
  fs.writeFileSync(path.join(dir, "src", "scripts", "seed-install-test.ts"), SEED_SCRIPT)
}

/** A store: the template's files and its package.json. */
export function createStore(templateDir: string, storeDir: string, packageJson: Record<string, unknown>): void {
  fs.cpSync(templateDir, storeDir, { recursive: true })
  fs.writeFileSync(path.join(storeDir, "package.json"), JSON.stringify(packageJson, null, 2))
}

/** The tsconfig.json create-medusa-app gives a 2.x store. */
export const STORE_TSCONFIG = {
  compilerOptions: {
    target: "ES2021",
    esModuleInterop: true,
    module: "Node16",
    moduleResolution: "Node16",
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    skipLibCheck: true,
    skipDefaultLibCheck: true,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: true,
    outDir: "./.medusa/server",
    rootDir: "./",
    jsx: "react-jsx",
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    checkJs: false,
    strictNullChecks: true,
  },
  "ts-node": { swc: true },
  include: ["**/*", ".medusa/types/*"],
  exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
}

export interface RunOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  /** file name under LOG_DIR (may name a subfolder: "2-18-0-npm/install.log") */
  log: string
}

/** Output tail of a log file, for failure messages. */
export function logTail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-lines).join("\n")
  } catch {
    return "(no output)"
  }
}

/** Spawns a command in its own process group, output to LOG_DIR/<log>. */
export function start(
  command: string,
  args: string[],
  { cwd, env, log }: RunOptions
): { child: ChildProcess; logFile: string } {
  const logFile = path.join(LOG_DIR, log)
  fs.mkdirSync(path.dirname(logFile), { recursive: true })
  const out = fs.openSync(logFile, "w")
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", out, out], detached: true })
  fs.closeSync(out)
  return { child, logFile }
}

/** Runs a command to its end; rejects with its output's tail unless it exits 0. Resolves the log file. */
export async function run(command: string, args: string[], options: RunOptions): Promise<string> {
  const { child, logFile } = start(command, args, options)
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject)
    child.once("exit", (exitCode) => resolve(exitCode))
  })
  if (code !== 0) {
    throw new Error(`\`${command} ${args.join(" ")}\` (in ${options.cwd}) exited ${code}:\n${logTail(logFile)}`)
  }
  return logFile
}

/** Ends a process started by `start` and everything it spawned (its process group). */
export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise((resolve) => child.once("exit", resolve))
  try {
    process.kill(-child.pid, "SIGTERM")
  } catch {
    return
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL")
    } catch {
      // already gone
    }
  }, 10_000)
  await exited
  clearTimeout(timer)
}

/** The environment of the store's commands: the caller's, minus what jest sets for itself. */
export function storeEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra }
  for (const name of [
    "NODE_ENV",
    "TEST_TYPE",
    "JEST_WORKER_ID",
    "NODE_OPTIONS",
    "DB_HOST",
    "DB_USERNAME",
    "DB_PASSWORD",
    "MEDUSA_ADMIN_DISABLED",
  ]) {
    delete env[name]
  }
  return env
}

/** Every file under `dir` whose content contains `needle` (the built admin's assets). */
export function filesContaining(dir: string, needle: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !/\.(m?js|html)$/.test(entry.name)) return []
    const full = path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name)
    return fs.readFileSync(full, "utf8").includes(needle) ? [full] : []
  })
}
