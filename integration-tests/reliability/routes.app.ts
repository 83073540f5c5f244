/**
 * Our HTTP routes against the real app: every admin route refuses anyone who is not an admin
 * (no credentials, a made-up bearer, a customer's token, a publishable key); the saved-cards
 * store routes show, use and delete only the caller's own cards; and generated hostile requests
 * (fast-check: arbitrary ids, queries and bodies) to the admin routes, the saved-cards routes, the
 * shopper's order-payment route, the payment-session route our middlewares read, and the bank
 * callback route never get a 5xx and never leak a stack trace, a path or a secret.
 *
 * Part of the reliability group (reliability-app.spec.ts: one boot, the group's settings of
 * support/reliability-app.ts; these routes answer the same under them as under the defaults: the
 * callbacks' fuzzed requests come from 127.0.0.1, allowed there too). Alone: `-t "our routes"` on
 * that file.
 */
import { testDbName } from "../utils/db-name"
import fc from "fast-check"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID } from "../utils/seed-store"
import { SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { waitFor } from "../utils/wait-for"
import { login, registerCustomer, Shopper } from "../utils/saved-cards-shopper"
import { reliabilitySeed } from "./support/seeded-random"
import { leaksIn } from "./support/http-probe"
import { useReliabilityApp } from "./support/reliability-app"

jest.setTimeout(600_000)

const SEED = reliabilitySeed()
/**
 * generated requests per route; HTTP through the whole app is the slow part of this file. 30 in
 * `npm test` (its time budget); CI runs the file again at 120 in a step of its own (.ci/run).
 */
const HTTP_RUNS = Number(process.env.RELIABILITY_HTTP_RUNS ?? 30)
const SECRETS = ["sandbox-apikey", "sandbox-client-secret", "sandbox-inst-secret"]
const ADMIN_ROUTES: [method: "get" | "post", path: string][] = [
  ["get", "/admin/tbc/settings"],
  ["post", "/admin/tbc/settings"],
  ["post", "/admin/tbc/settings/check-connection"],
  ["get", "/admin/tbc/callbacks"],
  ["post", "/admin/tbc/installments/sync"],
  ["get", "/admin/tbc/installments/sync-runs"],
  ["get", "/admin/tbc/installments/failed-changes"],
  ["get", "/admin/tbc/saved-cards/recording-failures"],
  ["get", "/admin/tbc/orders/order_01ANYTHING/payment"],
]

/** One generated HTTP request (axios config). */
interface HostileRequest {
  method: "get" | "post" | "delete"
  url: string
  data?: unknown
  headers?: Record<string, string>
}

const app = useReliabilityApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-rel-routes"),
  testSuite: ({ api, getContainer }) => {
    /** A logged-in shopper whose first order saved a card; returns the card as the store route shows it. */
    async function shopperWithSavedCard(shopper: Shopper): Promise<{ id: string }> {
      const { cartId, collectionId } = await shopper.cartReadyForPayment()
      const started = await shopper.startSession(collectionId, { save_card: true })
      expect(started.status).toBe(200)
      await bank.pay(started.body.payment_collection.payment_sessions[0].data.payId, "success")
      expect((await shopper.call("post", `/store/carts/${cartId}/complete`)).body.type).toBe("order")
      const [card] = await waitFor(
        async () => {
          const cards = await shopper.cards()
          return cards.length > 0 ? cards : undefined
        },
        { timeoutMs: 20_000, description: "the saved card recorded" }
      )
      return card
    }

    it("admin routes refuse non-admins; saved cards are only the caller's; hostile requests get no 5xx and no leak", async () => {
      const container = getContainer()
      const store = await seedStore(container, { paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID] })
      await registerCustomer(container, "bob@rel.ge", "bobsecret")
      const responses: string[] = []
      const aliceToken = await login(api, store.customer.email, store.customer.password)
      const alice = new Shopper(api, store, aliceToken, responses)
      const bob = new Shopper(api, store, await login(api, "bob@rel.ge", "bobsecret"), responses)
      const guest = new Shopper(api, store, undefined, responses)

      // 1. admin routes: 401 for everyone but an admin
      const identities: Record<string, Record<string, string>> = {
        "no credentials": {},
        "made-up bearer": { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJhY3Rvcl90eXBlIjoidXNlciJ9.forged" },
        "customer token": { authorization: `Bearer ${aliceToken}` },
        "publishable key": { "x-publishable-api-key": store.publishableKey },
      }
      const refusals: string[] = []
      for (const [method, path] of ADMIN_ROUTES) {
        for (const [who, headers] of Object.entries(identities)) {
          const answer = await api.request({ method, url: path, data: {}, headers, validateStatus: () => true })
          refusals.push(`${answer.status} ${method.toUpperCase()} ${path} as ${who}`)
        }
      }
      const admin = await createAdminRequestConfig(container, api)
      const adminAnswers = await Promise.all(
        ADMIN_ROUTES.map(([method, path]) =>
          api.request({ method, url: path, data: {}, ...admin, validateStatus: () => true })
        )
      )

      // 2. saved cards: each customer sees, uses and deletes only their own
      const aliceCard = await shopperWithSavedCard(alice)
      const bobCard = await shopperWithSavedCard(bob)
      const aliceSees = (await alice.cards()).map((card) => card.id)
      const bobSees = (await bob.cards()).map((card) => card.id)
      const bobCart = await bob.cartReadyForPayment()
      const bobUsesAlices = await bob.startSession(bobCart.collectionId, { saved_card_id: aliceCard.id })
      const bobDeletesAlices = await bob.call("delete", `/store/customers/me/tbc-cards/${aliceCard.id}`)
      const guestLists = await guest.call("get", "/store/customers/me/tbc-cards")
      const guestDeletes = await guest.call("delete", `/store/customers/me/tbc-cards/${aliceCard.id}`)

      // 3. hostile requests through HTTP
      const fuzzStatuses: Record<string, number> = {}
      const problems: string[] = []
      let sent = 0
      const send = async (label: string, request: HostileRequest) => {
        // bodies go as JSON text: axios refuses to serialize bare numbers, and the bytes should be exact
        const json =
          request.data === undefined
            ? {}
            : { data: JSON.stringify(request.data), transformRequest: [(body: unknown) => body] }
        const headers = {
          ...(request.data === undefined ? {} : { "content-type": "application/json" }),
          ...request.headers,
        }
        const answer = await api.request({ ...request, ...json, headers, validateStatus: () => true })
        sent += 1
        fuzzStatuses[answer.status] = (fuzzStatuses[answer.status] ?? 0) + 1
        const body = typeof answer.data === "string" ? answer.data : JSON.stringify(answer.data ?? "")
        const leaks = leaksIn(body, [...SECRETS, aliceToken])
        if (answer.status >= 500 || leaks.length)
          problems.push(`${label} → ${answer.status} ${leaks.join(", ")} ${body.slice(0, 200)}`)
      }
      const storeHeaders = (token?: string) => ({
        "x-publishable-api-key": store.publishableKey,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      })
      const settings = { seed: SEED, numRuns: HTTP_RUNS }
      const query = fc.dictionary(
        fc.string({ maxLength: 12 }),
        fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)),
        { maxKeys: 4 }
      )
      const qs = (params: Record<string, string>) => new URLSearchParams(params).toString()
      const segment = fc.oneof(
        fc.string({ minLength: 1, maxLength: 60 }),
        fc.constantFrom(aliceCard.id, bobCard.id, "../settings", "%00", "tbccard_01")
      )
      const routes: [string, fc.Arbitrary<HostileRequest>][] = [
        [
          "DELETE /store/customers/me/tbc-cards/:id",
          segment.map((id) => ({
            method: "delete" as const,
            url: `/store/customers/me/tbc-cards/${encodeURIComponent(id)}`,
            headers: storeHeaders(aliceToken),
          })),
        ],
        [
          "GET /store/customers/me/tbc-cards",
          query.map((q) => ({
            method: "get" as const,
            url: `/store/customers/me/tbc-cards?${qs(q)}`,
            headers: storeHeaders(aliceToken),
          })),
        ],
        [
          "POST /store/payment-collections/:id/payment-sessions",
          fc.jsonValue().map((data) => ({
            method: "post" as const,
            url: `/store/payment-collections/${bobCart.collectionId}/payment-sessions`,
            data: { provider_id: TBC_CHECKOUT_PROVIDER_ID, data },
            headers: storeHeaders(),
          })),
        ],
        [
          "GET /store/tbc/orders/:id/payment",
          fc.tuple(segment, query).map(([id, q]) => ({
            method: "get" as const,
            url: `/store/tbc/orders/${encodeURIComponent(id)}/payment?${qs(q)}`,
            headers: storeHeaders(aliceToken),
          })),
        ],
        [
          "POST /hooks/payment/tbc-checkout_tbc",
          fc
            .tuple(fc.jsonValue(), query)
            .map(([data, q]) => ({ method: "post" as const, url: `/hooks/payment/tbc-checkout_tbc?${qs(q)}`, data })),
        ],
        [
          "GET /admin/tbc/orders/:id/payment",
          segment.map((id) => ({
            method: "get" as const,
            url: `/admin/tbc/orders/${encodeURIComponent(id)}/payment`,
            ...admin,
          })),
        ],
        [
          "GET /admin/tbc/callbacks",
          query.map((q) => ({ method: "get" as const, url: `/admin/tbc/callbacks?${qs(q)}`, ...admin })),
        ],
        [
          "GET /admin/tbc/installments/sync-runs",
          query.map((q) => ({ method: "get" as const, url: `/admin/tbc/installments/sync-runs?${qs(q)}`, ...admin })),
        ],
        [
          "GET /admin/tbc/installments/failed-changes",
          query.map((q) => ({
            method: "get" as const,
            url: `/admin/tbc/installments/failed-changes?${qs(q)}`,
            ...admin,
          })),
        ],
        [
          "GET /admin/tbc/saved-cards/recording-failures",
          query.map((q) => ({
            method: "get" as const,
            url: `/admin/tbc/saved-cards/recording-failures?${qs(q)}`,
            ...admin,
          })),
        ],
        [
          "POST /admin/tbc/installments/sync",
          fc
            .jsonValue()
            .map((data) => ({ method: "post" as const, url: "/admin/tbc/installments/sync", data, ...admin })),
        ],
        [
          "POST /admin/tbc/settings/check-connection",
          fc
            .jsonValue()
            .map((data) => ({ method: "post" as const, url: "/admin/tbc/settings/check-connection", data, ...admin })),
        ],
      ]
      const started = Date.now()
      for (const [label, arbitrary] of routes) {
        await fc.assert(
          fc.asyncProperty(arbitrary, (request) => send(label, request)),
          settings
        )
      }
      const fuzzMs = Date.now() - started
      // the guest's session-creation attempts above may have replaced Bob's session: nothing was paid
      const { data: orders } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "order", fields: ["id"] })

      console.log(
        `reliability: routes: ${refusals.length} non-admin calls to ${ADMIN_ROUTES.length} admin routes → ` +
          `${refusals.filter((r) => r.startsWith("401")).length} × 401 (admin: ${adminAnswers.map((a) => a.status).join("/")}); ` +
          `saved cards: Alice sees ${aliceSees.length} (hers), Bob sees ${bobSees.length} (his), Bob using/deleting Alice's → ` +
          `${bobUsesAlices.status}/${bobDeletesAlices.status}, guest listing/deleting → ${guestLists.status}/${guestDeletes.status}; ` +
          `${sent} generated requests to ${routes.length} routes (${HTTP_RUNS} each, ${Math.round(fuzzMs / sent)} ms per request) → ` +
          `${problems.length} 5xx or leaks, statuses ${JSON.stringify(fuzzStatuses)}`
      )
      expect(refusals.filter((r) => !r.startsWith("401"))).toEqual([])
      expect(adminAnswers.every((a) => a.status !== 401)).toBe(true)
      expect(aliceSees).toEqual([aliceCard.id])
      expect(bobSees).toEqual([bobCard.id])
      expect(bobUsesAlices.status).toBe(404)
      expect(bobDeletesAlices.status).toBe(404)
      expect(guestLists.status).toBe(401)
      expect(guestDeletes.status).toBe(401)
      expect(problems).toEqual([])
      // Alice deleted nothing of Bob's through the fuzzed ids: his card is still there
      expect((await bob.cards()).map((card) => card.id)).toEqual([bobCard.id])
      expect(orders).toHaveLength(2)
    })
  },
})
