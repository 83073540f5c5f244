/**
 * The one place that decides which Chromium the browser tests drive (rules in plan.js):
 * CHROMIUM_PATH, else the system's, else the one inside the @sparticuz/chromium package (a
 * headless-shell build made for serverless hosts, which runs headless here with the flags of
 * integration-tests/utils/browser.ts). `node scripts/test-env/chromium.js` prints the path;
 * with-services.js exports it as CHROMIUM_PATH for the whole run, and a browser test run on its
 * own (no CHROMIUM_PATH) asks this script.
 *
 * The package ships the browser brotli-compressed (67 MB) and unpacks it into $TMPDIR/chromium on
 * first use, returning any file already there unchecked. It is unpacked instead into a folder of
 * its own named by the package's version, made under another name and renamed when complete, so a
 * run stopped halfway or two runs at once never leave or use half a browser.
 */
const fs = require("fs")
const os = require("os")
const path = require("path")
const { chooseChromium } = require("./plan")

function packageVersion() {
  // its exports do not include package.json: read it beside the entry point (build/index.js)
  const entry = require.resolve("@sparticuz/chromium")
  return JSON.parse(fs.readFileSync(path.join(path.dirname(entry), "..", "package.json"), "utf8")).version
}

/** Unpacks the package's Chromium (once per version and machine) and returns its path. */
async function packagedChromium() {
  let version
  try {
    version = packageVersion()
  } catch {
    throw new Error("no Chromium: none at /usr/bin/chromium and @sparticuz/chromium is not installed (run npm ci)")
  }
  const dir = path.join(os.tmpdir(), `tbc-test-chromium-${version}`)
  const binary = path.join(dir, "chromium")
  if (fs.existsSync(binary)) return binary
  const partial = `${dir}.partial-${process.pid}`
  fs.rmSync(partial, { recursive: true, force: true })
  fs.mkdirSync(partial, { recursive: true })
  const previousTmp = process.env.TMPDIR
  process.env.TMPDIR = partial // where the package unpacks (it reads os.tmpdir())
  try {
    const { default: Chromium } = await import("@sparticuz/chromium")
    await Chromium.executablePath()
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = previousTmp
  }
  try {
    fs.renameSync(partial, dir)
  } catch (error) {
    // another run finished first: use its copy
    fs.rmSync(partial, { recursive: true, force: true })
    if (!fs.existsSync(binary)) throw error
  }
  return binary
}

/** { source: "given" | "system" | "package", path } for this machine and environment. */
async function resolveChromium(env = process.env) {
  const choice = chooseChromium({ env, exists: (file) => fs.existsSync(file) })
  if (choice.source !== "package") return choice
  return { source: "package", path: await packagedChromium() }
}

module.exports = { resolveChromium }

if (require.main === module) {
  resolveChromium().then(
    ({ path: found }) => process.stdout.write(found),
    (error) => {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
  )
}
