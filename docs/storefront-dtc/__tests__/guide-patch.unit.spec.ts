/**
 * The guide's storefront code (docs/storefront-nextjs.md) measured as a store meets it: its diff
 * blocks applied with `git apply` to the dtc-starter's own files (./dtc-starter), and the lines
 * they add or change counted — at most 60, and the number the guide states. The type-check of the
 * result is packages/storefront/__tests__/package.integration.spec.ts; the result in Chromium,
 * integration-tests/http/storefront-guide.app.ts.
 */
import { spawnSync } from "child_process"
import fs from "fs"
import os from "os"
import path from "path"
import * as prettier from "prettier"
import { tbcReturnPath } from "../../../packages/storefront/src"

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, shared with the bundler script
const { GUIDE, PRISTINE, LINE_BUDGET, guidePatches, changedLines, lineBudget, applyGuide } = require("./guide-patch")

const guide = fs.readFileSync(GUIDE, "utf8")
const work = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-guide-patch-"))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** `git diff --no-index --numstat` of the starter before and after: what git says was added. */
function gitAddedLines(before: string, after: string): number {
  const numstat = spawnSync("git", ["diff", "--no-index", "--numstat", before, after], { encoding: "utf8" })
  // exit 1: the trees differ
  if (numstat.status !== 1) throw new Error(`git diff --numstat: ${numstat.status} ${numstat.stderr}`)
  return numstat.stdout
    .trim()
    .split("\n")
    .reduce((sum, line) => sum + Number(line.split("\t")[0]), 0)
}

describe("the guide's storefront code in the dtc-starter", () => {
  const patched = path.join(work, "patched")
  const patches = guidePatches(guide)

  it(`is at most ${LINE_BUDGET} added or changed lines, and the guide states the count`, () => {
    const budget = lineBudget(patches)
    expect(budget.within).toBe(true)
    expect(budget.total).toBeLessThanOrEqual(LINE_BUDGET)
    const stated = [...guide.matchAll(/\*\*(\d+) added or changed lines\*\*|## 2\. The storefront: (\d+) lines/g)]
    expect(stated.map((match) => Number(match[1] ?? match[2]))).toEqual([budget.total, budget.total])
  })

  it("applies to the starter's own files with git apply, and git counts the same lines", () => {
    const src = applyGuide(patched, guide)
    for (const patch of patches) expect(fs.existsSync(path.join(patched, patch.file))).toBe(true)
    expect(fs.readFileSync(path.join(src, "lib", "tbc.tsx"), "utf8")).toContain("createTbcReact(React")
    expect(gitAddedLines(PRISTINE, patched)).toBe(lineBudget(patches).total)
    // the starter's own files are changed in place, not replaced: a store keeps its edits
    const changed = patches.filter((patch: { created: boolean }) => !patch.created)
    expect(changed.length).toBeGreaterThanOrEqual(5)
    for (const patch of changed) expect(fs.existsSync(path.join(PRISTINE, patch.file))).toBe(true)
  })

  it("its new files are formatted as the starter's prettier config formats them", async () => {
    const config = { semi: false, parser: "typescript" }
    const created = patches.filter((patch: { created: boolean }) => patch.created)
    expect(created.map((patch: { file: string }) => path.basename(patch.file)).sort()).toEqual([
      "page.tsx",
      "tbc.ts",
      "tbc.tsx",
    ])
    for (const patch of created) {
      const text = fs.readFileSync(path.join(patched, patch.file), "utf8")
      expect(await prettier.format(text, config)).toBe(text)
    }
  })

  it("a guide that says more than the budget fails the count; a patch that does not fit the starter is refused", () => {
    const long = ["--- /dev/null", "+++ b/apps/storefront/src/lib/long.ts", "@@ -0,0 +1,61 @@"]
    const block = [...long, ...Array.from({ length: 61 }, (_, index) => `+export const line${index} = ${index}`)]
    const markdown = `${guide}\n\`\`\`diff\n${block.join("\n")}\n\`\`\`\n`
    expect(changedLines(block.join("\n"))).toBe(61)
    expect(lineBudget(guidePatches(markdown)).within).toBe(false)

    const wrongContext = guide.replace(
      "         activeSession?.provider_id === selectedPaymentMethod",
      "         activeSession?.id === selectedPaymentMethod"
    )
    expect(wrongContext).not.toBe(guide)
    expect(() => applyGuide(path.join(work, "refused"), wrongContext)).toThrow(/does not apply to the starter/)
  })
})

describe("README and the guide", () => {
  const readme = fs.readFileSync(path.join(__dirname, "..", "..", "..", "README.md"), "utf8")

  it("name one return page: the guide's new route, where the kit sends the shopper back", () => {
    const route = guidePatches(guide)
      .filter((patch: { created: boolean }) => patch.created)
      .map((patch: { file: string }) => /app\/\[countryCode\]\/\([a-z]+\)\/(.+)\/page\.tsx$/.exec(patch.file)?.[1])
      .filter(Boolean)
    expect(route).toEqual(["tbc/return"])
    const readmeReturn = /^TBC_RETURN_URL=https:\/\/[^/\s]+(\S+)/m.exec(readme)?.[1]
    expect(readmeReturn).toBe("/ge/tbc/return")
    expect(guide).toContain(`https://shop.example.ge${readmeReturn}`)
    expect(tbcReturnPath("cart_1")).toBe("/tbc/return?cart=cart_1") // under the /[countryCode] base path
  })

  it("build the tarballs with the same commands, and add them at a pnpm root with --filter, never at the root", () => {
    for (const dir of ["packages/storefront", "packages/sandbox"]) {
      expect(readme).toContain(`\`npm pack\` in \`${dir}\``)
      expect(guide).toContain(`(cd ${dir} && npm pack)`)
    }
    expect(readme).toContain("pnpm --filter <app> add")
    expect(guide).toMatch(
      /^pnpm --filter @dtc\/storefront add \/abs\/path\/medusa-payment-tbc-storefront-0\.1\.0\.tgz/m
    )
    expect(readme).toContain("pnpm --filter <app> exec medusa-payment-tbc sandbox")
    expect(guide).toContain("pnpm --filter @dtc/backend exec medusa-payment-tbc sandbox")
    expect(`${readme}\n${guide}`).not.toMatch(/^pnpm add \S+\.tgz/m)
  })

  it("the kit's own README builds and installs its tarball as the README and the guide do (not yet on the registry)", () => {
    const kitReadme = fs.readFileSync(path.join(__dirname, "..", "..", "..", "packages/storefront/README.md"), "utf8")
    const tarball = "/abs/path/medusa-payment-tbc-storefront-0.1.0.tgz"
    expect(guide).toContain("(cd packages/storefront && npm pack)")
    expect(kitReadme).toContain("(cd packages/storefront && npm pack)")
    expect(readme).toContain(`npm install ${tarball}`)
    expect(kitReadme).toContain(`npm install ${tarball}`)
    expect(kitReadme).toContain("storefront-nextjs.md#0-the-packages-until-they-are-on-the-registry")
    expect(guide).toMatch(/^## 0\. The packages, until they are on the registry$/m) // the anchor above
    // a registry install of the kit (E404 until it is published) only as the one line that changes then
    const registryInstalls = kitReadme.match(/(pnpm add|npm install|npm i) medusa-payment-tbc-storefront(?![-\w])/g)
    expect(registryInstalls).toEqual(["npm install medusa-payment-tbc-storefront"])
    expect(kitReadme).toMatch(
      /Once it is published, only the last line changes: `npm install medusa-payment-tbc-storefront`/
    )
  })
})
