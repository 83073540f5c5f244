/**
 * Real Chromium for the browser tests, driven by playwright-core (no browser download): the
 * system's, else the @sparticuz/chromium package's, as scripts/test-env/chromium.js decides. A
 * missing browser is an error that says what to install, never a silent skip.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { execFileSync } from "child_process"
import { chromium, type BrowserContext, type Page } from "playwright-core"

const CHROMIUM_CHOICE = path.resolve(__dirname, "../../scripts/test-env/chromium.js")

/**
 * The browser to drive: CHROMIUM_PATH (`npm test` sets it once for all workers), else the choice of
 * scripts/test-env/chromium.js, asked once per process (it may first unpack the package's browser).
 */
export function chromiumPath(): string {
  if (!process.env.CHROMIUM_PATH) {
    try {
      process.env.CHROMIUM_PATH = execFileSync(process.execPath, [CHROMIUM_CHOICE], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      }).trim()
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? "").trim()
      throw new Error(`no Chromium for the browser tests: ${stderr || (error as Error).message}`)
    }
  }
  return process.env.CHROMIUM_PATH
}

/** Flags for a quiet, offline, headless Chromium (no first-run, sync, updates or QUIC probes). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
]

export interface OpenBrowser {
  page: Page
  context: BrowserContext
  /** Messages the page logged and errors it threw, for failure diagnostics. */
  consoleLines: string[]
  close(): Promise<void>
}

/** Launches Chromium with a fresh user-data directory (removed on close) and opens one page. */
export async function openBrowser(): Promise<OpenBrowser> {
  const executablePath = chromiumPath()
  if (!fs.existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath} (CHROMIUM_PATH)`)
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-chromium-"))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1200, height: 900 },
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const consoleLines: string[] = []
  page.on("console", (message) => consoleLines.push(`console.${message.type()}: ${message.text()}`))
  page.on("pageerror", (error) => consoleLines.push(`pageerror: ${error.message}`))
  return {
    page,
    context,
    consoleLines,
    async close() {
      await context.close().catch(() => undefined)
      fs.rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Full-page screenshots numbered by step, in test-artifacts/<folder>/ (gitignored). */
export class StepScreenshots {
  private step = 0
  readonly dir: string

  constructor(
    private readonly page: Page,
    folder: string
  ) {
    this.dir = path.resolve(__dirname, "../../test-artifacts", folder)
    fs.rmSync(this.dir, { recursive: true, force: true })
    fs.mkdirSync(this.dir, { recursive: true })
  }

  /** Saves `<nn>-<name>.png` of the page (or of `page`, e.g. another tab) and returns its path. */
  async take(name: string, page: Page = this.page): Promise<string> {
    this.step += 1
    const file = path.join(this.dir, `${String(this.step).padStart(2, "0")}-${name}.png`)
    await page.screenshot({ path: file, fullPage: true })
    return file
  }
}
