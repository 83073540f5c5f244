import { spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const BIN = path.join(__dirname, "..", "medusa-payment-tbc.js")

/** Runs a copy of the plugin's bin until `until` shows in its output (then stops it) or it exits. */
function run(
  bin: string,
  args: string[],
  cwd: string,
  until: RegExp
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { ...process.env, NODE_OPTIONS: "" } })
    let output = ""
    const seen = (chunk: Buffer) => {
      output += String(chunk)
      if (until.test(output)) child.kill("SIGTERM")
    }
    child.stdout.on("data", seen)
    child.stderr.on("data", seen)
    child.on("exit", (code) => resolve({ code, output }))
  })
}

describe("bin/medusa-payment-tbc.js sandbox (delegates to medusa-payment-tbc-sandbox)", () => {
  jest.setTimeout(30_000)

  it("in this repository runs packages/sandbox's bin with the options given", async () => {
    const result = await run(
      BIN,
      ["sandbox", "--port", "0", "--merchant-key", "Delegated"],
      os.tmpdir(),
      /merchantKey=\S+/
    )
    expect(result.output).toMatch(/TBC sandbox bank listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(result.output).toContain("merchantKey=Delegated")
  })

  it("without the sandbox package names the package to install as a dev dependency", async () => {
    // a copy of the bin outside any checkout and any node_modules: nothing to delegate to
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-plugin-bin-"))
    try {
      const copy = path.join(dir, "medusa-payment-tbc.js")
      fs.copyFileSync(BIN, copy)
      const result = await run(copy, ["sandbox", "--port", "0"], dir, /^$/)
      expect(result.code).toBe(1)
      expect(result.output).toContain("npm install --save-dev medusa-payment-tbc-sandbox")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("refuses an unknown command with the usage", async () => {
    const result = await run(BIN, ["sandbx"], os.tmpdir(), /^$/)
    expect(result.code).toBe(2)
    expect(result.output).toMatch(/unknown command "sandbx".*Usage: medusa-payment-tbc sandbox/s)
  })
})

describe("bin/medusa-payment-tbc.js setup-georgia (the store's own medusa exec)", () => {
  jest.setTimeout(30_000)

  it("runs `medusa exec` with the plugin's setup script and the arguments given, in the store's directory", async () => {
    // a store whose Medusa CLI only writes down how it was called
    const store = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-setup-store-"))
    try {
      const cli = path.join(store, "node_modules", "@medusajs", "cli")
      fs.mkdirSync(cli, { recursive: true })
      fs.writeFileSync(
        path.join(cli, "package.json"),
        JSON.stringify({ name: "@medusajs/cli", bin: { medusa: "cli.js" } })
      )
      fs.writeFileSync(
        path.join(cli, "cli.js"),
        "console.log('medusa ' + JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2) })); process.exit(3)"
      )
      const result = await run(BIN, ["setup-georgia", "pp_tbc-checkout_tbc"], store, /^$/)
      const called = JSON.parse(/medusa (\{.*\})/.exec(result.output)?.[1] ?? "null")
      expect(called.cwd).toBe(fs.realpathSync(store))
      expect(called.args[0]).toBe("exec")
      expect(called.args[1]).toMatch(/scripts[\\/]tbc-setup-georgia\.(js|ts)$/)
      expect(fs.existsSync(called.args[1])).toBe(true)
      expect(called.args.slice(2)).toEqual(["pp_tbc-checkout_tbc"])
      // the exec's exit status is the command's
      expect(result.code).toBe(3)
    } finally {
      fs.rmSync(store, { recursive: true, force: true })
    }
  })

  it("outside a Medusa store says where to run it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-setup-none-"))
    try {
      const result = await run(BIN, ["setup-georgia"], dir, /^$/)
      expect(result.code).toBe(1)
      expect(result.output).toContain("run this in your Medusa store's directory")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
