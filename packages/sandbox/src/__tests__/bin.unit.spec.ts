import { spawn, type ChildProcess } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"

const BIN = path.join(__dirname, "..", "..", "bin", "medusa-payment-tbc-sandbox.js")

function startBin(
  args: string[],
  env: Record<string, string> = {}
): { child: ChildProcess; output: () => string; url: Promise<string> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NODE_OPTIONS: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed; output: ${output}`)), 20_000)
    child.stdout?.on("data", (chunk) => {
      output += String(chunk)
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.stderr?.on("data", (chunk) => (output += String(chunk)))
    child.on("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code}: ${output}`))
    })
  })
  return { child, output: () => output, url }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })
}

/** POST /v1/tpay/access-token with the sandbox's default checkout credentials */
function requestDefaultCheckoutToken(url: string): Promise<Response> {
  return fetch(`${url}/v1/tpay/access-token`, {
    method: "POST",
    headers: { apikey: "sandbox-apikey", "content-type": "application/x-www-form-urlencoded" },
    body: "client_id=sandbox-client&client_secret=sandbox-client-secret",
  })
}

describe("bin/medusa-payment-tbc-sandbox.js", () => {
  jest.setTimeout(30_000)

  it("starts on a random port, prints URL and credentials, serves the bank, logs without secrets", async () => {
    const run = startBin(["sandbox", "--port", "0", "--merchant-key", "BinMerchant"])
    try {
      const url = await run.url
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(run.output()).toContain("apikey=sandbox-apikey")
      expect(run.output()).toContain("merchantKey=BinMerchant")
      const token = await requestDefaultCheckoutToken(url)
      const { access_token } = (await token.json()) as { access_token: string }
      expect(typeof access_token).toBe("string")
      const health = await fetch(`${url}/_sandbox/health`)
      expect(health.status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 100))
      const log = run.output().split("\n").slice(5).join("\n")
      expect(log).toContain("POST /v1/tpay/access-token → 200")
      expect(log).not.toContain(access_token)
      expect(log).not.toContain("sandbox-client-secret")
    } finally {
      await stop(run.child)
    }
  })

  it("takes credentials from TBC_SANDBOX_* env", async () => {
    const run = startBin(["sandbox", "--port=0", "--quiet"], {
      TBC_SANDBOX_API_KEY: "env-key",
      TBC_SANDBOX_ACTIVATED_METHODS: "6,9",
    })
    try {
      const url = await run.url
      expect(run.output()).toContain("apikey=env-key")
      expect(run.output()).toContain("activated methods: 6,9")
      const refused = await requestDefaultCheckoutToken(url)
      expect(refused.status).toBe(401)
    } finally {
      await stop(run.child)
    }
  })

  it("TBC_SANDBOX_DATA keeps the state across a restart; TBC_SANDBOX_STRICT / --strict turn the tolerances off", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tbc-bin-data-"))
    const dataFile = path.join(dir, "sandbox.json")
    try {
      const first = startBin(["sandbox", "--port=0", "--quiet"], {
        TBC_SANDBOX_DATA: dataFile,
        TBC_SANDBOX_STRICT: "1",
      })
      let payId = ""
      try {
        const url = await first.url
        expect(first.output()).toContain(`kept in ${dataFile}`)
        expect(first.output()).toContain("strict (no tolerances, productSum both)")
        const { access_token } = (await (await requestDefaultCheckoutToken(url)).json()) as { access_token: string }
        const headers = {
          apikey: "sandbox-apikey",
          authorization: `Bearer ${access_token}`,
          "content-type": "application/json",
        }
        const post = (body: unknown) =>
          fetch(`${url}/v1/tpay/payments`, { method: "POST", headers, body: JSON.stringify(body) })
        expect(
          (await post({ amount: { currency: "GEL", total: "5.00" }, returnurl: "http://shop.test/r" })).status
        ).toBe(400)
        const created = (await (
          await post({ amount: { currency: "GEL", total: 5 }, returnurl: "http://shop.test/r" })
        ).json()) as { payId: string }
        payId = created.payId
      } finally {
        await stop(first.child)
      }
      const second = startBin(["sandbox", "--port=0", "--quiet", "--data", dataFile])
      try {
        const url = await second.url
        expect(second.output()).toContain("tolerant, productSum either")
        const state = (await (await fetch(`${url}/_sandbox/state`)).json()) as { payments: { payId: string }[] }
        expect(state.payments.map((p) => p.payId)).toEqual([payId])
      } finally {
        await stop(second.child)
      }
      fs.writeFileSync(dataFile, "garbage")
      await expect(startBin(["sandbox", "--port=0", "--data", dataFile]).url).rejects.toThrow(
        /exited with 1: .*sandbox\.json is not valid JSON/s
      )
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("exits with a usage error on an unknown flag", async () => {
    const run = startBin(["sandbox", "--prot", "1"])
    await expect(run.url).rejects.toThrow(/exited with 2: .*unknown argument "--prot"/s)
  })
})
