/**
 * The storefront kit's tarball as npm would publish it, checked as the plugin's is by the install
 * test (integration-tests/install/package-checks.ts): publint and arethetypeswrong report nothing
 * (every entry typed for node10, node16 CJS and ESM, bundlers), no source map or test ships, and
 * its size and file count stay under limits. Fast enough for the unit suite (about 10 s: a tsc
 * build of 22 small files, `npm pack`, attw): the kit is packed from a copy of its folder, so its
 * prepack (which empties dist/) never races package.integration.spec.ts packing the real folder.
 */
import { execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import { attwProblems, publintMessages, unwantedFiles } from "../../../integration-tests/install/package-checks"

jest.setTimeout(120_000)

const ROOT = path.resolve(__dirname, "../../..")
const KIT_DIR = path.join(ROOT, "packages", "storefront")

/**
 * Limits on the tarball, about 10 % over what it was when they were set (46.6 kB and 47 files: the
 * build of 22 modules with their .d.ts, README, LICENSE, package.json; the drop-in React
 * components added 8 modules; raised for the payment link's page, 3 modules and their words, to
 * 59.8 kB and 53 files): a folder or file type that starts shipping by mistake (tests, source maps,
 * src/) fails here.
 */
const MAX_TARBALL_BYTES = 65_000
const MAX_TARBALL_FILES = 56

const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-kit-lint-"))
const copy = path.join(work, "storefront")
const unpacked = path.join(work, "unpacked")
let tarball = ""
let shipped: string[] = []

beforeAll(() => {
  // everything of the folder but its build and installs: `files` decides what ships, as in a clone
  fs.cpSync(KIT_DIR, copy, {
    recursive: true,
    filter: (source) => !/[\\/](dist|node_modules)$/.test(source),
  })
  // npm runs the kit's own prepack (clean dist/, tsc) with the repository's tsc on the PATH
  const env = { ...process.env, PATH: `${path.join(ROOT, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}` }
  const printed = execFileSync("npm", ["pack", "--pack-destination", work, "--silent"], {
    cwd: copy,
    env,
    encoding: "utf8",
  })
  tarball = path.join(work, printed.trim().split("\n").pop()!)
  shipped = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((entry) => entry.replace(/^package\//, ""))
  fs.mkdirSync(unpacked)
  execFileSync("tar", ["-xzf", tarball, "-C", unpacked, "--strip-components=1"])
})

afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

describe("the storefront kit's tarball", () => {
  it("ships both entries' code and types, and no source map or test", () => {
    expect(shipped).toEqual(
      expect.arrayContaining(["package.json", "dist/index.js", "dist/index.d.ts", "dist/react.js", "dist/react.d.ts"])
    )
    expect(unwantedFiles(unpacked, shipped)).toEqual([])
  })

  it(`stays under ${MAX_TARBALL_BYTES / 1000} kB and ${MAX_TARBALL_FILES} files`, () => {
    const bytes = fs.statSync(tarball).size
    console.log(
      `storefront kit: packed ${path.basename(tarball)} (${shipped.length} files, ${(bytes / 1000).toFixed(1)} kB)`
    )
    expect({ bytes: bytes <= MAX_TARBALL_BYTES, files: shipped.length <= MAX_TARBALL_FILES }).toEqual({
      bytes: true,
      files: true,
    })
  })

  it("passes publint and arethetypeswrong (every entry typed for node10, node16 and bundlers)", () => {
    expect({ publint: publintMessages(tarball), attw: attwProblems(tarball) }).toEqual({ publint: [], attw: [] })
  })
})
