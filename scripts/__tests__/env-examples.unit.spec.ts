/**
 * The .env examples name every variable their config reads: `.env.template` those of the dev app
 * (medusa-config.ts), the README's store `.env` block those of the README's store config block and
 * every variable a provider option falls back to (the options a store leaves out of its config).
 */
import fs from "fs"
import path from "path"
import { readmeStoreConfig } from "../../integration-tests/install/fresh-store"
import { OPTION_ENV_VARIABLES } from "../../src/providers/common/options"
import "../../src/providers/tbc-checkout/options"
import "../../src/providers/tbc-installments/options"

const ROOT = path.resolve(__dirname, "../..")
const read = (file: string): string => fs.readFileSync(path.join(ROOT, file), "utf8")

/** TBC_* and MEDUSA_BACKEND_URL variables a config reads (process.env.X or env("X", …)). */
function variablesReadBy(config: string): string[] {
  const names = [...config.matchAll(/(?:process\.env\.|env\(")((?:TBC_|MEDUSA_BACKEND_URL)[A-Z_]*)/g)].map((m) => m[1])
  return [...new Set(names)].sort()
}

/** Variables an .env text sets or shows commented out (`# NAME=`). */
function variablesIn(envText: string): Set<string> {
  return new Set([...envText.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]))
}

describe(".env examples", () => {
  it("variablesReadBy finds both spellings", () => {
    expect(
      variablesReadBy(
        'a = process.env.TBC_X; b = env("TBC_Y", "1"); c = process.env.OTHER; d = process.env.MEDUSA_BACKEND_URL'
      )
    ).toEqual(["MEDUSA_BACKEND_URL", "TBC_X", "TBC_Y"])
  })

  it(".env.template covers every TBC_* variable of the dev app and MEDUSA_BACKEND_URL", () => {
    const documented = variablesIn(read(".env.template"))
    const read_ = variablesReadBy(read("medusa-config.ts"))
    expect(read_.length).toBeGreaterThan(10)
    expect(read_.filter((name) => !documented.has(name))).toEqual([])
  })

  it("the README's store .env covers every variable of the README's store config and of the options' defaults", () => {
    const readme = read("README.md")
    const envBlock = /`\.env` of the store[\s\S]*?```bash\n([\s\S]*?)\n```/.exec(readme)
    expect(envBlock).not.toBeNull()
    const documented = variablesIn(envBlock![1])
    const needed = [...new Set([...variablesReadBy(readmeStoreConfig(readme)), ...OPTION_ENV_VARIABLES])].sort()
    expect(needed).toEqual(expect.arrayContaining(["MEDUSA_BACKEND_URL", "TBC_RETURN_URL", "TBC_CALLBACK_ALLOWLIST"]))
    expect(needed.filter((name) => !documented.has(name))).toEqual([])
  })
})
