/**
 * The guide (docs/storefront-nextjs.md) gives its storefront code as patches of Medusa's
 * dtc-starter: every ```diff block is a unified diff of one file, paths from the starter's
 * repository root (`a/apps/storefront/src/…`, `/dev/null` for a new file), as `git apply` takes
 * it. The tests apply those blocks to a copy of the starter's own files (./dtc-starter, taken
 * unchanged from medusajs/dtc-starter), count the lines a store adds or changes, type-check the
 * result and run it in Chromium, so what the guide says is what was tested.
 *
 *   node docs/storefront-dtc/__tests__/guide-patch.js <dir>   writes the patched starter into <dir>
 */
const { spawnSync } = require("child_process")
const fs = require("fs")
const path = require("path")

const ROOT = path.resolve(__dirname, "..", "..", "..")
const GUIDE = path.join(ROOT, "docs", "storefront-nextjs.md")
/** The starter's files the guide changes, as medusajs/dtc-starter has them. */
const PRISTINE = path.join(__dirname, "dtc-starter")
/** At most this many added or changed lines of storefront code (issue #35). */
const LINE_BUDGET = 60

const DIFF_BLOCK = /^```diff\n([\s\S]*?)^```$/gm

/** The guide's patches, in order: the file each changes (from the starter's root) and its text. */
function guidePatches(markdown) {
  return [...markdown.matchAll(DIFF_BLOCK)].map((match) => {
    const text = match[1]
    const target = /^\+\+\+ b\/(\S+)$/m.exec(text)
    if (!target) throw new Error(`a diff block of the guide names no file (+++ b/<path>):\n${text.slice(0, 200)}`)
    return { file: target[1], created: /^--- \/dev\/null$/m.test(text), text }
  })
}

/**
 * The lines a store adds or changes with `patch`: its "+" lines, blank ones included (a changed
 * line is a "-" and a "+", counted once), as `git diff --numstat` counts them; not the "+++" header.
 */
function changedLines(patch) {
  return patch.split("\n").filter((line) => line.startsWith("+") && !line.startsWith("+++ ")).length
}

/** Every patch's count, their total, and whether the total is within the budget. */
function lineBudget(patches, budget = LINE_BUDGET) {
  const files = patches.map((patch) => ({ file: patch.file, lines: changedLines(patch.text) }))
  const total = files.reduce((sum, file) => sum + file.lines, 0)
  return { files, total, budget, within: total <= budget }
}

/**
 * Copies the starter's files into `dir` and applies the guide's patches there with `git apply`
 * (which refuses a patch whose context lines do not match): `dir` then holds the storefront as a
 * store has it after following the guide, under `apps/storefront/src`.
 */
function applyGuide(dir, markdown = fs.readFileSync(GUIDE, "utf8")) {
  fs.cpSync(PRISTINE, dir, { recursive: true })
  for (const patch of guidePatches(markdown)) {
    const applied = spawnSync("git", ["apply", "--verbose", "-"], { cwd: dir, input: patch.text, encoding: "utf8" })
    if (applied.status !== 0) {
      throw new Error(`the guide's patch of ${patch.file} does not apply to the starter:\n${applied.stderr}`)
    }
  }
  return path.join(dir, "apps", "storefront", "src")
}

if (require.main === module) {
  const out = process.argv[2]
  if (!out) throw new Error("usage: node guide-patch.js <dir>")
  console.log(applyGuide(path.resolve(out)))
}

module.exports = { GUIDE, ROOT, PRISTINE, LINE_BUDGET, guidePatches, changedLines, lineBudget, applyGuide }
