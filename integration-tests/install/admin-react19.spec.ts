/**
 * The admin extension on React 19 (Medusa 2.23's dashboard) and the newest @medusajs/ui, beside the
 * React 18 that `npm run typecheck:admin` and `medusa plugin:build` use: scripts/admin-react19.js
 * installs the pinned React 19 side into a cached folder, type-checks src/admin against it and
 * bundles it with it; the storefront kit's React bindings are type-checked with React 19 too (the kit
 * has no React peer: React is passed in). In the install step of `.ci/run` (not `npm test`): about 1.5 min here with
 * the folder cached, 2.5 min without.
 * Alone: `TEST_TYPE=install NODE_OPTIONS=--experimental-vm-modules npx jest integration-tests/install/admin-react19`
 */
import { execFileSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const react19 = require("../../scripts/admin-react19.js")

jest.setTimeout(10 * 60_000)

const REPO_ROOT = path.resolve(__dirname, "../..")
const base = process.env.TBC_REACT19_DIR || os.tmpdir()

describe("the admin extension on React 19", () => {
  it("installs, type-checks and bundles with React 19 and the newest @medusajs/ui", () => {
    const output = execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts/admin-react19.js"), "--dir", base], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    })
    console.log(output)
    expect(output).toMatch(/install ok/)
    expect(output).toMatch(/typecheck ok/)
    expect(output).toMatch(/build ok/)
  })

  it("fails on a type error that only React 19's types have (useRef without its argument)", () => {
    const dir = react19.folderFor(base)
    const fixture = path.join(dir, "react19-only-error.tsx")
    fs.writeFileSync(fixture, 'import { useRef } from "react"\nexport const useBroken = () => useRef<number>()\n')
    // (against React 18's types it compiles: useRef's argument is optional there)
    expect(() => react19.typecheck(dir, [fixture])).toThrow()
  })

  it("lets the storefront kit's React bindings take React 19 (createTbcReact(React))", () => {
    const dir = react19.folderFor(base)
    const fixture = path.join(dir, "storefront-kit.tsx")
    const kit = path.join(REPO_ROOT, "packages/storefront/src/react")
    fs.writeFileSync(
      fixture,
      `import * as React from "react"\nimport { createTbcReact } from ${JSON.stringify(kit)}\nexport const kit = createTbcReact(React)\n`
    )
    expect(() => react19.typecheck(dir, [fixture])).not.toThrow()
  })
})
