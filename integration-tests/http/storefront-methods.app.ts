/**
 * Each payment method a checkout choice of its own, through the Store API against the sandbox
 * bank (the storefront group: preauthorization on, methods 5, 7, 8 and 14): a per-method provider
 * pays and its callback comes back on its own path; Google Pay is a purchase although the store
 * holds card payments; an installment outside 100–10,000 GEL is unavailable for the cart and
 * refused when started; a per-method provider of an activated method offers it without `methods`
 * listing it; the bank page's language follows the cart's locale.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { TbcStoreClient } from "../../packages/storefront/src"
import { seedStore, type SeededStore } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { onlyPayment, toTetri, waitForPaidOrderOfCart } from "../utils/checkout-orders"
import { LedgerStore } from "../../src/modules/tbc/ledger/ledger-store"
import { useStorefrontApp } from "./storefront-support"
import { waitFor } from "../utils/wait-for"

jest.setTimeout(180_000)

const app = useStorefrontApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
const GOOGLE_PAY = "pp_tbc-google-pay_tbc"
const CARD = "pp_tbc-card_tbc"
const INSTALLMENT_PLAN = "pp_tbc-installment-plan_tbc"
const APPLE_PAY = "pp_tbc-apple-pay_tbc"
const WEB_QR = "pp_tbc-qr_tbc"

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-storefront-methods"),
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let kit: TbcStoreClient
    let shop: StoreCheckout
    beforeAll(async () => {
      store = await seedStore(getContainer())
      kit = app.kit(store)
      shop = new StoreCheckout(api, store)
    })
    const headers = () => ({ "x-publishable-api-key": store.publishableKey })
    const pg = () => getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)

    it("Google Pay pays as its own provider, a purchase although the store holds card payments; card is held; callbacks are routed, checked and paired per provider", async () => {
      const { cartId, total } = await shop.createCartReadyForPayment([1])
      const { session } = await shop.startPaymentSession(cartId, { providerId: GOOGLE_PAY })
      expect(session.data).toMatchObject({ preAuth: false })
      const payId = payIdOf(session)
      const atBank = await bank.payment(payId)
      expect(atBank).toMatchObject({ methods: [14], preAuth: false })
      expect(new URL(String(atBank.callbackUrl)).pathname).toBe("/hooks/payment/tbc-google-pay_tbc")
      expect((await new LedgerStore(pg()).byPayId(payId))?.provider_id).toBe(GOOGLE_PAY)

      await bank.pay(payId, "success", 14)
      // the bank's callback reaches Google Pay's own route, passes the source and signature checks
      const logged = await waitFor(
        async () => {
          const rows = await pg().raw(`select provider_id, result from tbc_callback_log where pay_id = ?`, [payId])
          return rows.rows.find((row: { result: string }) => row.result === "accepted")
        },
        { timeoutMs: 20_000, intervalMs: 250, description: "the Google Pay callback accepted" }
      )
      expect(logged.provider_id).toBe(GOOGLE_PAY)
      // the callback middleware knows the per-method routes: a body that is no callback stops there
      const bogus = await api.post(
        "/hooks/payment/tbc-apple-pay_tbc",
        { hello: "bank" },
        { validateStatus: () => true }
      )
      expect(bogus.status).toBe(200)
      const refused = await pg().raw(`select result from tbc_callback_log where provider_id = ?`, [APPLE_PAY])
      expect(refused.rows.map((row: { result: string }) => row.result)).toEqual(["malformed"])
      expect((await shop.completeCart(cartId)).type).toBe("order")
      const order = await waitForPaidOrderOfCart(getContainer(), cartId, "completed")
      const payment = onlyPayment(order)
      expect(payment.capturesTetri).toEqual([toTetri(total)])
      const { data } = await getContainer()
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "payment", fields: ["id", "provider_id"], filters: { id: payment.id } })
      expect(data[0].provider_id).toBe(GOOGLE_PAY)

      // the same store's card provider holds the money (preAuth on)
      const card = await shop.createCartReadyForPayment([1])
      const cardSession = (await shop.startPaymentSession(card.cartId, { providerId: CARD })).session
      expect(await bank.payment(payIdOf(cardSession))).toMatchObject({ methods: [5], preAuth: true })
      // the ledger pairs a callback with its session on per-method routes too: the card session's
      // signed URL reused with the paid Google Pay payment is refused before Medusa sees it
      const cardCallback = new URL(String((await bank.payment(payIdOf(cardSession))).callbackUrl))
      expect(cardCallback.pathname).toBe("/hooks/payment/tbc-card_tbc")
      const forged = await api.post(`${cardCallback.pathname}${cardCallback.search}`, { PaymentId: payId })
      expect(forged.status).toBe(200)
      const pairing = await pg().raw(`select result from tbc_callback_log where provider_id = ? and pay_id = ?`, [
        CARD,
        payId,
      ])
      expect(pairing.rows.map((row: { result: string }) => row.result)).toEqual(["rejected_source"])
      await bank.pay(payIdOf(cardSession), "success")
      expect((await shop.completeCart(card.cartId)).type).toBe("order")
      expect((await waitForPaidOrderOfCart(getContainer(), card.cartId, "authorized")).collectionStatus).toBe(
        "authorized"
      )
    })

    it("an installment outside 100–10,000 GEL is unavailable for the cart and refused when started", async () => {
      const small = await shop.createCartReadyForPayment([1]) // 49.99 + 5.00
      const { data } = await api.get(`/store/tbc/payment-options?cart_id=${small.cartId}`, { headers: headers() })
      const byId = Object.fromEntries(data.payment_options.map((o: { provider_id: string }) => [o.provider_id, o]))
      expect(byId[INSTALLMENT_PLAN]).toMatchObject({
        kind: "checkout",
        identifier: "tbc-installment-plan",
        method: 8,
        available: false,
        unavailable_reason: "below_minimum",
      })
      // Google Pay is a purchase; the card's money is held (the group's preauthorization)
      expect(byId[GOOGLE_PAY]).toMatchObject({
        method: 14,
        available: true,
        unavailable_reason: null,
        holds_money: false,
      })
      expect(byId[CARD]).toMatchObject({ method: 5, available: true, holds_money: true, title: null })
      expect(byId[APPLE_PAY]).toMatchObject({ available: false, unavailable_reason: "method_not_enabled" })
      // the all-methods page: 8 below its minimum, Google Pay never with a hold
      expect(byId["pp_tbc-checkout_tbc"]).toMatchObject({ methods: [5, 7], available: true, holds_money: true })
      // the kit hides what is not offered for this cart
      const offered = (await kit.getPaymentOptions(small.cartId)).map((o) => o.provider_id)
      expect(offered).toContain(GOOGLE_PAY)
      expect(offered).not.toContain(INSTALLMENT_PLAN)
      expect(offered).not.toContain(APPLE_PAY)

      // a provider the cart's region does not enable is unavailable for the cart (the region's own list)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const link = getContainer().resolve(ContainerRegistrationKeys.LINK)
      const googlePayInRegion = {
        [Modules.REGION]: { region_id: store.regionId },
        [Modules.PAYMENT]: { payment_provider_id: GOOGLE_PAY },
      }
      await link.dismiss(googlePayInRegion)
      try {
        const { data: regional } = await api.get(`/store/tbc/payment-options?cart_id=${small.cartId}`, {
          headers: headers(),
        })
        const googlePay = regional.payment_options.find((o: { provider_id: string }) => o.provider_id === GOOGLE_PAY)
        expect(googlePay).toMatchObject({ available: false, unavailable_reason: "not_in_region" })
        expect((await kit.getPaymentOptions(small.cartId)).map((o) => o.provider_id)).not.toContain(GOOGLE_PAY)
      } finally {
        await link.create(googlePayInRegion)
      }
      const { data: restored } = await query.graph({
        entity: "region",
        fields: ["payment_providers.id"],
        filters: { id: store.regionId },
      })
      expect(restored[0].payment_providers.map((p: { id: string }) => p.id)).toContain(GOOGLE_PAY)

      const refused = await shop.startPaymentSession(small.cartId, { providerId: INSTALLMENT_PLAN }).catch((e) => e)
      expect(refused.response?.status).toBe(400)
      expect(refused.response?.data?.message).toMatch(
        /Installment \(method 8\) is offered from 100\.00 GEL; this cart is 54\.99 GEL \(option methodLimits\["8"\]\.min\)/
      )

      const large = await shop.createCartReadyForPayment([0, 1]) // 1234.56 + 5.00
      const within = await api.get(`/store/tbc/payment-options?cart_id=${large.cartId}`, { headers: headers() })
      const plan = within.data.payment_options.find((o: { provider_id: string }) => o.provider_id === INSTALLMENT_PLAN)
      expect(plan).toMatchObject({ available: true })
      const { session } = await shop.startPaymentSession(large.cartId, { providerId: INSTALLMENT_PLAN })
      const atBank = await bank.payment(payIdOf(session))
      expect(atBank.methods).toEqual([8])
      expect((atBank.request as { installmentProducts?: unknown[] }).installmentProducts?.length).toBeGreaterThan(0)

      const unknownCart = await api.get(`/store/tbc/payment-options?cart_id=cart_01UNKNOWN`, {
        headers: headers(),
        validateStatus: () => true,
      })
      expect(unknownCart.status).toBe(404)
      const badQuery = await api.get(`/store/tbc/payment-options?cart_id=order_1`, {
        headers: headers(),
        validateStatus: () => true,
      })
      expect(badQuery.status).toBe(400)
      expect(badQuery.data.message).toMatch(/cart_id: must be a cart id/)
    })

    it("a per-method provider enabled in the region offers its method although `methods` does not list it (Web QR, 4)", async () => {
      // the group's methods are 5, 7, 8, 14; the bank activated 4 (TBC_ACTIVATED_METHODS), the region enables pp_tbc-qr_tbc
      const { cartId } = await shop.createCartReadyForPayment([1])
      const { data } = await api.get(`/store/tbc/payment-options?cart_id=${cartId}`, { headers: headers() })
      const byId = Object.fromEntries(data.payment_options.map((o: { provider_id: string }) => [o.provider_id, o]))
      expect(byId[WEB_QR]).toMatchObject({ method: 4, methods: [4], available: true, unavailable_reason: null })
      // `methods` still narrows the all-methods page
      expect(byId["pp_tbc-checkout_tbc"].methods).not.toContain(4)
      expect((await kit.getPaymentOptions(cartId)).map((o) => o.provider_id)).toContain(WEB_QR)
      const { session } = await shop.startPaymentSession(cartId, { providerId: WEB_QR })
      expect(await bank.payment(payIdOf(session))).toMatchObject({ methods: [4] })
    })

    it("the bank's page follows the cart's locale (ka-GE → KA); the session's own locale wins", async () => {
      const { cartId } = await shop.createCartReadyForPayment([1])
      await api.post(`/store/carts/${cartId}`, { locale: "ka-GE" }, { headers: headers() })
      const georgian = payIdOf((await shop.startPaymentSession(cartId, { providerId: CARD })).session)
      expect((await bank.payment(georgian)).request).toMatchObject({ language: "KA" })
      const created = await bank.payment(georgian)
      expect(created.status).toBe("Created")

      const russian = (await shop.startPaymentSession(cartId, { providerId: CARD, data: { locale: "ru" } })).session
      expect((await bank.payment(payIdOf(russian))).request).toMatchObject({ language: "RU" })
      // a storefront cannot pose as the cart: the server key is its own
      const posing = (await shop.startPaymentSession(cartId, { data: { tbc_cart_locale: "en" } })).session
      expect((await bank.payment(payIdOf(posing))).request).toMatchObject({ language: "KA" })

      const plain = await shop.createCartReadyForPayment([1])
      const none = payIdOf((await shop.startPaymentSession(plain.cartId, { providerId: CARD })).session)
      expect((await bank.payment(none)).request).not.toHaveProperty("language")
    })
  },
})
