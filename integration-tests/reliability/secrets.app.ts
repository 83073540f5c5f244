/**
 * Secrets never leave the app: a whole checkout, a refund and failure paths (declined card, bank
 * 503, a bank timeout, revoked tokens, an installments session, the admin settings and
 * check-connection routes) run with the logger at debug level while every byte the process writes
 * (stdout, stderr, console, the app logger), every HTTP answer and every `payment_sessions.data`
 * the Store API shows is captured. None may contain the api key, client secret, installment
 * secret or any access token the bank issued (every token the sandbox handed out since the
 * group's start, as the bank itself records them: ISSUED_ACCESS_TOKENS in reliability-app.ts).
 * Runs in the reliability group (reliability-app.spec.ts), on its app (its 2-second bank timeout
 * keeps the injected timeouts short); the logger is at debug level for this test only.
 */
import { testDbName } from "../utils/db-name"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { waitForAppIdle } from "../utils/app-idle"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { seedStore, TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID } from "../utils/seed-store"
import { StoreCheckout } from "../utils/checkout-store"
import { payIdOf, SandboxBankControl } from "../utils/checkout-bank"
import { createAdminRequestConfig } from "../utils/checkout-admin"
import { onlyPayment, readOrder } from "../utils/checkout-orders"
import { ISSUED_ACCESS_TOKENS, useReliabilityApp } from "./support/reliability-app"

jest.setTimeout(240_000)

const SECRETS = {
  apiKey: "sandbox-apikey",
  clientSecret: "sandbox-client-secret",
  installmentSecret: "sandbox-inst-secret",
}

const app = useReliabilityApp()
const bank = new SandboxBankControl(() => app.sandboxUrl)

/** Tees everything written to stdout/stderr and the console into `sink` until the returned undo. */
function captureOutput(sink: string[]): () => void {
  const undo: (() => void)[] = []
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream)
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      sink.push(String(chunk))
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write
    undo.push(() => (stream.write = write))
  }
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method]
    console[method] = (...args: unknown[]) => {
      sink.push(
        args
          .map((a) =>
            a instanceof Error
              ? `${a.message} ${a.stack} ${JSON.stringify(a)}`
              : typeof a === "string"
                ? a
                : JSON.stringify(a)
          )
          .join(" ")
      )
      original.apply(console, args)
    }
    undo.push(() => (console[method] = original))
  }
  return () => undo.forEach((fn) => fn())
}

