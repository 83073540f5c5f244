/**
 * Express 5 reads paths with path-to-regexp 8, Express 4 (Medusa up to 2.22) with 0.1.x: `*`,
 * `?`, `(…)` and `{…}` changed meaning or became errors. Medusa 2.23 moves the server to Express 5,
 * so every path the plugin hands to Express must be read the same by both: each route's path (the
 * folders under src/api holding a route.ts, by Medusa's file routing: `[id]` → `:id`) and each
 * middleware matcher of src/api/middlewares.ts (with what it imports). For each, path-to-regexp 8
 * must accept it as plain text and `:params`, name the same params as 0.1.x, and match the same
 * request paths (a full path, a trailing slash, a longer path for a route and for a middleware).
 */
import fs from "fs"
import { createRequire } from "module"
import path from "path"
import type { MiddlewareRoute } from "@medusajs/framework/http"
import { parse, pathToRegexp as pathToRegexpV8 } from "path-to-regexp-v8"
import middlewares from "../middlewares"

const API_DIR = path.join(__dirname, "..")

/** path-to-regexp 0.1.x, as Express 4 calls it (Layer): fills `keys`, returns the RegExp. */
type Express4PathToRegexp = (
  pattern: string,
  keys: { name: string | number; optional: boolean }[],
  options: { end: boolean; strict: boolean; sensitive: boolean }
) => RegExp

/** The path-to-regexp of the Express that Medusa's framework runs (its own dependency, not ours). */
function express4PathToRegexp(): Express4PathToRegexp {
  const framework = path.dirname(require.resolve("@medusajs/framework/http"))
  const express = path.dirname(require.resolve("express/package.json", { paths: [framework] }))
  const version = JSON.parse(fs.readFileSync(path.join(express, "package.json"), "utf8")).version
  if (!version.startsWith("4.")) throw new Error(`Medusa's framework runs Express ${version}: this test reads 4.x`)
  return createRequire(path.join(express, "package.json"))("path-to-regexp")
}
const express4 = express4PathToRegexp()

/** The URL path of a route file, by Medusa's rule (a `[name]` folder is the param `:name`). */
export function routePathOf(routeFile: string): string {
  const segments = path.relative(API_DIR, path.dirname(routeFile)).split(path.sep)
  return `/${segments
    .map((segment) => {
      if (!segment.includes("[")) return segment
      const param = /^\[(\w+)\]$/.exec(segment)
      // Medusa reads only `[name]`; anything else in brackets would be a new rule to check here
      if (!param) throw new Error(`${routeFile}: folder "${segment}" is not a plain [name] param`)
      return `:${param[1]}`
    })
    .join("/")}`
}

function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : routeFiles(full)
    return /^route\.[jt]s$/.test(entry.name) ? [full] : []
  })
}

/** A request path for the pattern: each `:param` given a value with characters params carry (`.`, `-`, `_`). */
const sampleFor = (pattern: string): string => pattern.replace(/:(\w+)/g, (_, name) => `v.1-${name}_x`)

/**
 * How Express 5 reads a pattern differently from Express 4, or that it refuses it: [] when both
 * read it alike. `end` is false for a middleware `use`d on a prefix, true for a route.
 */
export function readingDifferences(pattern: unknown): string[] {
  if (typeof pattern !== "string") return [`not a string (${String(pattern)}): Express 5 reads no RegExp alike`]
  let tokens: ReturnType<typeof parse>["tokens"]
  try {
    tokens = parse(pattern).tokens
  } catch (error) {
    return [`path-to-regexp 8 refuses it: ${(error as Error).message}`]
  }
  const problems: string[] = []
  const special = tokens.filter((token) => token.type !== "text" && token.type !== "param")
  if (special.length > 0) problems.push(`path-to-regexp 8 reads ${special.map((token) => token.type).join(", ")}`)
  const v8Params = tokens.flatMap((token) => (token.type === "param" ? [token.name] : []))
  for (const end of [true, false]) {
    const keys: { name: string | number; optional: boolean }[] = []
    const old = express4(pattern, keys, { end, strict: false, sensitive: false })
    const { regexp } = pathToRegexpV8(pattern, { end, trailing: true, sensitive: false })
    const oldParams = keys.map((key) => `${key.name}${key.optional ? "?" : ""}`)
    if (oldParams.join() !== v8Params.join())
      problems.push(`params: Express 4 [${oldParams.join(", ")}], Express 5 [${v8Params.join(", ")}]`)
    const sample = sampleFor(pattern)
    for (const request of [sample, `${sample}/`, `${sample}/more`, sample.toUpperCase(), `${sample}x`]) {
      const [was, is] = [old.exec(request), regexp.exec(request)]
      const read = (found: RegExpExecArray | null) => (found ? `match(${found.slice(1).join(", ")})` : "no match")
      if (read(was) !== read(is))
        problems.push(`${end ? "route" : "prefix"} ${request}: Express 4 ${read(was)}, Express 5 ${read(is)}`)
    }
  }
  return [...new Set(problems)]
}

describe("the plugin's paths under Express 5's router (path-to-regexp 8)", () => {
  const routes = routeFiles().map((file) => ({ file: path.relative(API_DIR, file), pattern: routePathOf(file) }))
  const matchers = ((middlewares.routes ?? []) as MiddlewareRoute[]).map((route) => route.matcher)

  it("finds the routes and the middleware matchers", () => {
    expect(routes.length).toBeGreaterThan(15)
    expect(routes).toContainEqual({
      file: path.join("admin", "tbc", "payments", "[id]", "capture", "route.ts"),
      pattern: "/admin/tbc/payments/:id/capture",
    })
    expect(matchers.length).toBeGreaterThan(15)
    expect(matchers).toContain("/hooks/payment/:provider")
  })

  it("tells the patterns that changed meaning or became errors from those that did not", () => {
    expect(readingDifferences("/store/tbc/orders/:id/payment")).toEqual([])
    expect(readingDifferences("/store/customers/me/tbc-cards")).toEqual([])
    // Express 4 wildcards, optional params, inline regexes: refused by path-to-regexp 8
    for (const refused of ["/admin/tbc*", "/admin/tbc/*", "/store/:id?", "/store/:id(\\d+)", "/store/(.*)"])
      expect({ refused, problems: readingDifferences(refused) }).toEqual({
        refused,
        problems: [expect.stringMatching(/^path-to-regexp 8 refuses it/)],
      })
    // accepted by both, read differently: braces are an optional group in 8, text in 0.1.x
    expect(readingDifferences("/store/tbc{-x}")).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/reads group/),
        expect.stringMatching(/Express 4 match\(\), Express 5 no match/),
      ])
    )
    expect(readingDifferences(/^\/store\/tbc/)).toEqual([expect.stringMatching(/not a string/)])
  })

  it("Express 5 reads every route path as Express 4 does", () => {
    const differing = routes.map(({ file, pattern }) => ({ file, pattern, problems: readingDifferences(pattern) }))
    expect(differing.filter((route) => route.problems.length > 0)).toEqual([])
  })

  it("Express 5 reads every middleware matcher as Express 4 does", () => {
    const differing = matchers.map((matcher) => ({ matcher: String(matcher), problems: readingDifferences(matcher) }))
    expect(differing.filter((entry) => entry.problems.length > 0)).toEqual([])
  })
})
