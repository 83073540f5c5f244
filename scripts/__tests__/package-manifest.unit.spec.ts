/**
 * What a store gets when it installs the package: every module the shipped code imports is a
 * dependency or a peer dependency (a devDependency is absent from a store's install, so importing
 * one crashes the store's boot); peers are ranges a store satisfies; the documents the README
 * links ship in the tarball; the exports list each entry by name (every module and provider among
 * them), each with type declarations. (What the tarball holds, publint's and arethetypeswrong's
 * verdicts: the install test, integration-tests/install/package-checks.ts.)
 */
import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"
import { builtinModules } from "module"
import ts from "typescript"
import { ENTRY_POINTS } from "../../integration-tests/install/package-checks"
// the versions integration-tests/install/admin-react19.spec.ts checks the admin against
// eslint-disable-next-line @typescript-eslint/no-require-imports
const REACT19_SIDE: Record<string, string> = require("../admin-react19.js").VERSIONS

const ROOT = path.resolve(__dirname, "../..")
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

/** Code that ships (compiled into .medusa/server): src without tests. */
function shippedSourceFiles(dir = path.join(ROOT, "src")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory())
      return entry.name === "__tests__" || entry.name === "__fixtures__" ? [] : shippedSourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : []
  })
}

/** "@scope/name/sub" → "@scope/name"; "name/sub" → "name". */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split("/")
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]
}

/** Bare module specifiers a file imports, requires or dynamically imports. */
function bareImportsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true)
  return info.importedFiles
    .map((imported) => imported.fileName)
    .filter((name) => !name.startsWith(".") && !name.startsWith("/"))
}

const NODE_BUILTINS = new Set(builtinModules)
const isBuiltin = (specifier: string): boolean =>
  specifier.startsWith("node:") || NODE_BUILTINS.has(packageNameOf(specifier))
/** Whether `version` (x.y.z) is in `range`: caret ranges (`^x.y.z`), joined by ` || `. */
function inRange(version: string, range: string): boolean {
  const [major, minor, patch] = version.split(".").map(Number)
  return range.split(" || ").some((part) => {
    const [rMajor, rMinor, rPatch] = part.slice(1).split(".").map(Number)
    return major === rMajor && minor * 1e6 + patch >= rMinor * 1e6 + rPatch
  })
}

