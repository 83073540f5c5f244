/**
 * What the install test checks on the packed tarball itself, before any store: its entry points
 * (each one `exports` lists, and a name each must give a store), what it must not ship (source
 * maps, tests), and publint's and arethetypeswrong's verdicts. The storefront kit's tarball gets the
 * same checks (packages/storefront/__tests__/package-lint.unit.spec.ts).
 */
import { spawnSync } from "child_process"
import fs from "fs"
import path from "path"
import { REPO_ROOT } from "./fresh-store"

/**
 * Every entry of package.json's `exports` (package-manifest.unit.spec.ts holds the two equal), and
 * a name it must export when a store loads it. Who uses each: README's medusa-config block (the
 * module and the two providers), Medusa's plugin loader (`<plugin>/.medusa/server/src/modules/<folder>`
 * for each folder it finds, and `<plugin>/admin` for the dashboard), the docs (workflows, lib). The
 * sandbox bank is its own package (medusa-payment-tbc-sandbox), no entry of the plugin.
 */
export const ENTRY_POINTS: Record<string, string> = {
  "./package.json": "version",
  "./modules/tbc": "default",
  "./.medusa/server/src/modules/tbc": "default",
  "./providers/tbc-checkout": "default",
  "./providers/tbc-installments": "default",
  "./workflows": "syncInstallmentStatusesWorkflow",
  "./lib": "majorToMinorExact",
  "./admin": "routeModule",
}

/** The files each entry resolves to, as require() and import() see them (relative to the package). */
export const ENTRY_FILES: Record<string, { required: string; imported: string }> = {
  "./package.json": { required: "package.json", imported: "package.json" },
  "./admin": { required: ".medusa/server/src/admin/index.js", imported: ".medusa/server/src/admin/index.mjs" },
}

/**
 * Run by node in a store (an .mjs file, argv[2] = ENTRY_POINTS as JSON): resolves every entry for
 * require and for import, loads each both ways and says whether it has its name. The admin is only
 * resolved: it is a browser bundle (the store's `medusa build` loads it, the build step checks that).
 */
export const ENTRY_PROBE = `import { createRequire } from "node:module"
import path from "node:path"
import { fileURLToPath } from "node:url"
const require = createRequire(import.meta.url)
const root = path.dirname(require.resolve("medusa-payment-tbc/package.json"))
const inPackage = (file) => path.relative(root, file).split(path.sep).join("/")
const seen = {}
for (const [entry, name] of Object.entries(JSON.parse(process.argv[2]))) {
  const spec = "medusa-payment-tbc" + entry.slice(1)
  const files = { required: inPackage(require.resolve(spec)), imported: inPackage(fileURLToPath(import.meta.resolve(spec))) }
  if (entry === "./admin") seen[entry] = { ...files, required_has: true, imported_has: true }
  else if (entry === "./package.json") seen[entry] = { ...files, required_has: name in require(spec), imported_has: true }
  else seen[entry] = { ...files, required_has: name in require(spec), imported_has: name in (await import(spec)) }
}
console.log(JSON.stringify(seen))
`

/** What a store's node saw of one entry (ENTRY_PROBE's output). */
export interface EntrySeen {
  required: string
  imported: string
  required_has: boolean
  imported_has: boolean
}

/** What ENTRY_PROBE must print for ENTRY_POINTS: every entry found both ways, with its name. */
export function expectedEntries(): Record<string, EntrySeen> {
  return Object.fromEntries(
    Object.keys(ENTRY_POINTS).map((entry) => {
      const folder = `.medusa/server/src/${entry.replace(/^\.\/(\.medusa\/server\/src\/)?/, "")}/index.js`
      const files = ENTRY_FILES[entry] ?? { required: folder, imported: folder }
      return [entry, { ...files, required_has: true, imported_has: true }]
    })
  )
}

/**
 * The TypeScript a store writes against the package, in a CommonJS file and an ES module (the
 * admin's two type files); `tsc --strict` turns an import without declarations into an error.
 */
