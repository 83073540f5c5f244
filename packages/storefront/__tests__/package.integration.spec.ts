/**
 * The storefront kit as a storefront gets it: `npm pack` (its prepack builds a clean dist/), then
 * `npm install <tarball>` into a new project holding what Medusa's dtc-starter storefront pins for
 * the guide's code (React 19, its types, @medusajs/js-sdk, types and icons 2.18.0; from the npm
 * registry, npm's cache first). The kit must add itself and nothing else (no Medusa server, no
 * dashboard, no second React), resolve its types under `moduleResolution` node, node16 and bundler,
 * run as CommonJS and as an ES module, and the dtc-starter's files with the guide's patches applied
 * (docs/storefront-dtc/__tests__/guide-patch.js) must compile against it with the starter's own tsconfig.
 */
import { execFile, execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { promisify } from "util"

jest.setTimeout(300_000)

const ROOT = path.resolve(__dirname, "../../..")
const KIT_DIR = path.join(ROOT, "packages", "storefront")
const GUIDE_DIR = path.join(ROOT, "docs", "storefront-dtc")
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, shared with the guide's bundler script
const { applyGuide } = require("../../../docs/storefront-dtc/__tests__/guide-patch")
const TSC = path.join(ROOT, "node_modules", "typescript", "bin", "tsc")
const KIT = "medusa-payment-tbc-storefront"
/** apps/storefront/package.json of medusajs/dtc-starter: the pins the guide's code meets there. */
const STARTER_PINS = [
  "react@19.0.5",
  "react-dom@19.0.5",
  "@types/react@19.0.5",
  "@types/react-dom@19.0.5",
  "@medusajs/js-sdk@2.18.0",
  "@medusajs/types@2.18.0",
  "@medusajs/icons@2.18.0",
]
const NPM_FLAGS = ["--no-audit", "--no-fund", "--ignore-scripts", "--prefer-offline", "--loglevel=error"]

const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-kit-"))
const project = path.join(work, "storefront")
let tarball = ""
let before: string[] = []
let after: string[] = []

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true })
  fs.writeFileSync(path.join(project, file), text)
}

/** Every installed package as "name@version" (node_modules/.package-lock.json, npm's own record). */
function installed(): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(project, "node_modules", ".package-lock.json"), "utf8"))
  return Object.entries<{ version?: string }>(lock.packages)
    .filter(([where]) => where.includes("node_modules/"))
    .map(([where, entry]) => `${where.slice(where.lastIndexOf("node_modules/") + 13)}@${entry.version}`)
    .sort()
}

/** `tsc -p <tsconfig>` in the project: its exit code and what it printed. */
async function tsc(tsconfig: string): Promise<{ code: number; output: string }> {
  try {
    await promisify(execFile)(process.execPath, [TSC, "-p", tsconfig], { cwd: project })
    return { code: 0, output: "" }
  } catch (error) {
    const failure = error as { code?: number; stdout?: string }
    return { code: failure.code ?? 1, output: failure.stdout ?? String(error) }
  }
}

/** The tiny consumers (one per resolution), the guide's files over the starter's stubs, and their tsconfigs. */
function writeConsumers(): void {
  const consumer = `import { completeTbcPayment, createTbcStoreClient, tbcMessage, type TbcPaymentStatus } from "${KIT}"
import { createTbcReact } from "${KIT}/react"
import * as React from "react"

const store = createTbcStoreClient({ backendUrl: "https://api.shop.ge", publishableKey: "pk_1" })
export const status: Promise<TbcPaymentStatus> = store.getPaymentStatus("cart_1")
export const orderId: Promise<string> = completeTbcPayment("cart_1", store).then((done) => done.order.id)
export const words: string = tbcMessage("declined", "ka", "116")
// @ts-expect-error -- typed, not any: an unknown error code is refused
tbcMessage("no_such_code")
export const { useTbcReturn, TbcPayButton } = createTbcReact(React)
`
  for (const file of ["consumer/node.ts", "consumer/bundler.ts", "consumer/esm.mts", "consumer/cjs.cts"])
    write(file, consumer)
  const options = { strict: true, noEmit: true, skipLibCheck: true, esModuleInterop: true, types: [] }
  const tsconfig = (name: string, compilerOptions: Record<string, unknown>, files: string[]) =>
    write(name, JSON.stringify({ compilerOptions: { ...options, ...compilerOptions }, files }))
  tsconfig("tsconfig.node.json", { module: "esnext", moduleResolution: "node" }, ["consumer/node.ts"])
  tsconfig("tsconfig.node16.json", { module: "node16", moduleResolution: "node16" }, [
    "consumer/esm.mts",
    "consumer/cjs.cts",
  ])
  tsconfig("tsconfig.bundler.json", { module: "esnext", moduleResolution: "bundler" }, ["consumer/bundler.ts"])

  // the starter's files with the guide's patches applied, over stubs of the rest of the starter
  // (none of them a file the guide changes), under the starter's tsconfig
  const patched = applyGuide(path.join(work, "dtc-starter"))
  fs.cpSync(path.join(GUIDE_DIR, "__tests__", "starter"), path.join(project, "src"), { recursive: true })
  fs.cpSync(patched, path.join(project, "src"), { recursive: true, errorOnExist: true, force: false })
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        target: "es5",
        lib: ["dom", "dom.iterable", "esnext"],
        allowJs: true,
        skipLibCheck: true,
        strict: true,
        forceConsistentCasingInFileNames: true,
        noEmit: true,
        esModuleInterop: true,
        module: "esnext",
        moduleResolution: "node",
        resolveJsonModule: true,
        isolatedModules: true,
        jsx: "preserve",
        baseUrl: "./src",
        // the starter's aliases, and the stubs of the packages of the starter its patched files import
        paths: {
          "@lib/*": ["lib/*"],
          "@modules/*": ["modules/*"],
          next: ["next/index"],
          "next/*": ["next/*"],
          "@headlessui/react": ["packages/headlessui"],
          "@stripe/react-stripe-js": ["packages/stripe-react"],
        },
      },
      include: ["src/**/*.ts", "src/**/*.tsx"],
    })
  )
}

