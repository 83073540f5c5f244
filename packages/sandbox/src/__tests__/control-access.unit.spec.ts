import { spawn } from "node:child_process"
import path from "node:path"
import fc from "fast-check"
import { SandboxAccessError, startSandbox } from "../index"
import { bindProblem, controlRequestAllowed, CONTROL_TOKEN_HEADER } from "../control-access"
import { TestBank, basic, call } from "./helpers"

describe("sandbox control access (pure rules)", () => {
  it("off loopback a start needs a control token; loopback does not", () => {
    expect(bindProblem("127.0.0.1", undefined)).toBeUndefined()
    expect(bindProblem("::1", undefined)).toBeUndefined()
    expect(bindProblem("localhost", undefined)).toBeUndefined()
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "sandbox.internal"]) {
      expect(bindProblem(host, undefined)).toMatch(/not loopback.*--control-token or TBC_SANDBOX_CONTROL_TOKEN/)
      expect(bindProblem(host, "")).toMatch(/control token/)
      expect(bindProblem(host, "t0ken")).toBeUndefined()
    }
  })

  it("with a token only the exact token opens /_sandbox/* (property), health stays open", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ maxLength: 40 }), (token, given) => {
        const allowed = controlRequestAllowed("/_sandbox/state", { [CONTROL_TOKEN_HEADER]: given }, token)
        expect(allowed).toBe(given === token)
      })
    )
    expect(controlRequestAllowed("/_sandbox/state", { authorization: "Bearer s3cret" }, "s3cret")).toBe(true)
    expect(controlRequestAllowed("/_sandbox/state", {}, "s3cret")).toBe(false)
    expect(controlRequestAllowed("/_sandbox/health", {}, "s3cret")).toBe(true)
    expect(controlRequestAllowed("/_sandbox/state", {}, undefined)).toBe(true)
  })
})

describe("sandbox bound off loopback", () => {
  jest.setTimeout(30_000)

  it("refuses to start without a control token", async () => {
    await expect(startSandbox({ host: "0.0.0.0", port: 0 })).rejects.toThrow(SandboxAccessError)
    await expect(startSandbox({ host: "0.0.0.0", port: 0 })).rejects.toThrow(/--control-token/)
  })

  it("with a token: warns loudly, answers 401 to control calls without it, serves the bank as usual", async () => {
    const warnings: string[] = []
    const bank = await TestBank.start({
      host: "0.0.0.0",
      port: 0,
      controlToken: "ctl-token-1",
      warn: (line) => warnings.push(line),
    })
    try {
      expect(warnings.join("\n")).toMatch(/WARNING: the TBC sandbox is listening on 0\.0\.0\.0, not on loopback/)
      expect((await bank.control("/state")).status).toBe(401)
      expect((await bank.control("/reset", {})).status).toBe(401)
      const wrong = await call(`${bank.url}/_sandbox/state`, { headers: { [CONTROL_TOKEN_HEADER]: "ctl-token-2" } })
      expect(wrong.status).toBe(401)
      expect(wrong.text).not.toContain("ctl-token-1")
      const byHeader = await call(`${bank.url}/_sandbox/state`, { headers: { [CONTROL_TOKEN_HEADER]: "ctl-token-1" } })
      expect(byHeader.status).toBe(200)
      const byBearer = await call(`${bank.url}/_sandbox/clock`, {
        headers: { authorization: "Bearer ctl-token-1" },
        body: { advanceMs: 0 },
      })
      expect(byBearer.status).toBe(200)
      expect((await call(`${bank.url}/_sandbox/health`)).status).toBe(200)
      await bank.tokens() // the bank's own paths need no control token
      expect(bank.checkoutToken).not.toBe("")
      expect((await bank.createPayment()).status).toBe(200)
    } finally {
      await bank.close()
    }
  })

  it("on loopback without a token nothing changes and nothing is printed", async () => {
    const warnings: string[] = []
    const bank = await TestBank.start({ warn: (line) => warnings.push(line) })
    try {
      expect((await bank.control("/state")).status).toBe(200)
      expect(warnings).toEqual([])
    } finally {
      await bank.close()
    }
  })
})

describe("GET /_sandbox/state", () => {
  it("never shows a credential or an access token", async () => {
    const creds = {
      apiKey: "state-api-key-7Q",
      clientId: "state-client-7Q",
      clientSecret: "state-client-secret-7Q",
      installmentApiKey: "state-inst-key-7Q",
      installmentApiSecret: "state-inst-secret-7Q",
      merchantKey: "StateMerchant7Q",
    }
    const handle = await startSandbox({ strict: true, ...creds })
    try {
      const token = await call(`${handle.url}/v1/tpay/access-token`, {
        method: "POST",
        headers: { apikey: creds.apiKey },
        form: { client_id: creds.clientId, client_secret: creds.clientSecret },
      })
      const oauth = await call(`${handle.url}/oauth/token`, {
        method: "POST",
        headers: { authorization: basic(creds.installmentApiKey, creds.installmentApiSecret) },
        form: { grant_type: "client_credentials", scope: "online_installments" },
      })
      const accessTokens = [token.body.access_token, oauth.body.access_token] as string[]
      const created = await call(`${handle.url}/v1/tpay/payments`, {
        method: "POST",
        headers: { apikey: creds.apiKey, authorization: `Bearer ${accessTokens[0]}` },
        body: { amount: { currency: "GEL", total: 10 }, returnurl: "http://shop.test/return" },
      })
      expect(created.status).toBe(200)
      const state = await call(`${handle.url}/_sandbox/state`)
      expect(state.status).toBe(200)
      expect(state.body.payments).toHaveLength(1)
      expect(state.body.activeTokens).toBe(2)
      for (const secret of [
        creds.apiKey,
        creds.clientSecret,
        creds.installmentApiKey,
        creds.installmentApiSecret,
        ...accessTokens,
      ]) {
        expect(state.text).not.toContain(secret)
      }
    } finally {
      await handle.close()
    }
  })
})

describe("bin: medusa-payment-tbc-sandbox --host off loopback", () => {
  jest.setTimeout(30_000)
  const BIN = path.join(__dirname, "..", "..", "bin", "medusa-payment-tbc-sandbox.js")

  function run(
    args: string[],
    env: Record<string, string>,
    until: RegExp
  ): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NODE_OPTIONS: "", ...env } })
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

  it("exits with the rule when no control token is given", async () => {
    const result = await run(["sandbox", "--port", "0", "--host", "0.0.0.0", "--quiet"], {}, /^$/)
    expect(result.code).toBe(1)
    expect(result.output).toMatch(
      /bound to 0\.0\.0\.0, which is not loopback.*--control-token or TBC_SANDBOX_CONTROL_TOKEN/
    )
  })

  it("starts with TBC_SANDBOX_CONTROL_TOKEN and prints the warning", async () => {
    const result = await run(
      ["sandbox", "--port", "0", "--host", "0.0.0.0", "--quiet"],
      { TBC_SANDBOX_CONTROL_TOKEN: "bin-ctl" },
      /token required/
    )
    expect(result.output).toMatch(/WARNING: the TBC sandbox is listening on 0\.0\.0\.0/)
    expect(result.output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/)
    expect(result.output).toContain("token required")
    expect(result.output).not.toContain("bin-ctl")
  })
})