medusaIntegrationTestRunner({
  inApp: true,
  dbName: testDbName("tbc-rel-secrets"),
  testSuite: ({ api, getContainer }) => {
    it("a checkout, a refund and failure paths at debug level leak no secret and no access token", async () => {
      const container = getContainer()
      const tokensBefore = ISSUED_ACCESS_TOKENS.size
      const output: string[] = []
      const answers: string[] = []
      const stopCapture = captureOutput(output)
      const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as unknown as Record<string, unknown>
      // every record the app's winston logger emits, whichever console or stream it is printed to
      const winston = logger.loggerInstance_ as
        | {
            level?: string
            on?(event: "data", fn: (info: unknown) => void): void
            off?(event: "data", fn: (info: unknown) => void): void
          }
        | undefined
      const setLogLevel = (level: string) =>
        (logger.setLogLevel as ((level: string) => void) | undefined)?.call(logger, level)
      const levelBefore = winston?.level
      setLogLevel("debug")
      // the app's level back for the group's next spec files
      const restoreLogger: (() => void)[] = [() => levelBefore && setLogLevel(levelBefore)]
      for (const method of [
        "debug",
        "info",
        "warn",
        "error",
        "log",
        "activity",
        "progress",
        "success",
        "failure",
        "panic",
      ]) {
        const original = logger[method]
        if (typeof original !== "function") continue
        logger[method] = (...args: unknown[]) => {
          output.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(" "))
          return original.apply(logger, args)
        }
        restoreLogger.push(() => (logger[method] = original))
      }
      const onRecord = (info: unknown) => void output.push(JSON.stringify(info))
      winston?.on?.("data", onRecord)
      restoreLogger.push(() => winston?.off?.("data", onRecord))
      const keep = api.interceptors.response.use(
        (response: { data?: unknown }) => {
          answers.push(JSON.stringify(response.data ?? null))
          return response
        },
        (error: { response?: { data?: unknown }; message?: string }) => {
          answers.push(JSON.stringify(error?.response?.data ?? null), String(error?.message))
          return Promise.reject(error)
        }
      )
      const sessionsSeen: string[] = []
      let payId: string
      try {
        const store = await seedStore(container, {
          paymentProviderIds: [TBC_CHECKOUT_PROVIDER_ID, TBC_INSTALLMENTS_PROVIDER_ID],
        })
        const shop = new StoreCheckout(api, store)
        const admin = await createAdminRequestConfig(container, api)
        const seeSessions = async (cartId: string) => sessionsSeen.push(JSON.stringify(await shop.sessionsOf(cartId)))

        // 1. a paid checkout and a partial refund
        const paid = await shop.createCartReadyForPayment([1, 0], "paid@rel.ge")
        payId = payIdOf((await shop.startPaymentSession(paid.cartId)).session)
        await seeSessions(paid.cartId)
        await bank.pay(payId, "success")
        const placed = await shop.completeCart(paid.cartId)
        expect(placed.type).toBe("order")
        const paymentId = onlyPayment(await readOrder(container, placed.order!.id)).id
        expect((await api.post(`/admin/payments/${paymentId}/refund`, { amount: 10 }, admin)).status).toBe(200)

        // 2. a declined card: completion refused with the bank's reason
        const declined = await shop.createCartReadyForPayment([0, 1], "declined@rel.ge")
        const declinedPayId = payIdOf((await shop.startPaymentSession(declined.cartId)).session)
        await bank.pay(declinedPayId, "decline")
        expect((await shop.completeCart(declined.cartId)).type).toBe("cart")
        await seeSessions(declined.cartId)

        // 3. the bank failing: 503 on create, a timeout on the status read, tokens revoked mid-flight
        const failing = await shop.createCartReadyForPayment([2, 0], "failing@rel.ge")
        await bank.setFaults({ failNext: { count: 1, status: 503, path: "POST /v1/tpay/payments" } })
        await expect(shop.startPaymentSession(failing.cartId)).rejects.toBeDefined()
        await bank.setFaults({ revokeTokens: true })
        const failingPayId = payIdOf((await shop.startPaymentSession(failing.cartId)).session)
        await bank.dropCallbacks(failingPayId) // so only the shopper's return can complete it (and fail)
        await bank.pay(failingPayId, "success")
        await bank.setFaults({ timeoutNext: { count: 3, path: `GET /v1/tpay/payments/${failingPayId}` } })
        // refused (the bank could not be read): an error answer, whatever its words, and no order
        expect((await shop.completeCart(failing.cartId)).type).not.toBe("order")
        await bank.setFaults({ reset: true })
        await seeSessions(failing.cartId)

        // 4. installments (OAuth token) and the admin routes that show or use the credentials
        const installment = await shop.createCartReadyForPayment([0, 1], "inst@rel.ge")
        await shop
          .startPaymentSession(installment.cartId, { providerId: TBC_INSTALLMENTS_PROVIDER_ID })
          .catch(() => undefined)
        await seeSessions(installment.cartId)
        for (const request of [
          () => api.get("/admin/tbc/settings", admin),
          () => api.post("/admin/tbc/settings/check-connection", {}, admin),
          () => api.post("/admin/tbc/settings/check-connection", { provider_id: TBC_INSTALLMENTS_PROVIDER_ID }, admin),
          () => api.get(`/admin/tbc/orders/${placed.order!.id}/payment`, admin),
          () => api.get("/admin/tbc/callbacks", admin),
        ]) {
          await request().catch(() => undefined)
        }
        await waitForAppIdle(container) // callbacks processed, their logs written
      } finally {
        api.interceptors.response.eject(keep)
        restoreLogger.forEach((fn) => fn())
        stopCapture()
      }

      // all the bank issued, this group's earlier spec files included (the app may still hold one of theirs)
      const tokens = [...ISSUED_ACCESS_TOKENS]
      const tokensOfThisTest = tokens.length - tokensBefore
      const haystacks = {
        output: output.join("\n"),
        "HTTP answers": answers.join("\n"),
        "payment_sessions.data": sessionsSeen.join("\n"),
      }
      const needles = { ...SECRETS, ...Object.fromEntries(tokens.map((token, i) => [`access token ${i + 1}`, token])) }
      const found: string[] = []
      for (const [where, text] of Object.entries(haystacks)) {
        for (const [what, secret] of Object.entries(needles))
          if (text.includes(secret)) found.push(`${what} in ${where}`)
      }
      const debugLines = output.filter((line) => /"level":"debug"/.test(line)).length
      console.log(
        `reliability: secrets: ${output.length} output writes (${debugLines} at debug), ${answers.length} HTTP answers, ` +
          `${sessionsSeen.length} session listings searched for 3 secrets and ${tokens.length} access tokens ` +
          `(${tokensOfThisTest} issued during this test) → ${found.length} found`
      )
      // the capture really saw the flows (so "nothing found" means something)
      expect(tokensOfThisTest).toBeGreaterThanOrEqual(2)
      expect(haystacks["payment_sessions.data"]).toContain(payId)
      expect(haystacks.output.length).toBeGreaterThan(1000)
      expect(debugLines).toBeGreaterThan(0) // the logger really ran at debug level
      expect(found).toEqual([])
    })
  },
})
