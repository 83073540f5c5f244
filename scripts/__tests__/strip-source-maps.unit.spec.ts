/**
 * The prepack's last step (scripts/strip-source-maps.js): the compiled files lose the inline source
 * map tsc appended, nothing else; a map it cannot strip fails the pack instead of shipping.
 */
import fs from "fs"
import os from "os"
import path from "path"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { stripSourceMaps } = require("../strip-source-maps") as { stripSourceMaps(dir: string): number }

const MAP = "//# sourceMappingURL=data:application/json;base64,eyJ2ZXJzaW9uIjozLCJmaWxlIjoiYS5qcyJ9"

describe("strip-source-maps", () => {
  let dir: string
  const write = (name: string, code: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    fs.writeFileSync(path.join(dir, name), code)
  }
  const read = (name: string) => fs.readFileSync(path.join(dir, name), "utf8")

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "strip-maps-"))
  })
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

  it("drops the inline map of each compiled file, keeps the code and the files without one", () => {
    write("built/lib/money.js", `"use strict";\nexports.x = 1;\n${MAP}`)
    write("built/admin/index.mjs", `export default {};\n${MAP}\n`)
    write("built/lib/money.d.ts", "export declare const x = 1;\n")
    write("built/plain.js", "module.exports = 2;\n")
    expect(stripSourceMaps(dir)).toBe(2)
    expect(read("built/lib/money.js")).toBe(`"use strict";\nexports.x = 1;\n`)
    expect(read("built/admin/index.mjs")).toBe("export default {};\n")
    expect(read("built/lib/money.d.ts")).toBe("export declare const x = 1;\n")
    expect(read("built/plain.js")).toBe("module.exports = 2;\n")
  })

  it("fails, naming the file, when a map is left that it does not strip (a linked map file)", () => {
    write("built/a.js", `exports.a = 1;\n${MAP}`)
    write("built/b.js", "exports.b = 1;\n//# sourceMappingURL=b.js.map\n")
    expect(() => stripSourceMaps(dir)).toThrow(/source maps left in 1 built files: built\/b\.js/)
  })
})
