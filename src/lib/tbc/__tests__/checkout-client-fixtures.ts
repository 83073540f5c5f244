/**
 * The checkout payment bodies and a TbcClient against a fresh stub bank per test, for
 * checkout-api.unit.spec.ts. `bank` and `client` are live bindings: an importer sees the ones of
 * the running test.
 */
import { TbcClient } from "../client"
import type { CreatePaymentRequest } from "../types"
import { CHECKOUT_CREDS, startStubBank, type StubBank } from "./stub-bank"

export const PAY_ID = "6azzo13uw5u2116332"

export const paymentBody = (extra: Record<string, unknown> = {}) => ({
  payId: PAY_ID,
  status: "Created",
  currency: "GEL",
  amount: 12.34,
  links: [
    { uri: `https://api.tbcbank.ge/v1/tpay/payments/${PAY_ID}`, method: "GET", rel: "self" },
    { uri: `https://ecom.tbcpayments.ge/Pay/choose/${PAY_ID}`, method: "REDIRECT", rel: "approval_url" },
  ],
  httpStatusCode: 200,
  ...extra,
})

export const fullCreateRequest: CreatePaymentRequest = {
  amount: { currency: "GEL", total: 12.34, subTotal: 10, tax: 1.34, shipping: 1 },
  returnurl: "https://shop.example/return?cart=1",
  extra: "ORDER 123",
  extra2: "second line",
  expirationMinutes: 12,
  methods: [5, 7, 8],
  installmentProducts: [
    { name: "Shoes × 2", price: 10.34, quantity: 1 },
    { name: "Laces", price: 2, quantity: 1 },
  ],
  callbackUrl: "https://shop.example/hooks/tbc",
  preAuth: false,
  language: "EN",
  merchantPaymentId: "order_01",
  skipInfoMessage: true,
  saveCard: false,
  saveCardToDate: "0527",
  description: "Order 123",
  userIpAddress: "203.0.113.7",
}

export let bank: StubBank
export let client: TbcClient

/** Registers the per-test stub bank and client (call once at the top of a spec file). */
export function checkoutBankPerTest(): void {
  beforeEach(async () => {
    bank = await startStubBank()
    client = new TbcClient({ environment: bank.url, checkout: CHECKOUT_CREDS, maxRetries: 0 })
  })
  afterEach(async () => {
    client.close()
    await bank.close()
  })
}

export function lastResourceRequest() {
  const resource = bank.requests.filter((r) => r.path !== "/v1/tpay/access-token")
  return resource[resource.length - 1]
}
