/**
 * `npm run docs:options`: rewrites the option tables of docs/configuration.md from the providers'
 * zod schemas (scripts/options-docs). `--check` writes nothing and exits 1 when the committed
 * tables differ from the schemas (the unit test scripts/__tests__/options-docs.unit.spec.ts does
 * the same check in `npm test`).
 */
import fs from "fs"
import path from "path"
import { CONFIGURATION_DOC, expectedConfigurationDoc } from "./options-docs/configuration-doc"

async function main(): Promise<void> {
  const current = fs.readFileSync(CONFIGURATION_DOC, "utf8")
  const expected = await expectedConfigurationDoc(current)
  const where = path.relative(process.cwd(), CONFIGURATION_DOC)
  if (expected === current) {
    console.log(`${where}: option tables match the schemas`)
    return
  }
  if (process.argv.includes("--check")) {
    console.error(`${where}: option tables differ from the schemas; run npm run docs:options`)
    process.exitCode = 1
    return
  }
  fs.writeFileSync(CONFIGURATION_DOC, expected)
  console.log(`${where}: option tables rewritten from the schemas`)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
