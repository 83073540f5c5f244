#!/usr/bin/env node
// `npm pack` / `npm publish` (prepack): the package ships .medusa/server, a folder that app builds
// share (`medusa build` of the dev store or a test writes a whole built dashboard there). Removing
// it first makes the tarball the plugin build alone, whatever ran before; `medusa plugin:build`
// removes its backend output itself, but not what another build left beside it.
//
// public/admin goes too: the admin browser test builds a whole dashboard there (Medusa serves the
// admin from <root>/public/admin), and `medusa plugin:build` compiles src/admin with vite, which
// copies the project's public/ folder into its output: a 3.4 MB tarball instead of 0.6 MB. The
// test rebuilds it when it is missing.
const fs = require("fs")
const path = require("path")

const root = path.join(__dirname, "..")
for (const built of [path.join(".medusa", "server"), path.join("public", "admin")]) {
  fs.rmSync(path.join(root, built), { recursive: true, force: true })
}
