/**
 * A TbcClient for Online Installments (and mortgages) against a fresh stub bank per test, for
 * installments-api.unit.spec.ts. `bank` and `client` are live bindings: an importer sees the ones
 * of the running test.
 */
import { TbcClient } from "../client"
import { INSTALLMENT_CREDS, MORTGAGE_CREDS, startStubBank, type StubBank } from "./stub-bank"

export const SESSION = "3f2b8c1e-0000-4000-8000-000000000001"
export const BASE = "/v1/online-installments"
export const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`

export let bank: StubBank
export let client: TbcClient

/** Registers the per-test stub bank and client (call once at the top of a spec file). */
export function installmentsBankPerTest(): void {
  beforeEach(async () => {
    bank = await startStubBank()
    client = new TbcClient({
      environment: bank.url,
      installments: INSTALLMENT_CREDS,
      mortgages: MORTGAGE_CREDS,
      maxRetries: 0,
    })
  })
  afterEach(async () => {
    client.close()
    await bank.close()
  })
}

export const resourceCalls = () => bank.requests.filter((r) => r.path !== "/oauth/token")
export const lastCall = () => resourceCalls()[resourceCalls().length - 1]
