/**
 * Settings a shop manager changes on Settings → TBC Bank, through the Admin API against the real
 * app, PostgreSQL and the sandbox bank: the settings are listed with the config's values; a save
 * is judged by the provider's own options schema merged with the config (400 naming each field and
 * rule, nothing stored); a good save is audited (who, when, old → new) and the NEXT checkout sends
 * the new values to the bank (preauthorization, page language, statement text as `extra`), with
 * no restart, and the jobs run with them (the callback log's retention); "reset to config" brings
 * the config's value back; anonymous callers and store
 * customers get 401; no credential appears in any answer.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { startSandboxForApp } from "../utils/start-sandbox-for-app"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { getSettings, nextCheckoutRequest, postSettings, tokenOf } from "../utils/admin-settings"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { pruneCallbackLog } from "../../src/use-cases/callback-log/prune"

jest.setTimeout(120_000)

const app = startSandboxForApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)
/** the dev config's credentials (medusa-config.ts defaults): none may appear in an answer */
const CREDENTIALS = ["sandbox-apikey", "sandbox-client-secret", "sandbox-inst-secret", "SandboxMerchant"]

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-it-admin-settings"),
  testSuite: ({ api, getContainer }) => {
    it("edits, validates, audits and applies the settings to the next checkout; reset to config; 401 for non-admins", async () => {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      const shop = new StoreCheckout(api, store)
      const token = tokenOf(await createAdminRequestConfig(container, api))
      const answers: string[] = []
      const save = async (change: Parameters<typeof postSettings>[2]) => {
        const answer = await postSettings(app.appUrl, token, change)
        answers.push(JSON.stringify(answer.body))
        return answer
      }
      const settingsOf = async (providerId: string) => {
        const answer = await getSettings(app.appUrl, token)
        answers.push(JSON.stringify(answer.body))
        expect(answer.status).toBe(200)
        const provider = answer.body.providers.find((p: { provider_id: string }) => p.provider_id === providerId)
        const byKey = Object.fromEntries(provider.editable.map((s: { key: string }) => [s.key, s]))
        return { body: answer.body, byKey }
      }

      try {
        // 1. admin-only: anonymous callers and store customers get 401, for reading and saving
        const { data: login } = await api.post("/auth/customer/emailpass", {
          email: store.customer.email,
          password: store.customer.password,
        })
        for (const headers of [{}, { authorization: `Bearer ${login.token}` }]) {
          for (const method of ["get", "post"] as const) {
            const answer = await api.request({
              method,
              url: "/admin/tbc/settings",
              data: { provider_id: TBC_CHECKOUT_PROVIDER_ID, set: { preAuth: true } },
              headers,
              validateStatus: () => true,
            })
            expect([method, answer.status]).toEqual([method, 401])
          }
        }

        // 2. listed with the config's values; nothing stored, no change yet
        const before = await settingsOf(TBC_CHECKOUT_PROVIDER_ID)
        expect(before.byKey.preAuth).toMatchObject({ config_value: false, value: false, stored: null, ignored: null })
        expect(before.byKey.methods).toMatchObject({ config_value: [5], input: { type: "methods" } })
        expect(before.byKey.statementText).toMatchObject({ value: null, input: { type: "text", maxLength: 25 } })
        // only what this config can save is offered: a method TBC has not activated (9 here) is not a
        // choice, and the amount limits are two fields per method that can be chosen
        const { choices, unavailable } = before.byKey.methods.input
        expect([...choices, ...unavailable].sort((a: number, b: number) => a - b)).toEqual([4, 5, 6, 7, 8, 9, 14])
        expect([choices, unavailable]).toEqual([expect.arrayContaining([5]), expect.arrayContaining([9])])
        const limitMethod = (key: string) => (key === "bnpl" ? 4 : Number(key))
        expect(before.byKey.methodLimits.input.type).toBe("limits")
        const limitMethods = [...new Set<number>(before.byKey.methodLimits.input.keys.map(limitMethod))]
        // every method that can be chosen has its limit fields (6, loyalty points, has no limit)
        expect(limitMethods.sort((a, b) => a - b)).toEqual(choices.filter((m: number) => m !== 6))
        expect(Object.keys(before.byKey)).not.toContain("clientSecret")
        expect(before.body.changes).toEqual([])
        const installments = await settingsOf(TBC_INSTALLMENTS_PROVIDER_ID)
        expect(Object.keys(installments.byKey)).toEqual(["installmentChangeRetentionDays"])
        expect((await nextCheckoutRequest(shop, bank, "before@tbc-it.ge")).preAuth).toBe(false)

        // 3. refused by the options' own rules, each field and rule named; nothing is stored
        const refusals: [Record<string, unknown>, RegExp][] = [
          [{ methods: [5, 9] }, /methods\.1: method 9 must be activated by the bank first/],
          [{ statementText: "შეკვეთა 1" }, /statementText: may contain only printable ASCII/],
          [{ statementText: "X".repeat(26) }, /statementText: must be at most 25 characters/],
          [{ language: "DE" }, /language: must be KA, EN or RU/],
          [{ deletedCardRetentionDays: 0 }, /deletedCardRetentionDays: must be at least 1 day/],
          [{ clientSecret: "stolen" }, /clientSecret: cannot be changed in the admin/],
          // a sane largest limit, refused for being too large (not for its decimals)
          [{ methodLimits: { "5": { max: 99_999_999_999 } } }, /methodLimits\.5\.max: must be at most 1000000 GEL/],
          [{ methodLimits: { "5": { max: 1e15 } } }, /methodLimits\.5\.max: must be at most 1000000 GEL/],
        ]
        for (const [set, words] of refusals) {
          const refused = await save({ provider_id: TBC_CHECKOUT_PROVIDER_ID, set })
          expect([refused.status, refused.body.message]).toEqual([400, expect.stringMatching(words)])
          expect(refused.body.issues.length).toBeGreaterThan(0)
        }
        const unknown = await save({ provider_id: "pp_tbc-checkout_nope", set: { preAuth: true } })
        expect([unknown.status, unknown.body.message]).toEqual([
          400,
          expect.stringMatching(/provider_id: is not a TBC/),
        ])
        const malformed = await save({ provider_id: TBC_CHECKOUT_PROVIDER_ID, set: "preAuth" } as never)
        expect(malformed.status).toBe(400)
        expect((await settingsOf(TBC_CHECKOUT_PROVIDER_ID)).body.changes).toEqual([])

        // 4. a good save: stored, audited (who, when, old → new), in force for the next checkout
        const saved = await save({
          provider_id: TBC_CHECKOUT_PROVIDER_ID,
          set: { preAuth: true, language: "ka", statementText: "TBC-IT SHOP" },
        })
        expect(saved.status).toBe(200)
        expect(saved.body.changes).toEqual([
          { key: "preAuth", old_value: null, new_value: true },
          { key: "language", old_value: null, new_value: "KA" },
          { key: "statementText", old_value: null, new_value: "TBC-IT SHOP" },
        ])
        const after = await settingsOf(TBC_CHECKOUT_PROVIDER_ID)
        expect(after.byKey.preAuth).toMatchObject({
          config_value: false,
          value: true,
          stored: { value: true, updated_by: "admin@tbc-it.ge" },
        })
        // the providers table shows the values in force
        const checkout = after.body.providers.find(
          (p: { provider_id: string }) => p.provider_id === TBC_CHECKOUT_PROVIDER_ID
        )
        expect(checkout).toMatchObject({ pre_auth: true, methods: [5] })
        expect(after.body.changes).toHaveLength(3)
        for (const change of after.body.changes) {
          expect(change).toMatchObject({ provider_id: TBC_CHECKOUT_PROVIDER_ID, actor_email: "admin@tbc-it.ge" })
          expect(change.actor_id).toMatch(/^user_/)
          expect(Math.abs(Date.parse(change.created_at) - Date.now())).toBeLessThan(60_000)
        }
        const request = await nextCheckoutRequest(shop, bank, "after@tbc-it.ge")
        // the store's text, then the cart's statement reference (src/lib/statement-reference.ts)
        expect(request).toMatchObject({
          preAuth: true,
          language: "KA",
          extra: expect.stringMatching(/^TBC-IT SHOP [0-9A-Z]{12}$/),
        })

        // 4b. the bank page's description, the titles at checkout and debug logging: editable too,
        // in force for the next checkout and the store's payment options
        const more = await save({
          provider_id: TBC_CHECKOUT_PROVIDER_ID,
          set: {
            description: "TBC-IT test shop",
            methodTitles: { "tbc-checkout": "Pay with TBC" },
            debugLogging: true,
          },
        })
        expect([more.status, more.body.changes.map((c: { key: string }) => c.key)]).toEqual([
          200,
          ["description", "methodTitles", "debugLogging"],
        ])
        expect((await nextCheckoutRequest(shop, bank, "described@tbc-it.ge")).description).toBe("TBC-IT test shop")
        const { data: offered } = await api.get("/store/tbc/payment-options", {
          headers: { "x-publishable-api-key": store.publishableKey },
        })
        const titleOf = (id: string) =>
          offered.payment_options.find((o: { provider_id: string }) => o.provider_id === id)?.title
        expect([titleOf(TBC_CHECKOUT_PROVIDER_ID), titleOf("pp_tbc-card_tbc")]).toEqual(["Pay with TBC", null])
        const tooLong = await save({ provider_id: TBC_CHECKOUT_PROVIDER_ID, set: { description: "X".repeat(31) } })
        expect([tooLong.status, tooLong.body.message]).toEqual([
          400,
          expect.stringMatching(/description: must be at most 30/),
        ])

        // 5. saving the same values again changes (and audits) nothing
        const again = await save({ provider_id: TBC_CHECKOUT_PROVIDER_ID, set: { preAuth: true } })
        expect([again.status, again.body.changes]).toEqual([200, []])

        // 6. reset to config: the config's value is back, audited as old → null (config)
        const reset = await save({ provider_id: TBC_CHECKOUT_PROVIDER_ID, reset: ["preAuth"] })
        expect(reset.body.changes).toEqual([{ key: "preAuth", old_value: true, new_value: null }])
        const latest = await settingsOf(TBC_CHECKOUT_PROVIDER_ID)
        expect(latest.byKey.preAuth).toMatchObject({ value: false, stored: null })
        expect(latest.body.changes[0]).toMatchObject({ key: "preAuth", old_value: true, new_value: null })
        expect(await nextCheckoutRequest(shop, bank, "reset@tbc-it.ge")).toMatchObject({
          preAuth: false,
          language: "KA",
        })

        // 7. the jobs run with the settings too: the callback log kept 2 days instead of the config's 90
        const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
        await pg.raw(
          `insert into tbc_callback_log (id, provider_id, pay_id, result, created_at, updated_at)
           values ('tbccb_SETTINGS3DAYS', ?, 'PAY3DAYS', 'accepted', now() - interval '3 days', now())`,
          [TBC_CHECKOUT_PROVIDER_ID]
        )
        const keepTwoDays = await save({ provider_id: TBC_CHECKOUT_PROVIDER_ID, set: { callbackLogRetentionDays: 2 } })
        expect(keepTwoDays.status).toBe(200)
        const pruned = await pruneCallbackLog(container)
        expect(pruned.find((r) => r.provider_id === TBC_CHECKOUT_PROVIDER_ID)).toMatchObject({
          retention_days: 2,
          deleted: 1,
        })

        // 8. no credential in any answer
        for (const secret of CREDENTIALS) expect(answers.join("\n")).not.toContain(secret)
      } finally {
        // leave the next spec of the group the config's values (its database is restored, this process's cache is not)
        await postSettings(app.appUrl, token, {
          provider_id: TBC_CHECKOUT_PROVIDER_ID,
          reset: [
            "preAuth",
            "language",
            "statementText",
            "callbackLogRetentionDays",
            "description",
            "methodTitles",
            "debugLogging",
          ],
        })
      }
    })
  },
})
