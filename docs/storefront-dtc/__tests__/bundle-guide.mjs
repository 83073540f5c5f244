/**
 * `node bundle-guide.mjs <out.js>`: bundles the guide's return route for Chromium
 * (browser-entry.tsx) with Vite into one script. The starter's aliases resolve as its tsconfig
 * does, to the guide's files first and the starter's stubs (./starter) else; the kit is its
 * TypeScript source (packages/storefront/src); React and @medusajs/js-sdk come from this
 * repository's node_modules. A script of its own because Vite is an ES module only, and the app
 * test (integration-tests/http/storefront-guide.app.ts) runs under jest's CommonJS.
 */
import fs from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "vite"

const here = path.dirname(fileURLToPath(import.meta.url))
const GUIDE_SRC = path.join(here, "..", "src")
const STARTER = path.join(here, "starter")
const KIT_SRC = path.join(here, "..", "..", "..", "packages", "storefront", "src")

/** `base` + "", ".ts", ".tsx", "/index.ts" or "/index.tsx", whichever is a file. */
function fileOf(base) {
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((end) => base + end)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

const starterModules = {
  name: "dtc-starter-modules",
  enforce: "pre",
  resolveId(source) {
    if (source === "medusa-payment-tbc-storefront") return fileOf(path.join(KIT_SRC, "index"))
    if (source === "medusa-payment-tbc-storefront/react") return fileOf(path.join(KIT_SRC, "react"))
    if (source === "next") return fileOf(path.join(STARTER, "next", "index"))
    if (source.startsWith("next/")) return fileOf(path.join(STARTER, source))
    const alias = /^@(lib|modules)\/(.+)$/.exec(source)
    if (!alias) return null
    const inside = path.join(alias[1], alias[2])
    return fileOf(path.join(GUIDE_SRC, inside)) ?? fileOf(path.join(STARTER, inside))
  },
}

// a production build (React's production JSX runtime), whatever the calling test runner set
process.env.NODE_ENV = "production"
const out = process.argv[2]
if (!out) throw new Error("usage: node bundle-guide.mjs <out.js>")
const result = await build({
  configFile: false,
  logLevel: "error",
  root: path.join(here, ".."),
  plugins: [starterModules],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    write: false,
    minify: false,
    target: "es2020",
    rollupOptions: {
      input: path.join(here, "browser-entry.tsx"),
      output: { format: "iife", inlineDynamicImports: true },
      // "use client" / "use server" mean something to Next.js only
      onwarn: (warning, warn) => (warning.code === "MODULE_LEVEL_DIRECTIVE" ? undefined : warn(warning)),
    },
  },
})
const chunk = (Array.isArray(result) ? result : [result])
  .flatMap((entry) => entry.output)
  .find((item) => item.type === "chunk")
if (!chunk?.code) throw new Error("bundle-guide: Vite produced no script")
fs.writeFileSync(out, chunk.code)
