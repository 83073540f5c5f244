import { configManager } from "@medusajs/framework/config"
import TbcCheckoutProviderService from "../../tbc-checkout/service"
import TbcInstallmentsProviderService from "../../tbc-installments/service"
import { tbcRegistrationsIn, validateEveryTbcProvider, withRegistrationId } from "../every-provider-options"

const CHECKOUT_OK = {
  apiKey: "k",
  clientId: "c",
  clientSecret: "s",
  environment: "test",
  storeUrl: "https://api.shop.ge",
  returnUrl: "https://shop.ge/checkout/return",
}
const INSTALLMENTS_OK = { apiKey: "k", apiSecret: "s", merchantKey: "m", environment: "test" }

describe("validateEveryTbcProvider", () => {
  it("accepts valid options", () => {
    expect(() => validateEveryTbcProvider("tbc-checkout", CHECKOUT_OK, [])).not.toThrow()
  })

  it("names the problems of every broken TBC registration in one message", () => {
    const checkout = { ...CHECKOUT_OK, returnUrl: undefined }
    const installments = { ...INSTALLMENTS_OK, merchantKey: "" }
    const registrations = [
      { provider: "tbc-checkout" as const, id: "tbc", options: checkout },
      { provider: "tbc-installments" as const, id: "tbc", options: installments },
      { provider: "tbc-checkout" as const, id: "ok", options: CHECKOUT_OK },
    ]
    for (const [provider, options] of [
      ["tbc-checkout", checkout],
      ["tbc-installments", installments],
    ] as const) {
      let message = ""
      try {
        validateEveryTbcProvider(provider, { ...options }, registrations)
      } catch (error) {
        message = (error as Error).message
      }
      expect(message).toBe(
        'Invalid tbc-checkout options (id "tbc"): returnUrl: is required (or set TBC_RETURN_URL) | ' +
          'Invalid tbc-installments options (id "tbc"): merchantKey: must not be empty'
      )
    }
  })

  it("reports the given options alone outside an app, and never echoes a value", () => {
    expect(() => validateEveryTbcProvider("tbc-checkout", { ...CHECKOUT_OK, clientSecret: 42 }, undefined)).toThrow(
      /^Invalid tbc-checkout options: clientSecret: must be a string$/
    )
  })

  it("finds TBC registrations by their resolve path in any module, array or object form", () => {
    const providers = [
      { resolve: "medusa-payment-tbc/providers/tbc-checkout", id: "a", options: { x: 1 } },
      { resolve: "./src/providers/tbc-installments", id: "b", options: {} },
      { resolve: "@medusajs/medusa/payment-stripe", id: "s", options: {} },
      { resolve: "./tbc-checkout-extra", id: "no", options: {} },
    ]
    const found = tbcRegistrationsIn({ payment: { options: { providers } }, other: null })
    expect(found.map((r) => `${r.provider}:${r.id}`)).toEqual(["tbc-checkout:a", "tbc-installments:b"])
    expect(tbcRegistrationsIn([{ options: { providers } }])).toHaveLength(2)
  })
})

describe("withRegistrationId: registrationId follows from the registration's id", () => {
  const checkout = (id: string, options: unknown) => ({ provider: "tbc-checkout" as const, id, options })

  it("takes the id of the registration whose options these are: the same object, else the same content", () => {
    const mine = { ...CHECKOUT_OK }
    const other = { ...CHECKOUT_OK, clientId: "other" }
    const registrations = [checkout("main", mine), checkout("second", other)]
    expect(withRegistrationId("tbc-checkout", mine, registrations)).toEqual({ ...CHECKOUT_OK, registrationId: "main" })
    // Medusa may hand the provider a copy of the loaded config's options
    expect(withRegistrationId("tbc-checkout", { ...other }, registrations)).toMatchObject({ registrationId: "second" })
    // a registration with no options at all (everything from the environment)
    expect(withRegistrationId("tbc-checkout", undefined, [checkout("shop", undefined)])).toEqual({
      registrationId: "shop",
    })
    // an installments registration with the same options is another provider's
    expect(withRegistrationId("tbc-installments", mine, registrations.concat([checkout("x", INSTALLMENTS_OK)]))).toBe(
      mine
    )
  })

  it("accepts an explicit registrationId equal to the id, refuses a different one naming both", () => {
    const same = { ...CHECKOUT_OK, registrationId: "main" }
    expect(withRegistrationId("tbc-checkout", same, [checkout("main", same)])).toEqual(same)
    const wrong = { ...CHECKOUT_OK, registrationId: "tbc" }
    expect(() => withRegistrationId("tbc-checkout", wrong, [checkout("main", wrong)])).toThrow(
      'Invalid tbc-checkout options (id "main"): registrationId: must equal the registration\'s id "main"; it follows from the id, so leave it out'
    )
    // at boot: validateOptions stops on it even when every other option is valid
    expect(() => validateEveryTbcProvider("tbc-checkout", wrong, [checkout("main", wrong)])).toThrow(
      /registrationId: must equal the registration's id "main"/
    )
  })

  it("asks for registrationId when two registrations have the same options; outside an app keeps the options", () => {
    const registrations = [checkout("a", {}), checkout("b", {})]
    expect(() => withRegistrationId("tbc-checkout", {}, registrations)).toThrow(
      /the registrations with id "a" and "b" have the same options; give each its registrationId/
    )
    const given = { ...CHECKOUT_OK, registrationId: "x" }
    expect(withRegistrationId("tbc-checkout", given, undefined)).toBe(given)
    expect(withRegistrationId("tbc-checkout", CHECKOUT_OK, [])).toBe(CHECKOUT_OK)
  })
})

describe("validateOptions at boot (the app's config loaded)", () => {
  it("each provider's validateOptions names both providers' problems", () => {
    const checkout = { ...CHECKOUT_OK, returnUrl: "shop.ge/return" }
    const installments = { ...INSTALLMENTS_OK, environment: "staging" }
    configManager.loadConfig({
      baseDir: process.cwd(),
      projectConfig: {
        projectConfig: { http: { jwtSecret: "test", cookieSecret: "test" } } as never,
        modules: {
          payment: {
            resolve: "@medusajs/medusa/payment",
            options: {
              providers: [
                { resolve: "medusa-payment-tbc/providers/tbc-checkout", id: "tbc", options: checkout },
                { resolve: "medusa-payment-tbc/providers/tbc-installments", id: "tbc", options: installments },
              ],
            },
          },
        },
      },
    })
    const both =
      /Invalid tbc-checkout options \(id "tbc"\): returnUrl: must be an absolute http\(s\) URL \| Invalid tbc-installments options \(id "tbc"\): environment: must be "test", "production" or an absolute http\(s\) URL/
    expect(() => TbcCheckoutProviderService.validateOptions(checkout)).toThrow(both)
    expect(() => TbcInstallmentsProviderService.validateOptions(installments)).toThrow(both)
  })
})
