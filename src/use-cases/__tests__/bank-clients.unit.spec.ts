/**
 * One road to the bank: app code (jobs, admin actions, routes) asks the bank through the client the
 * provider built, never through one it assembles from the store's config. A provider Medusa has not
 * built yet is built through the payment module first; one that cannot be built says why.
 */
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import { closeSharedBankClients, providerClientOf } from "../../lib/bank-client-registry"
import type { PaymentDetails } from "../../lib/tbc/types"
import { TBC_CLIENT_FACTORY_KEY } from "../../providers/common"
import { UNRECORDED_FOR_UNIT_TESTS } from "../../modules/tbc/ledger/ledger-store"
import { TbcCheckoutProviderService } from "../../providers/tbc-checkout"
import { bankClientFor } from "../bank-clients"
import { listTbcProviders } from "../tbc-providers"
import { paymentModuleStandIn } from "./payment-module-stand-in"

const OPTIONS = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "a-client-secret-1",
  // nothing listens here: a client assembled from this config could not answer
  environment: "http://127.0.0.1:9",
  storeUrl: "https://api.shop.ge",
  returnUrl: "https://shop.ge/return",
  maxRetries: 0,
}
const configWith = (options: Record<string, unknown>) => ({
  modules: {
    [Modules.PAYMENT]: { options: { providers: [{ resolve: "./src/providers/tbc-checkout", id: "tbc", options }] } },
  },
})
const registrationOf = (config: unknown, providerId = "pp_tbc-checkout_tbc") =>
  listTbcProviders(config).find((r) => r.providerId === providerId)!
const containerWith = (payment?: unknown) =>
  ({
    resolve: (key: string) => (key === Modules.PAYMENT ? payment : undefined),
  }) as unknown as MedusaContainer

/** A bank client that answers every getPayment itself, and counts them. */
function fakeBank() {
  const asked: string[] = []
  const checkout = {
    getPayment: async (payId: string): Promise<PaymentDetails> => {
      asked.push(payId)
      return { payId, status: "Succeeded", amount: 5, links: [], raw: {} } as PaymentDetails
    },
  }
  return { asked, client: { checkout, installments: {}, close: () => undefined } }
}

beforeEach(() => closeSharedBankClients())

describe("bankClientFor", () => {
  it("asks the bank through the client the provider built (its cradle's client factory), not one made from the config", async () => {
    const bank = fakeBank()
    new TbcCheckoutProviderService(
      { [TBC_CLIENT_FACTORY_KEY]: () => bank.client, [UNRECORDED_FOR_UNIT_TESTS]: true },
      OPTIONS
    )
    const registration = registrationOf(configWith(OPTIONS))

    const details = await bankClientFor(registration, containerWith(), { maxRetries: 0 }).checkout.getPayment("PAY1")
    const budgeted = await bankClientFor(registration, containerWith()).within(5_000).checkout.getPayment("PAY2")

    expect({ statuses: [details.status, budgeted.status], asked: bank.asked }).toEqual({
      statuses: ["Succeeded", "Succeeded"],
      asked: ["PAY1", "PAY2"],
    })
  })

  it("has Medusa build a provider it has not built yet (through the payment module), then uses its client", async () => {
    const config = configWith(OPTIONS)
    const registration = registrationOf(config, "pp_tbc-card_tbc")
    expect(providerClientOf("pp_tbc-card_tbc")).toBeUndefined()

    const client = bankClientFor(registration, containerWith(paymentModuleStandIn(config)))
    // the client exists at once; the provider is built on the first call (which then finds no bank)
    await expect(client.checkout.getPayment("PAY1")).rejects.toThrow()

    expect(providerClientOf("pp_tbc-card_tbc")).toBeDefined()
  })

  it("says why when the provider cannot be built or is not loaded, without asking any bank", async () => {
    const broken = configWith({ ...OPTIONS, environment: "not a url" })
    const unbuildable = bankClientFor(registrationOf(broken), containerWith(paymentModuleStandIn(broken)))
    const notLoaded = bankClientFor(registrationOf(configWith(OPTIONS)), containerWith())

    await expect(unbuildable.checkout.getPayment("PAY1")).rejects.toThrow(/environment/)
    await expect(notLoaded.checkout.getPayment("PAY1")).rejects.toThrow(
      "The payment provider pp_tbc-checkout_tbc is not loaded in this app, so its bank cannot be asked."
    )
  })
})
