#!/usr/bin/env node
/**
 * The admin extension (src/admin) against React 19 and the newest @medusajs/ui, beside the React 18
 * of the repository's own node_modules (which `npm run typecheck:admin` and `medusa plugin:build`
 * use). Medusa 2.23 moves its dashboard to React 19; its own packages stop at 2.21.2 on the
 * registry this project reaches, so the check installs the React side by itself:
 *
 *   1. install: VERSIONS below into a cached folder (`npm install --prefix`, once per set of versions)
 *   2. typecheck: tsc on src/admin with every React-side import mapped to that folder (`paths`),
 *      its @types only (`typeRoots`): a React-19-only type error fails here
 *   3. build: a Vite bundle of the widget and the settings page, every bare import resolved from that
 *      folder (React, react-dom, @medusajs/ui and the rest bundled in, none external), so a
 *      missing export or a runtime that will not resolve fails here
 *
 * `medusa plugin:build` itself is not run against the folder: it leaves React, @medusajs/ui and the
 * SDKs external (the store's dashboard supplies them), so its output does not depend on them.
 *
 *   node scripts/admin-react19.js [--dir <folder>]   (default: TBC_REACT19_DIR or the OS temp folder)
 * Prints each step's time; exits non-zero naming the step that failed.
 * Run by integration-tests/install/admin-react19.spec.ts (`.ci/run`'s install step).
 */
const { execFileSync } = require("child_process")
const { createHash } = require("crypto")
const fs = require("fs")
const os = require("os")
const path = require("path")

const REPO_ROOT = path.resolve(__dirname, "..")
const ADMIN_DIR = path.join(REPO_ROOT, "src/admin")

/**
 * The one place the versions are pinned: the newest of each on the registry when set (React 19.3,
 * @medusajs/ui 4.2.8; the Medusa SDKs stop at 2.21.2, icons at 2.22.1 as @medusajs/ui 4.2.8 asks).
 * react-i18next and i18next at their newest: the top of the peer range, as 13.5.0 in the repository
 * is its floor.
 */
const VERSIONS = {
  react: "19.3.1",
  "react-dom": "19.3.1",
  "@types/react": "19.3.3",
  "@types/react-dom": "19.3.0",
  "@medusajs/ui": "4.2.8",
  "@medusajs/icons": "2.22.1",
  "@medusajs/admin-sdk": "2.21.2",
  "@medusajs/js-sdk": "2.21.2",
  "@tanstack/react-query": "5.108.4",
  "react-i18next": "18.0.2",
  i18next: "27.1.5",
}

/** The imports of src/admin (and of what they import) that must come from the React 19 folder. */
const MAPPED = Object.keys(VERSIONS).filter((name) => !name.startsWith("@types/"))

function folderFor(base) {
  const hash = createHash("sha256").update(JSON.stringify(VERSIONS)).digest("hex").slice(0, 12)
  return path.join(base, `tbc-admin-react19-${hash}`)
}

/** Installs VERSIONS into dir once; a `.complete` marker tells a finished install from a broken one. */
function install(dir) {
  const marker = path.join(dir, ".complete")
  if (fs.existsSync(marker)) return "cached"
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "tbc-admin-react19", private: true }))
  // --legacy-peer-deps: @medusajs/ui 4.2.8 still names react ^18.3.1 as its peer (as Medusa's own
  // React 19 dashboard must overlook too); without it npm refuses React 19 next to it.
  const specs = Object.entries(VERSIONS).map(([name, version]) => `${name}@${version}`)
  execFileSync(
    "npm",
    ["install", "--prefix", dir, "--no-audit", "--no-fund", "--legacy-peer-deps", "--ignore-scripts", ...specs],
    { stdio: ["ignore", "inherit", "inherit"] }
  )
  fs.writeFileSync(marker, new Date().toISOString())
  return "installed"
}