export const TYPES_PROBES: Record<string, string> = {
  "types-probe.ts": [
    'import { majorToMinorExact } from "medusa-payment-tbc/lib"',
    'import { syncInstallmentStatusesWorkflow } from "medusa-payment-tbc/workflows"',
    'import { startSandbox } from "medusa-payment-tbc-sandbox"',
    'import tbcModule, { TBC_MODULE } from "medusa-payment-tbc/modules/tbc"',
    'import checkout, { TbcCheckoutProviderService } from "medusa-payment-tbc/providers/tbc-checkout"',
    'import installments, { TbcInstallmentsProviderService } from "medusa-payment-tbc/providers/tbc-installments"',
    'import admin from "medusa-payment-tbc/admin"',
    'const minor: number | null = majorToMinorExact("12.34")',
    "const paths: string[] = admin.routeModule.routes.map((route) => route.path)",
    "const key: string = TBC_MODULE",
    "export const used = [minor, paths, key, syncInstallmentStatusesWorkflow, startSandbox, tbcModule,",
    "  checkout, TbcCheckoutProviderService, installments, TbcInstallmentsProviderService]",
    "",
  ].join("\n"),
  "types-probe-esm.mts": [
    'import admin from "medusa-payment-tbc/admin"',
    'import { majorToMinorExact } from "medusa-payment-tbc/lib"',
    "export const paths: string[] = admin.routeModule.routes.map((route) => route.path)",
    'export const minor: number | null = majorToMinorExact("1")',
    "",
  ].join("\n"),
}

/** Shipped files that a store does not need: inline or linked source maps, tests. */
export function unwantedFiles(unpackedDir: string, shipped: string[]): string[] {
  const tests = shipped.filter((file) => /(^|\/)__tests__\/|\.(spec|test)\.[cm]?[jt]sx?$/.test(file))
  const maps = shipped.filter(
    (file) =>
      file.endsWith(".map") ||
      (/\.[cm]?js$/.test(file) && fs.readFileSync(path.join(unpackedDir, file), "utf8").includes("sourceMappingURL="))
  )
  return [...tests.map((file) => `test: ${file}`), ...maps.map((file) => `source map: ${file}`)]
}

/** A devDependency's command-line script (its package.json `bin`; publint exports no package.json). */
function binScript(pkg: string, bin: string): string {
  const manifest = path.join(REPO_ROOT, "node_modules", pkg, "package.json")
  const bins = JSON.parse(fs.readFileSync(manifest, "utf8")).bin
  return path.join(path.dirname(manifest), typeof bins === "string" ? bins : bins[bin])
}

/**
 * publint's messages on the tarball (errors, warnings and suggestions alike): none when it says
 * "All good!". Its exit status counts errors only, so the output is what is read.
 */
export function publintMessages(tarball: string): string[] {
  const { stdout, stderr } = spawnSync(process.execPath, [binScript("publint", "publint"), "run", tarball], {
    encoding: "utf8",
  })
  return stdout.includes("All good!") ? [] : [`${stdout}${stderr}`.trim()]
}

/**
 * The one arethetypeswrong finding the package keeps: Medusa loads a module or a module provider by
 * `require(...)` and takes its `exports.default` (the CommonJS output of `export default Module(...)`
 * / `ModuleProvider(...)`, the format of every Medusa module). attw warns that an ES module's default
 * import of such a file gets the whole `module.exports` in Node; no store imports these from ESM,
 * and changing the format would break Medusa's loader. Any other finding, or this one on another
 * file, fails.
 */
const MEDUSA_MODULE_FORMAT = new Set([
  "/node_modules/medusa-payment-tbc/.medusa/server/src/modules/tbc/index.js",
  "/node_modules/medusa-payment-tbc/.medusa/server/src/providers/tbc-checkout/index.js",
  "/node_modules/medusa-payment-tbc/.medusa/server/src/providers/tbc-installments/index.js",
])

interface AttwProblem {
  kind: string
  entrypoint?: string
  resolutionKind?: string
  fileName?: string
}

/**
 * arethetypeswrong's findings on the tarball (strict profile: node10, node16 CJS and ESM, bundler).
 * Its JSON report (megabytes of resolution traces) goes to a file: through a pipe, attw's exit cuts it.
 */
export function attwProblems(tarball: string): string[] {
  const reportFile = `${tarball}.attw.json`
  const out = fs.openSync(reportFile, "w")
  const { stderr } = spawnSync(
    process.execPath,
    [binScript("@arethetypeswrong/cli", "attw"), tarball, "--format", "json"],
    { encoding: "utf8", stdio: ["ignore", out, "pipe"] }
  )
  fs.closeSync(out)
  const stdout = fs.readFileSync(reportFile, "utf8")
  let report: { problems?: AttwProblem[] | Record<string, AttwProblem[]> }
  try {
    report = JSON.parse(stdout)
  } catch {
    return [`attw printed no report: ${`${stdout.slice(0, 1000)}${stderr}`.trim()}`]
  }
  const problems = Array.isArray(report.problems) ? report.problems : Object.values(report.problems ?? {}).flat()
  return problems
    .filter(
      (problem) => !(problem.kind === "CJSOnlyExportsDefault" && MEDUSA_MODULE_FORMAT.has(problem.fileName ?? ""))
    )
    .map((problem) =>
      [problem.kind, problem.entrypoint, problem.resolutionKind, problem.fileName].filter(Boolean).join(" ")
    )
}
