#!/usr/bin/env node
// `npm pack` / `npm publish` (prepack): the package ships .medusa/server, a folder that app builds
// share (`medusa build` of the dev store or a test writes a whole built dashboard there). Removing
// it first makes the tarball the plugin build alone, whatever ran before; `medusa plugin:build`
// removes its backend output itself, but not what another build left beside it.
const fs = require("fs")
const path = require("path")

fs.rmSync(path.join(__dirname, "..", ".medusa", "server"), { recursive: true, force: true })