/** tsconfig of the check: src/admin's own options, its imports of MAPPED taken from dir. */
function writeTsconfig(dir, include = [ADMIN_DIR]) {
  const modules = path.join(dir, "node_modules")
  const paths = {}
  for (const name of MAPPED) {
    // react and react-dom ship no types: their @types packages stand in
    const target = fs.existsSync(path.join(modules, "@types", name))
      ? path.join(modules, "@types", name)
      : path.join(modules, name)
    paths[name] = [target]
    paths[`${name}/*`] = [`${target}/*`]
  }
  const tsconfig = {
    extends: path.join(ADMIN_DIR, "tsconfig.json"),
    compilerOptions: { paths, typeRoots: [path.join(modules, "@types")], types: ["react", "react-dom"] },
    include,
    // the unit tests of src/admin/lib run in node under jest, not in the dashboard
    exclude: [path.join(ADMIN_DIR, "**/__tests__")],
  }
  const file = path.join(dir, "tsconfig.admin.json")
  fs.writeFileSync(file, JSON.stringify(tsconfig, null, 2))
  return file
}

function typecheck(dir, include) {
  const tsc = require.resolve("typescript/bin/tsc", { paths: [REPO_ROOT] })
  execFileSync(process.execPath, [tsc, "--noEmit", "-p", writeTsconfig(dir, include)], { stdio: "inherit" })
}

/** The bundle: the extension's two entry files, every bare import resolved from dir. */
async function build(dir) {
  const vite = await import(require.resolve("vite", { paths: [REPO_ROOT] }))
  const entry = path.join(dir, "entry.tsx")
  fs.writeFileSync(
    entry,
    [
      `export { default as OrderWidget, config as orderWidgetConfig } from ${JSON.stringify(path.join(ADMIN_DIR, "widgets/tbc-order-payment.tsx"))}`,
      `export { default as SettingsPage, config as settingsPageConfig } from ${JSON.stringify(path.join(ADMIN_DIR, "routes/settings/tbc/page.tsx"))}`,
      "",
    ].join("\n")
  )
  const importer = path.join(dir, "package.json")
  const fromFolder = {
    name: "tbc-react19-folder",
    enforce: "pre",
    // a bare import of src/admin would find the repository's React 18 walking up from src/admin:
    // resolve it as if imported from the folder instead (which has no node_modules above it to fall back on)
    async resolveId(source, from, options) {
      if (!from || source.startsWith(".") || source.startsWith("/") || source.startsWith("\0")) return null
      if (from.startsWith(dir)) return null
      return this.resolve(source, importer, { ...options, skipSelf: true })
    },
  }
  const outDir = path.join(dir, "dist")
  // as `medusa plugin:build` does: the production builds of React and the rest, also under jest (NODE_ENV=test)
  process.env.NODE_ENV = "production"
  await vite.build({
    mode: "production",
    configFile: false,
    root: dir,
    logLevel: "warn",
    plugins: [fromFolder],
    define: { __BACKEND_URL__: '""', "process.env.NODE_ENV": '"production"' },
    esbuild: { jsx: "automatic" },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "baseline-widely-available",
      lib: { entry, formats: ["es"], fileName: "index" },
      rollupOptions: {
        external: [],
        // the "use client" markers of the React libraries (meaningful to server components only)
        onwarn(warning, warn) {
          if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning)
        },
      },
    },
  })
  const bundle = fs.readdirSync(outDir).find((file) => /\.m?js$/.test(file))
  const text = fs.readFileSync(path.join(outDir, bundle), "utf8")
  // the React that went in must be 19: its version string is part of the bundle
  if (!text.includes(`"${VERSIONS.react}"`)) throw new Error(`the bundle has no React ${VERSIONS.react} in it`)
  return { file: path.join(outDir, bundle), bytes: text.length }
}

async function main(argv) {
  const at = argv.indexOf("--dir")
  const base = at >= 0 ? argv[at + 1] : process.env.TBC_REACT19_DIR || os.tmpdir()
  const dir = folderFor(path.resolve(base))
  const steps = [
    ["install", () => install(dir)],
    ["typecheck", () => typecheck(dir)],
    ["build", async () => `${(await build(dir)).bytes} bytes`],
  ]
  for (const [name, step] of steps) {
    const started = Date.now()
    let note
    try {
      note = await step()
    } catch (error) {
      console.error(`admin on React 19: ${name} failed (${dir}): ${error.message}`)
      process.exitCode = 1
      return
    }
    console.log(
      `admin on React 19: ${name} ok${note ? ` (${note})` : ""} in ${((Date.now() - started) / 1000).toFixed(1)} s`
    )
  }
}

module.exports = { VERSIONS, folderFor, install, typecheck, build }

if (require.main === module) main(process.argv.slice(2))
