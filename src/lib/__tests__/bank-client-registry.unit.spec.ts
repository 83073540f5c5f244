/**
 * The shared bank clients: one client per configuration (a changed configuration gets its own),
 * and the per-use views (`tuned`, `within`) share its token, so the provider, the jobs and the
 * admin routes together ask the token endpoint once.
 */
import { bankClientKey, closeSharedBankClients, sharedBankClient } from "../bank-client-registry"
import { CHECKOUT_CREDS, startStubBank, TOKEN_ROUTES, type StubBank } from "../tbc/__tests__/stub-bank"

const DETAILS = "GET /v1/tpay/payments/p1"

describe("shared bank clients", () => {
  let bank: StubBank
  beforeEach(async () => {
    bank = await startStubBank()
    bank.on(DETAILS, () => ({ body: { payId: "p1", status: "Created" } }))
  })
  afterEach(async () => {
    closeSharedBankClients()
    await bank.close()
  })
  const options = (extra: Record<string, unknown> = {}) => ({
    environment: bank.url,
    checkout: { ...CHECKOUT_CREDS },
    ...extra,
  })

  it("gives the same client for the same configuration, whatever the logger or key order", () => {
    const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined }
    const first = sharedBankClient(options())
    expect(sharedBankClient({ ...options(), logger })).toBe(first)
    expect(sharedBankClient({ checkout: { ...CHECKOUT_CREDS }, environment: bank.url })).toBe(first)
    expect(bankClientKey(options())).not.toContain(CHECKOUT_CREDS.clientSecret)
  })

  it("gives a new client when the configuration changes (credentials, timeouts)", () => {
    const first = sharedBankClient(options())
    expect(sharedBankClient(options({ timeoutMs: 5_000 }))).not.toBe(first)
    expect(
      sharedBankClient({ ...options(), checkout: { ...CHECKOUT_CREDS, clientSecret: "another-secret-1" } })
    ).not.toBe(first)
  })

  it("one token for plain, tuned and budgeted users of the client", async () => {
    const client = sharedBankClient(options())
    await client.checkout.getPayment("p1")
    await client.tuned({ maxRetries: 1, timeoutMs: 2_000 }).checkout.getPayment("p1")
    await client.tuned({ maxRetries: 0 }).within(2_000).checkout.getPayment("p1")
    await sharedBankClient(options()).within(2_000).checkout.getPayment("p1")
    expect(bank.count(DETAILS)).toBe(4)
    expect(bank.count(TOKEN_ROUTES.checkout)).toBe(1)
  })

  it("a tuned view keeps its own retry limit", async () => {
    bank.on(DETAILS, () => ({ status: 503, body: { title: "down" } }))
    const client = sharedBankClient(options({ maxRetries: 2, retryBaseMs: 1 }))
    await expect(client.tuned({ maxRetries: 0 }).checkout.getPayment("p1")).rejects.toThrow()
    expect(bank.count(DETAILS)).toBe(1)
    await expect(client.checkout.getPayment("p1")).rejects.toThrow()
    expect(bank.count(DETAILS)).toBe(1 + 3)
  })
})
