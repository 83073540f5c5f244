/**
 * The demo storefront: a tiny static server for the plain HTML + JS shop page in ./public (no build
 * step). The page learns where the Medusa Store API is, its publishable key and region from
 * /config.js, which this server writes from the options (nothing secret: a publishable key is public).
 *
 * Used by scripts/demo.js (port 8000) and by the browser test (a free port).
 */
const fs = require("fs")
const http = require("http")
const path = require("path")

const PUBLIC_DIR = path.join(__dirname, "public")
const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
}

/** The browser-side configuration, as a script that sets window.TBC_DEMO_CONFIG. */
function configScript({ backendUrl, publishableKey, regionId, sandboxUrl, demoLogin }) {
  const config = { backendUrl, publishableKey, regionId, sandboxUrl: sandboxUrl || null, demoLogin: demoLogin || null }
  return `window.TBC_DEMO_CONFIG = ${JSON.stringify(config)};\n`
}

/** Resolves a request path inside PUBLIC_DIR, or null for anything outside it or missing. */
function publicFile(urlPath) {
  const relative = decodeURIComponent(urlPath === "/" ? "/index.html" : urlPath)
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
 * ({ email, password } of the seeded demo customer, shown next to the login form).
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
    if (pathname === "/config.js") {
      response.writeHead(200, { "content-type": CONTENT_TYPES[".js"], "cache-control": "no-store" })
      response.end(script)
      return
    }
    let file = null
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