beforeAll(() => {
  tarball = path.join(
    work,
    run("npm", ["pack", "--pack-destination", work, "--silent"], KIT_DIR).trim().split("\n").pop()!
  )
  write("package.json", JSON.stringify({ name: "tbc-kit-consumer", version: "1.0.0", private: true }))
  run("npm", ["install", ...NPM_FLAGS, "--save-exact", ...STARTER_PINS], project)
  before = installed()
  run("npm", ["install", ...NPM_FLAGS, tarball], project)
  after = installed()
  writeConsumers()
})

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe("the storefront kit, packed and installed into a React 19 storefront", () => {
  it("adds itself and nothing else: no Medusa server, no dashboard, no second React", () => {
    expect(after.filter((entry) => !before.includes(entry))).toEqual([`${KIT}@0.1.0`])
    const server = /^(@medusajs\/(medusa|framework|dashboard|admin-sdk|admin-bundler|ui)|medusa-payment-tbc)@/
    expect(after.filter((entry) => server.test(entry))).toEqual([])
    // one React (a nested copy would be another "react@…" entry)
    expect(after.filter((entry) => entry.startsWith("react@"))).toEqual(["react@19.0.5"])
    const manifest = JSON.parse(fs.readFileSync(path.join(project, "node_modules", KIT, "package.json"), "utf8"))
    expect([manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })

  it("ships its build, readme and licence only", () => {
    const files = run("tar", ["-tzf", tarball], work).trim().split("\n").sort()
    expect(files.filter((file) => !/^package\/dist\/[a-z-]+\.(js|d\.ts)$/.test(file))).toEqual([
      "package/LICENSE",
      "package/README.md",
      "package/package.json",
    ])
    expect(files).toEqual(expect.arrayContaining(["package/dist/index.d.ts", "package/dist/react.d.ts"]))
  })

  it("runs as CommonJS and as an ES module import", () => {
    const cjs = `const kit = require("${KIT}"); const { createTbcReact } = require("${KIT}/react");
      console.log(kit.tbcMessage("declined", "ka", "116"), typeof createTbcReact)`
    expect(run(process.execPath, ["-e", cjs], project)).toMatch(/საკმარისი თანხა.* function/)
    const esm = `import { tbcMessage } from "${KIT}"; import { createTbcReact } from "${KIT}/react";
      console.log(tbcMessage("expired", "ru"), typeof createTbcReact)`
    expect(run(process.execPath, ["--input-type=module", "-e", esm], project)).toMatch(/срок платежа истёк.* function/)
  })

  it("resolves its types under moduleResolution node, node16 and bundler; the guide compiles with the starter's tsconfig", async () => {
    const results = await Promise.all(
      ["tsconfig.node.json", "tsconfig.node16.json", "tsconfig.bundler.json", "tsconfig.json"].map(async (name) => ({
        name,
        ...(await tsc(name)),
      }))
    )
    expect(results).toEqual(results.map(({ name }) => ({ name, code: 0, output: "" })))
  })

  it("needs its typesVersions under moduleResolution node: without them, the issue's TS2307 on /react", async () => {
    const manifestFile = path.join(project, "node_modules", KIT, "package.json")
    const manifest = fs.readFileSync(manifestFile, "utf8")
    try {
      const { typesVersions: _dropped, ...withoutTypesVersions } = JSON.parse(manifest)
      fs.writeFileSync(manifestFile, JSON.stringify(withoutTypesVersions))
      const { code, output } = await tsc("tsconfig.node.json")
      expect(code).not.toBe(0)
      expect(output).toMatch(new RegExp(`TS2307: Cannot find module '${KIT}/react'`))
    } finally {
      fs.writeFileSync(manifestFile, manifest)
    }
  })
})
