/**
 * In this repository only (not published): the sandbox's TypeScript source imports the bank rules
 * as `medusa-payment-tbc/lib`, which an installed copy resolves in the store's node_modules (a
 * peer dependency). Run from the source here (the bin in a checkout, the benches: `node -r` this
 * file), that name means the plugin's source next door, src/lib — not a build that may be stale or
 * absent. Jest does the same with a moduleNameMapper, tsc with `paths` (integration-tests/tsconfig.json).
 */
"use strict"
const Module = require("node:module")
const path = require("node:path")

const PLUGIN_LIB = path.join(__dirname, "..", "..", "src", "lib", "index.ts")
const resolve = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === "medusa-payment-tbc/lib" ? PLUGIN_LIB : request, ...rest)
}
