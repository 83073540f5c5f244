/**
 * The option tables of docs/configuration.md are the providers' zod schemas (scripts/options-docs):
 * the committed tables equal freshly generated ones, and the generator shows what a schema says.
 */
import fs from "fs"
import path from "path"
import { z } from "zod/v4"
import { TBC_CALLBACK_ADDRESSES } from "../../src/providers/tbc-checkout/options"
import {
  BEGIN_MARKER,
  CONFIGURATION_DOC,
  END_MARKER,
  expectedConfigurationDoc,
  objectShapeOf,
  optionSections,
  parsedDefaults,
  renderOptionSections,
  withGeneratedBlock,
} from "../options-docs/configuration-doc"
import { optionRows, renderTable } from "../options-docs/render"

describe("option tables of docs/configuration.md", () => {
  it("are the ones the schemas give (run `npm run docs:options` after changing a schema)", async () => {
    const committed = fs.readFileSync(CONFIGURATION_DOC, "utf8")
    expect(committed).toContain(BEGIN_MARKER)
    expect(await expectedConfigurationDoc(committed)).toBe(committed)
  })

  it("list every option of both providers once", () => {
    const sections = optionSections()
    const names = sections.flatMap((section) => Object.keys(section.shape))
    expect(sections.map((section) => section.heading)).toEqual([
      "Options of both providers",
      "Checkout options",
      "Installments options",
    ])
    expect(Object.keys(sections[0].shape)).toEqual(
      expect.arrayContaining(["environment", "timeoutMs", "requestBudgetMs", "maxRetries"])
    )
    // apiKey exists in both with its own meaning, so it is listed under each provider
    expect(names.filter((name) => name === "apiKey")).toHaveLength(2)
    expect(names.filter((name) => name === "timeoutMs")).toHaveLength(1)
    expect(names).toEqual(expect.arrayContaining(["returnUrl", "saveCards", "merchantKey", "pageSize"]))
  })
})

describe("the options table generator", () => {
  const schema = z
    .object({
      key: z
        .string()
        .refine((v) => v !== "")
        .describe("a secret"),
      days: z.number().int().min(1).max(30).default(3).describe("how long"),
      mode: z.enum(["a", "b"]).optional().describe("which one"),
      hosts: z.array(z.string()).min(1).default(["h1", "h2"]).describe("where"),
      action: z
        .unknown()
        .transform((value, ctx) => {
          if (value === undefined) return "none"
          if (value === "go") return value
          ctx.addIssue({ code: "custom", message: "must be none or go" })
          return z.NEVER
        })
        .describe("what to do"),
      size: z.number().optional().describe("page size"),
    })
    .transform((options) => ({ ...options, size: options.size ?? 50 }))

  it("reads type, default, limits and description from the schema", () => {
    const rows = optionRows(objectShapeOf(schema), parsedDefaults(schema))
    expect(rows).toEqual([
      { name: "key", type: "string", default: "required", rule: "a secret" },
      { name: "days", type: "integer", default: "`3`", rule: "how long (1 … 30)" },
      { name: "mode", type: '"a" | "b"', default: "—", rule: "which one" },
      { name: "hosts", type: "string[]", default: '`["h1", "h2"]`', rule: "where (at least 1)" },
      { name: "action", type: "string", default: '`"none"`', rule: "what to do (must be none or go)" },
      { name: "size", type: "number", default: "`50`", rule: "page size" },
    ])
  })

  it("says a default the boot derives instead of the schema's fallback value", () => {
    const derived = z.object({
      registrationId: z.string().default("tbc").describe("follows from the id").meta({ docDefault: "the `id`" }),
    })
    expect(optionRows(derived.shape, {})[0].default).toBe("the `id`")
    // both providers' registrationId: the registration's id, never the "tbc" only a script without an app gets
    const rows = optionSections().flatMap((section) => optionRows(section.shape, section.defaults))
    const shown = rows.filter((row) => row.name === "registrationId").map((row) => row.default)
    expect(shown).toEqual(["the registration's `id`", "the registration's `id`"])
  })

  it("escapes pipes inside cells", () => {
    const table = renderTable([{ name: "mode", type: '"a" | "b"', default: "—", rule: "x | y" }])
    expect(table.split("\n")[2]).toBe('| `mode` | `"a" \\| "b"` | — | x \\| y |')
  })

  it("refuses an option without a description", () => {
    const bare = z.object({ undocumented: z.string() })
    expect(() => optionRows(bare.shape, {})).toThrow("option undocumented has no .describe() text")
  })

  it("changes the tables when a schema's default changes", () => {
    const [shared, checkout, installments] = optionSections()
    const before = renderOptionSections([shared, checkout, installments])
    const changed = {
      ...shared.shape,
      timeoutMs: z.number().int().min(1000).max(120_000).default(20_000).describe("x"),
    }
    expect(renderOptionSections([{ ...shared, shape: changed }, checkout, installments])).not.toBe(before)
  })

  it("replaces only what lies between the markers", () => {
    const doc = `# Title\n\nbefore\n\n${BEGIN_MARKER}\nold tables\n${END_MARKER}\n\nafter\n`
    expect(withGeneratedBlock(doc, "NEW")).toBe(
      `# Title\n\nbefore\n\n${BEGIN_MARKER}\n\nNEW\n\n${END_MARKER}\n\nafter\n`
    )
    expect(() => withGeneratedBlock("# no markers", "NEW")).toThrow("lacks the lines")
  })
})

describe("the bank's callback addresses", () => {
  const ROOT = path.resolve(__dirname, "../..")
  const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g

  it("are explained in one place, the go-live checklist, as the allowlist's default has them", () => {
    const goLive = fs.readFileSync(path.join(ROOT, "docs/go-live.md"), "utf8")
    const step = /^4\. \*\*Let the bank's callbacks in\.\*\*[\s\S]*?(?=^\d+\. )/m.exec(goLive)?.[0] ?? ""
    expect([...new Set(step.match(IPV4))].sort()).toEqual([...TBC_CALLBACK_ADDRESSES].sort())
    // the other pages point there (configuration.md's table shows the default the schema gives)
    const pages = [
      "README.md",
      ...fs
        .readdirSync(path.join(ROOT, "docs"))
        .filter((name) => name.endsWith(".md"))
        .map((name) => `docs/${name}`),
    ]
    const naming = pages.filter(
      (page) =>
        page !== "docs/configuration.md" &&
        fs.readFileSync(path.join(ROOT, page), "utf8").includes(TBC_CALLBACK_ADDRESSES[0])
    )
    expect(naming).toEqual(["docs/go-live.md"])
    expect(fs.readFileSync(CONFIGURATION_DOC, "utf8")).toContain("[go-live.md](go-live.md) step 4")
    expect(fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8")).toContain(
      "[go-live.md](go-live.md), step 4"
    )
  })
})