describe("the published package", () => {
  const runtime = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})])

  it("packageNameOf keeps the scope and drops subpaths", () => {
    expect(packageNameOf("@medusajs/medusa/core-flows")).toBe("@medusajs/medusa")
    expect(packageNameOf("zod/v4")).toBe("zod")
    expect(packageNameOf("axios")).toBe("axios")
  })

  it("imports at runtime only its dependencies, peer dependencies and Node built-ins", () => {
    const files = shippedSourceFiles()
    expect(files.length).toBeGreaterThan(50)
    const offending: string[] = []
    for (const file of files) {
      for (const specifier of bareImportsOf(file)) {
        const name = packageNameOf(specifier)
        if (isBuiltin(specifier) || runtime.has(name)) continue
        offending.push(`${path.relative(ROOT, file)} imports "${specifier}" (${name} is not a dependency or peer)`)
      }
    }
    expect(offending).toEqual([])
  })

  it("asks stores for Medusa ranges, not exact versions, and pins its own dependencies", () => {
    for (const [name, range] of Object.entries<string>(pkg.peerDependencies)) {
      expect(`${name}@${range}`).toMatch(/@\^\d+\.\d+\.\d+( \|\| \^\d+\.\d+\.\d+)*$/)
    }
    for (const [name, version] of Object.entries<string>({ ...pkg.dependencies, ...pkg.devDependencies })) {
      expect(`${name}@${version}`).toMatch(/@\d+\.\d+\.\d+(-[\w.]+)?$/)
    }
  })

  it("satisfies its own peer ranges with the versions it is developed and tested against", () => {
    for (const [name, range] of Object.entries<string>(pkg.peerDependencies)) {
      const tested = pkg.devDependencies[name]
      expect({ name, tested }).toEqual({ name, tested: expect.any(String) })
      expect({ name, tested, inRange: inRange(tested, range) }).toEqual({ name, tested, inRange: true })
    }
  })

  it("accepts the React 19 side the admin is checked against (Medusa 2.23's dashboard) as well as React 18", () => {
    expect(inRange("19.0.0", "^18.3.1")).toBe(false) // the helper can say no
    for (const name of [
      "react",
      "react-dom",
      "react-i18next",
      "@medusajs/ui",
      "@medusajs/icons",
      "@tanstack/react-query",
    ]) {
      const tested = [pkg.devDependencies[name], REACT19_SIDE[name]]
      expect({
        name,
        range: pkg.peerDependencies[name],
        tested: tested.map((v) => inRange(v, pkg.peerDependencies[name])),
      }).toEqual({ name, range: pkg.peerDependencies[name], tested: [true, true] })
    }
  })

  it("ships every document the README links", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
    const linked = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((match) => match[1])
      .filter((target) => !/^[a-z]+:/.test(target))
    expect(linked).toEqual(expect.arrayContaining(["src/providers/tbc-checkout/README.md", "docs/architecture.md"]))
    const shipped = (target: string): boolean =>
      pkg.files.some((entry: string) => target === entry || target.startsWith(`${entry}/`))
    for (const target of linked) {
      expect({ target, exists: fs.existsSync(path.join(ROOT, target)) }).toEqual({ target, exists: true })
      expect({ target, shipped: shipped(target) || target === "README.md" }).toEqual({ target, shipped: true })
    }
  })

  it("packs the docs' pages, not the guide's test copies of the dtc-starter (docs/storefront-dtc/__tests__)", () => {
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { cwd: ROOT, encoding: "utf8" })
    ) as Array<{ files: Array<{ path: string }> }>
    const docs = packed.files.map((file) => file.path).filter((file) => file.startsWith("docs/"))
    expect(docs).toEqual(expect.arrayContaining(["docs/storefront-nextjs.md", "docs/architecture.md"]))
    // the test copies exist, so the pattern that leaves them out is what is tested
    expect(fs.existsSync(path.join(ROOT, "docs/storefront-dtc/__tests__/dtc-starter"))).toBe(true)
    expect(docs.filter((file) => !/^docs\/[\w-]+\.md$/.test(file))).toEqual([])
  })

  describe("its documents", () => {
    let packed: string[] | undefined
    /** What `npm pack` puts in the tarball (read once). */
    const packedFiles = (): string[] => {
      if (packed) return packed
      const [result] = JSON.parse(
        execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { cwd: ROOT, encoding: "utf8" })
      ) as Array<{ files: Array<{ path: string }> }>
      packed = result.files.map((file) => file.path)
      return packed
    }
    /** The relative link targets of a Markdown text (no URL, no anchor), fenced code left out. */
    const relativeLinks = (markdown: string): string[] =>
      [...markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").matchAll(/\]\(([^)#\s]*)(#[^)]*)?\)/g)]
        .map((match) => match[1])
        .filter((target) => target !== "" && !/^[a-z]+:/.test(target))

    it("ship what a store reads, not the contributors' guide or the benchmark log", () => {
      const files = packedFiles()
      expect(files).toEqual(expect.arrayContaining(["README.md", "CHANGELOG.md", "docs/go-live.md"]))
      expect(files.filter((file) => file === "BENCHMARKS.md" || file === "docs/contributing.md")).toEqual([])
      // both exist, so the manifest is what leaves them out
      expect(
        ["BENCHMARKS.md", "docs/contributing.md"].filter((file) => fs.existsSync(path.join(ROOT, file)))
      ).toHaveLength(2)
    })

    it("link by relative path only to files the tarball holds (the others by their repository URL)", () => {
      const files = packedFiles()
      const shipped = new Set(files)
      const dangling = files
        .filter((file) => file.endsWith(".md"))
        .flatMap((file) =>
          relativeLinks(fs.readFileSync(path.join(ROOT, file), "utf8"))
            .map((target) => path.posix.normalize(path.posix.join(path.posix.dirname(file), target)))
            .filter((target) => !shipped.has(target))
            .map((target) => `${file} → ${target}`)
        )
      expect(dangling).toEqual([])
      expect(relativeLinks("[a](../BENCHMARKS.md) [b](go-live.md#x) [c](https://x/y.md)\n```\n[d](e.md)\n```")).toEqual(
        ["../BENCHMARKS.md", "go-live.md"]
      )
    })

    it("name the repository's own files in their URLs: each one exists", () => {
      const base = /https:\/\/github\.com\/medusa-payment-tbc\/medusa-payment-tbc\/blob\/main\/([^)#\s]+)/g
      const files = packedFiles().filter((file) => file.endsWith(".md"))
      const named = files.flatMap((file) =>
        [...fs.readFileSync(path.join(ROOT, file), "utf8").matchAll(base)].map((match) => match[1])
      )
      expect(named).toEqual(expect.arrayContaining(["docs/contributing.md", "BENCHMARKS.md"]))
      expect(named.filter((target) => !fs.existsSync(path.join(ROOT, target)))).toEqual([])
    })
  })

  describe("its exports", () => {
    const exported = Object.keys(pkg.exports)
    /** Folders under src/<dir> with an index.ts: what Medusa can load from there. */
    const loadable = (dir: string): string[] =>
      fs
        .readdirSync(path.join(ROOT, "src", dir))
        .filter((name) => fs.existsSync(path.join(ROOT, "src", dir, name, "index.ts")))

    it("lists each entry by name, no pattern: only what stores and Medusa load is public", () => {
      expect(JSON.stringify(pkg.exports)).not.toContain("*")
      // the install test resolves, requires and imports each one in a store
      expect(exported.sort()).toEqual(Object.keys(ENTRY_POINTS).sort())
    })

    it("exports each module twice (the README's path, and the one Medusa's plugin loader builds) and each provider", () => {
      for (const folder of loadable("modules")) {
        expect(exported).toEqual(
          expect.arrayContaining([`./modules/${folder}`, `./.medusa/server/src/modules/${folder}`])
        )
      }
      const providers = loadable("providers").filter((folder) => folder !== "common") // common: shared code, no provider
      expect(providers.length).toBeGreaterThan(1)
      for (const folder of providers) expect(exported).toContain(`./providers/${folder}`)
    })

    it("gives every code entry its types, the admin's for require and for import", () => {
      for (const [entry, target] of Object.entries<unknown>(pkg.exports)) {
        if (entry === "./package.json" || entry === "./admin") continue
        const folder = entry.replace(/^\.\/(\.medusa\/server\/src\/)?/, "")
        expect({ entry, target }).toEqual({
          entry,
          target: {
            types: `./.medusa/server/src/${folder}/index.d.ts`,
            default: `./.medusa/server/src/${folder}/index.js`,
          },
        })
        expect(fs.existsSync(path.join(ROOT, "src", folder, "index.ts"))).toBe(true)
      }
      expect(pkg.exports["./admin"]).toEqual({
        import: { types: "./types/admin.d.mts", default: "./.medusa/server/src/admin/index.mjs" },
        require: { types: "./types/admin.d.ts", default: "./.medusa/server/src/admin/index.js" },
      })
      for (const file of ["admin.d.ts", "admin.d.mts", "admin-plugin.d.ts"])
        expect(fs.existsSync(path.join(ROOT, "types", file))).toBe(true)
      expect(pkg.files).toContain("types")
      expect(fs.readFileSync(path.join(ROOT, "tsconfig.json"), "utf8")).toMatch(/"declaration":\s*true/)
    })

    it("maps the same types for TypeScript's node10 resolution, which ignores exports (typesVersions)", () => {
      const named = Object.fromEntries(
        Object.entries<{ types?: string; require?: { types: string } }>(pkg.exports)
          .filter(([entry]) => entry !== "./package.json" && !entry.startsWith("./.medusa/"))
          .map(([entry, target]) => [entry.slice(2), [(target.types ?? target.require!.types).slice(2)]])
      )
      expect(pkg.typesVersions).toEqual({ "*": named })
    })
  })

  it("has the license, changelog and repository links a registry page shows", () => {
    expect(fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License/)
    expect(fs.existsSync(path.join(ROOT, "CHANGELOG.md"))).toBe(true)
    expect(pkg.license).toBe("MIT")
    expect(pkg.repository.url).toMatch(/github\.com/)
    expect(pkg.bugs.url).toMatch(/issues$/)
    expect(pkg.homepage).toMatch(/^https:/)
  })
})
