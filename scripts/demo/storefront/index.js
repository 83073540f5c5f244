/**
 * The demo storefront: a tiny static server for the plain HTML + JS shop page in ./public (no build
 * step), and the page a TBC payment link opens (./public/pay.html, at `/pay/<link id>`). The page learns where the Medusa Store API is, its publishable key and region from
 * /config.js, which this server writes from the options (nothing secret: a publishable key is public).
 *
 * Used by scripts/demo.js (port 8000) and by the browser test (a free port).
 */
const fs = require("fs")
const http = require("http")
const path = require("path")

const PUBLIC_DIR = path.join(__dirname, "public")
/** The storefront kit's TypeScript source (packages/storefront, medusa-payment-tbc-storefront), served as ES modules under /kit/. */
const KIT_DIR = path.join(__dirname, "..", "..", "..", "packages", "storefront", "src")
const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
}

/** The browser-side configuration, as a script that sets window.TBC_DEMO_CONFIG. */
function configScript({
  backendUrl,
  publishableKey,
  regionId,
  sandboxUrl,
  demoLogin,
  storeName,
  checkoutMethods,
  preAuth,
}) {
  const config = {
    backendUrl,
    publishableKey,
    regionId,
    sandboxUrl: sandboxUrl || null,
    demoLogin: demoLogin || null,
    storeName: storeName || "TBC demo store",
    // what the checkout provider offers on the bank's page (its `methods` option); default card only
    checkoutMethods: Array.isArray(checkoutMethods) && checkoutMethods.length > 0 ? checkoutMethods : [5],
    preAuth: Boolean(preAuth),
  }
  return `window.TBC_DEMO_CONFIG = ${JSON.stringify(config)};\n`
}

const kitCache = new Map()

/**
 * /kit/<module>.js: the kit's TypeScript module transpiled to an ES module (TypeScript is a
 * devDependency; the demo runs from a checkout), its relative imports given the `.js` a browser
 * needs. The demo page thus runs the very code the package ships, with no build step.
 */
function kitModule(urlPath) {
  const match = /^\/kit\/([a-z-]+)\.js$/.exec(urlPath)
  if (!match) return null
  const file = path.join(KIT_DIR, `${match[1]}.ts`)
  if (!fs.existsSync(file)) return null
  const mtime = fs.statSync(file).mtimeMs
  const cached = kitCache.get(file)
  if (cached && cached.mtime === mtime) return cached.code
  const ts = require("typescript")
  const { outputText } = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ES2020, target: ts.ScriptTarget.ES2020 },
    fileName: file,
  })
  const code = outputText.replace(/(from\s+["'])(\.\/[a-z-]+)(["'])/g, "$1$2.js$3")
  kitCache.set(file, { mtime, code })
  return code
}

/**
 * A TBC payment link's page: the plugin makes a link's URL as `pay/<link id>` beside the return URL
 * (the demo's `http://localhost:8000/` gives `/pay/tbcpl_…?token=…`; the bank returns to it with
 * `?returned=1`), so any path ending so is the pay page.
 */
const PAY_PAGE = /^(?:\/[A-Za-z0-9_-]+)*\/pay\/tbcpl_[A-Za-z0-9]+\/?$/

/** Resolves a request path inside PUBLIC_DIR, or null for anything outside it or missing. */
function publicFile(urlPath) {
  const page = urlPath === "/" ? "/index.html" : PAY_PAGE.test(urlPath) ? "/pay.html" : urlPath
  const relative = decodeURIComponent(page)
  const file = path.normalize(path.join(PUBLIC_DIR, relative))
  if (!file.startsWith(PUBLIC_DIR + path.sep)) return null
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null
}

function requireOption(options, name) {
  if (typeof options[name] !== "string" || options[name] === "") {
    throw new Error(`startStorefront: option ${name} is required (a non-empty string)`)
  }
}

/**
 * Starts the storefront server. Options: port (0 = any free port), host (default 127.0.0.1),
 * backendUrl, publishableKey, regionId, sandboxUrl (shown on the page only), demoLogin
 * ({ email, password } of the seeded demo customer, shown next to the login form), storeName (the
 * store's name in Medusa), checkoutMethods (the checkout provider's `methods`, for the payment
 * hint), preAuth (the provider holds the money until capture).
 * Resolves with { url, port, close() }.
 */
async function startStorefront(options) {
  for (const name of ["backendUrl", "publishableKey", "regionId"]) requireOption(options, name)
  const host = options.host || "127.0.0.1"
  const script = configScript(options)
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url || "/", "http://storefront.local")
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end()
      return
    }
    const kit = pathname.startsWith("/kit/") ? kitModule(pathname) : null
    if (kit) {
      response.writeHead(200, { "content-type": CONTENT_TYPES[".js"], "cache-control": "no-store" })
      response.end(kit)
      return
    }
    if (pathname === "/config.js") {
      response.writeHead(200, { "content-type": CONTENT_TYPES[".js"], "cache-control": "no-store" })
      response.end(script)
      return
    }
    let file
    try {
      file = publicFile(pathname)
    } catch {
      file = null // malformed percent-encoding
    }
    if (!file) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found")
      return
    }
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[path.extname(file)] || "application/octet-stream",
      "cache-control": "no-store",
    })
    fs.createReadStream(file).pipe(response)
  })
  await new Promise((resolve, reject) => {
    server.once("error", (error) =>
      reject(new Error(`storefront could not listen on ${host}:${options.port}: ${error.message}`))
    )
    server.listen(options.port || 0, host, resolve)
  })
  const port = server.address().port
  // Browsers and STORE_CORS treat localhost and 127.0.0.1 as different origins: name the one asked for.
  const publicHost = options.publicHost || (host === "127.0.0.1" ? "localhost" : host)
  return {
    url: `http://${publicHost}:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.()
        server.close(() => resolve())
      }),
  }
}

module.exports = { startStorefront }
