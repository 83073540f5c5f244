/**
 * The install test's medusa-config.ts: the README shows only the plugin's part, and the stores get
 * it added to a starter's config. A README edit that breaks the block, or an extraction that drops
 * or misplaces it, must fail here in seconds, not after the install test's npm installs.
 */
import fs from "fs"
import path from "path"
import ts from "typescript"
import { readmePluginConfig, readmeStoreConfig, REPO_ROOT, STORE_CONFIG } from "../fresh-store"

const README = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8")

interface Registration {
  resolve: string
  id?: string
  options?: { providers?: Registration[] } & Record<string, unknown>
}

/** The config a medusa-config.ts text exports, run with defineConfig as identity, or its syntax errors. */
function evaluate(config: string, env: Record<string, string>): Record<string, unknown> {
  const out = ts.transpileModule(config, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2021 },
    reportDiagnostics: true,
  })
  const errors = (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
  if (errors.length > 0) throw new Error(`medusa-config.ts does not parse: ${errors.join("; ")}`)
  const module = { exports: {} as Record<string, unknown> }
  const utils = { defineConfig: (c: Record<string, unknown>) => c, loadEnv: () => undefined }
  const require = (name: string) => {
    if (name !== "@medusajs/framework/utils") throw new Error(`unexpected import ${name}`)
    return utils
  }
  new Function("require", "module", "exports", "process", out.outputText)(require, module, module.exports, {
    env,
    cwd: () => "/store",
  })
  return module.exports
}

describe("the install test's medusa-config.ts", () => {
  it("README's block is the plugin's part only: no projectConfig, no imports", () => {
    const part = readmePluginConfig(README)
    expect(part).toMatch(/^plugins: \["medusa-payment-tbc"\]/)
    expect(part).toContain("medusa-payment-tbc/providers/tbc-checkout")
    expect(part).not.toContain("projectConfig")
    expect(part).not.toContain("import ")
  })

  it("README's block is at most 15 lines: every other option has a default (the .env, the schemas)", () => {
    const lines = readmePluginConfig(README).trimEnd().split("\n")
    expect(lines.length).toBeLessThanOrEqual(15)
    // no second value to keep in step with the id, no secret in the config file
    expect(lines.join("\n")).not.toMatch(/registrationId|apiKey|clientSecret|process\.env/)
  })

  it("the store's config is the starter's with the plugin's part, and Medusa would read the providers", () => {
    const config = evaluate(readmeStoreConfig(README), { DATABASE_URL: "postgres://db", TBC_ENVIRONMENT: "test" })
    expect(config.projectConfig).toMatchObject({ databaseUrl: "postgres://db" })
    expect(config.plugins).toEqual(["medusa-payment-tbc"])
    const modules = config.modules as Registration[]
    expect(modules.map((m) => m.resolve)).toEqual(["medusa-payment-tbc/modules/tbc", "@medusajs/medusa/payment"])
    const providers = modules[1].options?.providers ?? []
    expect(providers.map((p) => `${p.resolve} ${p.id}`)).toEqual([
      "medusa-payment-tbc/providers/tbc-checkout tbc",
      "medusa-payment-tbc/providers/tbc-installments tbc",
    ])
    expect(providers[0].options).toEqual({ preAuth: true, saveCards: true })
    expect(providers[1].options).toBeUndefined()
  })

  it("adds the part where the starter's config keeps its keys, taken literally", () => {
    const part = 'plugins: ["a$&b"],\nmodules: [],'
    const config = readmeStoreConfig(
      "The plugin's part of the store's `medusa-config.ts`:\n\n```ts\n" + part + "\n```\n"
    )
    expect(config).toContain(
      '  admin: { backendUrl: process.env.MEDUSA_BACKEND_URL },\n  plugins: ["a$&b"],\n  modules: [],\n})\n'
    )
    expect(config.startsWith(STORE_CONFIG.slice(0, STORE_CONFIG.indexOf("  admin:")))).toBe(true)
    expect(evaluate(config, {}).plugins).toEqual(["a$&b"])
  })

  it("names what is missing when the README has no such block", () => {
    expect(() => readmePluginConfig("# a README\n")).toThrow("README.md has no \"The plugin's part")
    expect(() => readmePluginConfig("The plugin's part of the store's `medusa-config.ts`: none\n")).toThrow(
      "no ```ts block"
    )
  })
})
