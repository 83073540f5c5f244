/**
 * Real Chromium for the browser tests: Debian's `chromium` driven by playwright-core (no browser
 * download). A missing browser is an error that says how to install it, never a silent skip.
 */
import fs from "fs"
import os from "os"
import path from "path"
import { chromium, type BrowserContext, type Page } from "playwright-core"

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

/** Flags for a quiet, offline, headless Chromium (no first-run, sync, updates or QUIC probes). */
const CHROMIUM_ARGS = [
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
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get update && apt-get install -y chromium\` ` +
        "(as .ci/run does) or set CHROMIUM_PATH to a Chromium binary"
    )
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-chromium-"))
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
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
