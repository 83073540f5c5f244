/**
 * Every relative link of the repository's Markdown (README.md, docs/*.md, BENCHMARKS.md, the
 * READMEs under src/) reaches an existing file, and every #anchor a heading of the page it points
 * into (GitHub's heading ids), so moving or renaming a section cannot leave a reader at a dead
 * link. Links to other sites are not fetched.
 */
import { execFileSync } from "child_process"
import fs from "fs"
import path from "path"

const ROOT = path.resolve(__dirname, "../..")
/** git's list: tracked Markdown files and new ones not ignored (no node_modules, no build output). */
const DOCS = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "*.md"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => file !== "" && fs.existsSync(path.join(ROOT, file)))

/** The text without fenced code blocks and inline code, where a bracket is code, not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "")
}

/** Link targets: inline `[text](target)`, images, and reference definitions `[ref]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown)
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1])
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1])
  return [...inline, ...references]
}

/** GitHub's id for a heading: lower case, punctuation dropped, spaces become hyphens. */
function headingSlug(heading: string): string {
  const visible = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link shows its text
    .replace(/`/g, "")
    .replace(/(\*\*|__|\*)/g, "")
  return visible
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-")
}

/** The anchors a page offers: its headings' ids (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const match of markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "")
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = headingSlug(match[1])
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1])
  return anchors
}

/** What is wrong with one link of `file`, or undefined when it resolves. */
function problemOf(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined // another site, mail
  const [pathPart, anchor] = target.split("#", 2)
  const resolved = pathPart
    ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(pathPart))
    : path.join(ROOT, file)
  if (!resolved.startsWith(ROOT)) return `${target}: outside the repository`
  if (!fs.existsSync(resolved)) return `${target}: no such file`
  if (anchor === undefined || anchor === "") return undefined
  if (!resolved.endsWith(".md")) return undefined // a line anchor of a code file (#L10) is GitHub's
  return anchorsOf(fs.readFileSync(resolved, "utf8")).has(decodeURIComponent(anchor))
    ? undefined
    : `${target}: no heading with id "${anchor}" in ${path.relative(ROOT, resolved)}`
}

describe("links of the repository's Markdown files", () => {
  it.each(DOCS)("%s: every relative link and #anchor resolves", (file) => {
    const markdown = fs.readFileSync(path.join(ROOT, file), "utf8")
    const problems = linkTargets(markdown)
      .map((target) => problemOf(file, target))
      .filter((problem): problem is string => problem !== undefined)
    expect(problems).toEqual([])
  })

  it("cover README.md and docs/, and README.md links into docs/", () => {
    expect(DOCS).toEqual(expect.arrayContaining(["README.md", "docs/architecture.md", "docs/configuration.md"]))
    const targets = linkTargets(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"))
    expect(targets.filter((target) => target.startsWith("docs/")).length).toBeGreaterThan(5)
  })
})

describe("README.md", () => {
  // a newcomer reads it to the end: everything else is a link away (issue #33)
  it("is at most 150 lines", () => {
    const lines = fs.readFileSync(path.join(ROOT, "README.md"), "utf8").trimEnd().split("\n").length
    expect(lines).toBeLessThanOrEqual(150)
  })
})

describe("the link checker", () => {
  it("finds inline, image and reference links but not code", () => {
    const markdown = [
      "See [the guide](docs/a.md#b-c) and ![shot](img.png).",
      "`[not](a-link.md)` and",
      "```",
      "[nor](this.md)",
      "```",
      "[ref]: ../x.md",
    ].join("\n")
    expect(linkTargets(markdown)).toEqual(["docs/a.md#b-c", "img.png", "../x.md"])
  })

  it("names headings as GitHub does", () => {
    expect(headingSlug("Install into a Medusa store")).toBe("install-into-a-medusa-store")
    expect(headingSlug("Checkout options (`medusa-payment-tbc/providers/tbc-checkout`)")).toBe(
      "checkout-options-medusa-payment-tbcproviderstbc-checkout"
    )
    expect(headingSlug("1. Install the kit")).toBe("1-install-the-kit")
    expect(headingSlug("Go-live checklist")).toBe("go-live-checklist")
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n")]).toEqual(["a", "a-1"])
  })

  it("reports a missing file and a missing heading", () => {
    expect(problemOf("README.md", "docs/no-such-page.md")).toBe("docs/no-such-page.md: no such file")
    expect(problemOf("README.md", "docs/architecture.md#no-such-heading")).toMatch(
      /no heading with id "no-such-heading"/
    )
    expect(problemOf("README.md", "docs/architecture.md#conventions")).toBeUndefined()
    expect(problemOf("README.md", "https://example.com/x.md#y")).toBeUndefined()
  })
})
