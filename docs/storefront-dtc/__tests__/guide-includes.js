/**
 * The guide (docs/storefront-nextjs.md) shows the files of docs/storefront-dtc verbatim: each
 * `<!-- include: <path> -->` line is followed (after a blank line) by a fenced block holding that file. The tests compile,
 * render and run those files, so what a reader copies is what was tested.
 *
 *   node docs/storefront-dtc/__tests__/guide-includes.js   rewrites the blocks from the files
 * guide-components.unit.spec.ts fails when a block and its file differ.
 */
const fs = require("fs")
const path = require("path")

const ROOT = path.resolve(__dirname, "..", "..", "..")
const GUIDE = path.join(ROOT, "docs", "storefront-nextjs.md")
const INCLUDE = /^<!-- include: (\S+) -->\n\n?```(\w+)\n([\s\S]*?)^```$/gm

/** Each include of `markdown`: the file it names and the block's text. */
function includesOf(markdown) {
  return [...markdown.matchAll(INCLUDE)].map((match) => ({ file: match[1], language: match[2], block: match[3] }))
}

/** `markdown` with every include's block replaced by its file (read by `read(path)`). */
function withIncludes(markdown, read) {
  return markdown.replace(INCLUDE, (_all, file, language) => {
    const text = read(file)
    return `<!-- include: ${file} -->\n\n\`\`\`${language}\n${text.endsWith("\n") ? text : `${text}\n`}\`\`\``
  })
}

const readFromRoot = (file) => fs.readFileSync(path.join(ROOT, file), "utf8")

if (require.main === module) {
  fs.writeFileSync(GUIDE, withIncludes(fs.readFileSync(GUIDE, "utf8"), readFromRoot))
}

module.exports = { GUIDE, ROOT, includesOf, withIncludes, readFromRoot }
