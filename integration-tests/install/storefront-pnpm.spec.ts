/**
 * The guide's install commands for the storefront kit (docs/storefront-nextjs.md, step 0) at the
 * root of a pnpm workspace shaped like Medusa's dtc-starter (`apps/backend`, `apps/storefront`
 * named `@dtc/storefront`): the kit packed as the guide says (`npm pack` in packages/storefront);
 * a bare `pnpm add <tarball>` at the root never reaching the app (older pnpm refuses it,
 * ERR_PNPM_ADDING_TO_ROOT; pnpm 10 puts it in the root's package.json); and the guide's own
 * `pnpm --filter @dtc/storefront add <tarball>` line, read from the guide, installing it into the
 * app and nowhere else. The kit has no dependencies, so no registry is asked. In the
 * install step of `.ci/run` (pnpm 10, as the dtc-starter declares); about 15 s.
 * Alone: `TEST_TYPE=install NODE_OPTIONS=--experimental-vm-modules npx jest integration-tests/install/storefront-pnpm`
 */
import { execFileSync, spawnSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { checkPnpm } from "./store-cases"

jest.setTimeout(5 * 60_000)

const REPO_ROOT = path.resolve(__dirname, "../..")
const GUIDE = fs.readFileSync(path.join(REPO_ROOT, "docs", "storefront-nextjs.md"), "utf8")
const KIT = "medusa-payment-tbc-storefront"
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-pnpm-"))
let tarball = ""

/** A new workspace shaped like the dtc-starter's root (its pnpm-workspace.yaml), with two empty apps. */
function dtcWorkspace(name: string): string {
  const root = path.join(work, name)
  const write = (file: string, value: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), typeof value === "string" ? value : JSON.stringify(value, null, 2))
  }
  write("package.json", { name: "dtc-starter-monorepo", private: false })
  write("pnpm-workspace.yaml", 'packages:\n  - "apps/**"\n')
  write("apps/backend/package.json", { name: "@dtc/backend", version: "1.0.0", private: true })
  write("apps/storefront/package.json", { name: "@dtc/storefront", version: "1.0.0", private: true })
  return root
}
const dependenciesOf = (root: string, dir = ".") =>
  Object.keys(JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8")).dependencies ?? {})

/** pnpm in `root`, offline (nothing but the tarball is installed), never throwing. */
const pnpm = (root: string, args: string[]) =>
  spawnSync("pnpm", [...args, "--offline"], { cwd: root, encoding: "utf8" })

beforeAll(() => {
  console.log(`storefront pnpm test: pnpm ${checkPnpm()}`)
  const packed = execFileSync("npm", ["pack", "--pack-destination", work, "--silent"], {
    cwd: path.join(REPO_ROOT, "packages", "storefront"),
    encoding: "utf8",
  })
  tarball = path.join(work, packed.trim().split("\n").pop()!)
})

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe("the guide's pnpm commands at a dtc-starter's workspace root", () => {
  it("a bare pnpm add at the root does not reach the storefront: pnpm refuses it, or puts it in the root", () => {
    const root = dtcWorkspace("bare-add")
    const atRoot = pnpm(root, ["add", tarball])
    if (atRoot.status !== 0) expect(`${atRoot.stdout}${atRoot.stderr}`).toContain("ERR_PNPM_ADDING_TO_ROOT")
    else expect(dependenciesOf(root)).toEqual([KIT])
    expect(dependenciesOf(root, "apps/storefront")).toEqual([])
  })

  it("the guide's `pnpm --filter @dtc/storefront add` line installs the kit into the storefront only", () => {
    const root = dtcWorkspace("filter-add")
    const line = /^pnpm --filter @dtc\/storefront add (\S+)/m.exec(GUIDE)
    expect(line?.[1]).toBe(`/abs/path/${path.basename(tarball)}`)
    const args = line![0].replace(line![1], tarball).split(/\s+/).slice(1)
    const added = pnpm(root, args)
    expect({ status: added.status, output: added.status === 0 ? "" : `${added.stdout}${added.stderr}` }).toEqual({
      status: 0,
      output: "",
    })
    expect(dependenciesOf(root, "apps/storefront")).toEqual([KIT])
    expect(fs.existsSync(path.join(root, "apps/storefront/node_modules", KIT, "package.json"))).toBe(true)
    // nothing at the root, nothing in the backend
    expect(dependenciesOf(root)).toEqual([])
    expect(fs.existsSync(path.join(root, "apps/backend/node_modules", KIT))).toBe(false)
  })
})
