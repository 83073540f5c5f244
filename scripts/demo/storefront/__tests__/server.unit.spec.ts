import http from "http"
import { startStorefront, type RunningStorefront } from ".."

const OPTIONS = {
  port: 0,
  host: "127.0.0.1",
  publicHost: "127.0.0.1",
  backendUrl: "http://127.0.0.1:9000",
  publishableKey: "pk_test",
  regionId: "reg_test",
  sandboxUrl: "http://127.0.0.1:4010",
}

/** A raw request, so paths like /../x reach the server unnormalised. */
function request(url: string, path: string, method = "GET"): Promise<{ status: number; type: string; body: string }> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const req = http.request({ host: target.hostname, port: target.port, path, method }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk) => (body += chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }))
    })
    req.on("error", reject)
    req.end()
  })
}

describe("demo storefront server", () => {
  let storefront: RunningStorefront
  beforeAll(async () => {
    storefront = await startStorefront(OPTIONS)
  })
  afterAll(() => storefront.close())

  it("serves the page and its modules with the right content types", async () => {
    const page = await request(storefront.url, "/")
    expect(page.status).toBe(200)
    expect(page.type).toMatch(/^text\/html/)
    expect(page.body).toContain('data-testid="pay-button"')
    const script = await request(storefront.url, "/app.js")
    expect(script.status).toBe(200)
    expect(script.type).toMatch(/^text\/javascript/)
  })

  it("serves a payment link's page at the link's path (pay/<id> beside the return URL, any prefix)", async () => {
    for (const path of ["/pay/tbcpl_01JLINK00000000?token=abc", "/ge/tbc/pay/tbcpl_01JLINK00000000?returned=1"]) {
      const page = await request(storefront.url, path)
      expect([path, page.status, page.type]).toEqual([path, 200, expect.stringMatching(/^text\/html/)])
      expect(page.body).toContain('data-testid="tbc-payment-link-pay"')
    }
    expect((await request(storefront.url, "/pay/order_01NOTALINK")).status).toBe(404)
    expect((await request(storefront.url, "/kit/payment-link-flow.js")).body).toContain(
      "export async function payTbcPaymentLink"
    )
  })

  it("tells the page where the Store API is, with the publishable key and region", async () => {
    const config = await request(storefront.url, "/config.js")
    const json = config.body.replace(/^window\.TBC_DEMO_CONFIG = /, "").replace(/;\s*$/, "")
    expect(JSON.parse(json)).toEqual({
      backendUrl: OPTIONS.backendUrl,
      publishableKey: "pk_test",
      regionId: "reg_test",
      sandboxUrl: OPTIONS.sandboxUrl,
      demoLogin: null,
      storeName: "TBC demo store",
      checkoutMethods: [5],
      preAuth: false,
    })
  })

  it("serves the storefront kit (packages/storefront/src) as browser ES modules under /kit/", async () => {
    const index = await request(storefront.url, "/kit/index.js")
    expect(index.status).toBe(200)
    expect(index.type).toMatch(/^text\/javascript/)
    // relative imports carry the .js a browser needs; no TypeScript is left
    expect(index.body).toContain('export * from "./complete.js"')
    const complete = await request(storefront.url, "/kit/complete.js")
    expect(complete.body).toMatch(/export async function completeTbcPayment\(cartId, options\)/)
    expect(complete.body).not.toMatch(/: CompleteTbcPaymentOptions|import type/)
    expect((await request(storefront.url, "/kit/missing.js")).status).toBe(404)
    expect((await request(storefront.url, "/kit/..%2fsandbox%2fserver.js")).status).toBe(404)
  })

  it("serves nothing outside its public folder and only answers GET/HEAD", async () => {
    // "..%2f" survives URL parsing and decodes to "../": the server's own check must stop it
    // (storefront/index.js, the server's source, exists right outside public/).
    expect((await request(storefront.url, "/..%2findex.js")).status).toBe(404)
    expect((await request(storefront.url, "/..%2f..%2f..%2fdemo.js")).status).toBe(404)
    expect((await request(storefront.url, "/../index.js")).status).toBe(404)
    expect((await request(storefront.url, "/%E0%A4%A")).status).toBe(404)
    expect((await request(storefront.url, "/missing.js")).status).toBe(404)
    expect((await request(storefront.url, "/", "POST")).status).toBe(405)
  })

  it("refuses to start without the Store API facts, naming the option", async () => {
    await expect(startStorefront({ ...OPTIONS, publishableKey: "" })).rejects.toThrow(/publishableKey/)
  })
})
