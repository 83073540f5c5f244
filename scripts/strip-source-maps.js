#!/usr/bin/env node
// `npm pack` / `npm publish` (prepack, after `medusa plugin:build`): drops the inline source maps
// from the compiled backend. Medusa's plugin build always writes them (its compiler turns
// `inlineSourceMap` on unless tsconfig asks for map files), and they point at src/*.ts, which the
// package does not ship: a third of the unpacked size for stack traces that cannot show a line.
// Local builds (`npm run build`, `medusa plugin:develop`, yalc) keep them for debugging.
// Fails when a map is left after the pass, so a changed comment format cannot slip maps back in.
const fs = require("fs")
const path = require("path")

const BUILT = path.join(__dirname, "..", ".medusa", "server")
/** the comment tsc appends as the last line of a file compiled with inlineSourceMap */
const INLINE_MAP = /\n\/\/# sourceMappingURL=data:application\/json;base64,[A-Za-z0-9+/=]+\s*$/

/** Every file under dir, recursively. */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/** Strips the maps in place; the number of files changed. Throws when one is left. */
function stripSourceMaps(dir = BUILT) {
  let stripped = 0
  const left = []
  for (const file of filesUnder(dir).filter((name) => /\.(c|m)?js$/.test(name))) {
    const code = fs.readFileSync(file, "utf8")
    const without = code.replace(INLINE_MAP, "\n")
    if (without !== code) {
      fs.writeFileSync(file, without)
      stripped++
    }
    if (without.includes("sourceMappingURL=")) left.push(path.relative(dir, file))
  }
  if (left.length > 0) throw new Error(`source maps left in ${left.length} built files: ${left.join(", ")}`)
  return stripped
}

if (require.main === module) {
  console.log(`strip-source-maps: ${stripSourceMaps()} built files without their inline source map`)
}
module.exports = { stripSourceMaps }
