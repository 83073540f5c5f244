/**
 * `node bundle-guide.mjs <out.js>`: bundles the dtc-starter's files with the guide's patches
 * applied (guide-patch.js) for Chromium (browser-entry.tsx picks the page) with Vite into one
 * script. The starter's aliases resolve as its tsconfig does, to the patched files first and the
 * starter's stubs (./starter) else; the kit is its TypeScript source (packages/storefront/src);
 * React and @medusajs/js-sdk come from this repository's node_modules. The starter's server
 * actions run in the browser here, against the app (Next.js itself is not run). A script of its
 * own because Vite is an ES module only, and the app test
 * (integration-tests/http/storefront-guide.app.ts) runs under jest's CommonJS.
 */
import fs from "node:fs"
import { createRequire } from "node:module"
import os from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "vite"

const here = path.dirname(fileURLToPath(import.meta.url))
const { applyGuide } = createRequire(import.meta.url)("./guide-patch.js")
const STARTER = path.join(here, "starter")
const KIT_SRC = path.join(here, "..", "..", "..", "packages", "storefront", "src")
/** The starter's packages the patched files import, as far as they use them (./starter/packages). */
const PACKAGE_STUBS = {
  "@headlessui/react": path.join(STARTER, "packages", "headlessui"),
  "@stripe/react-stripe-js": path.join(STARTER, "packages", "stripe-react"),
}

/** `base` + "", ".ts", ".tsx", "/index.ts" or "/index.tsx", whichever is a file. */
function fileOf(base) {
  return ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
    .map((end) => base + end)
    .find((file) => fs.existsSync(file) && fs.statSync(file).isFile())
}

const out = process.argv[2]
if (!out) throw new Error("usage: node bundle-guide.mjs <out.js>")
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-guide-bundle-"))
const PATCHED = applyGuide(work)

const starterModules = {
  name: "dtc-starter-modules",
  enforce: "pre",
  resolveId(source, importer) {
    if (source === "medusa-payment-tbc-storefront") return fileOf(path.join(KIT_SRC, "index"))
    if (source === "medusa-payment-tbc-storefront/react") return fileOf(path.join(KIT_SRC, "react"))
    if (source in PACKAGE_STUBS) return fileOf(PACKAGE_STUBS[source])
    if (source === "next") return fileOf(path.join(STARTER, "next", "index"))
    if (source.startsWith("next/")) return fileOf(path.join(STARTER, source))
    const alias = /^@(lib|modules|app)\/(.+)$/.exec(source)
    // a patched file's relative import of a file the guide does not change: the starter's stub of it
    if (!alias && importer?.startsWith(PATCHED) && source.startsWith(".")) {
      const target = path.resolve(path.dirname(importer), source)
      return fileOf(target) ?? fileOf(path.join(STARTER, path.relative(PATCHED, target)))
    }
    // the patched files live outside the repository: their packages (react, …) are the repository's
    if (!alias && importer?.startsWith(work) && !source.startsWith("."))
      return this.resolve(source, path.join(here, "browser-entry.tsx"), { skipSelf: true })
    if (!alias) return null
    const inside = path.join(alias[1], alias[2])
    return fileOf(path.join(PATCHED, inside)) ?? fileOf(path.join(STARTER, inside))
  },
}

// a production build (React's production JSX runtime), whatever the calling test runner set
process.env.NODE_ENV = "production"
try {
  const result = await build({
    configFile: false,
    logLevel: "error",
    root: here,
    plugins: [starterModules],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    // as Next.js compiles the starter (which imports no React for JSX), whatever tsconfig is nearest
    esbuild: { jsx: "automatic" },
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
} finally {
  fs.rmSync(work, { recursive: true, force: true })
}
