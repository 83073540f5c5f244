/**
 * Run inside a booted Medusa app by `medusa exec` (bench/bank-clients.bench.ts starts it), against
 * the sandbox the app's TBC_ENVIRONMENT names: opens BENCH_PENDING checkout sessions through the
 * payment module (the tbc-checkout provider starts each at the bank), makes one order paid by TBC,
 * then asks the bank the way the app does and counts the token requests of each part (the
 * sandbox's own counter): BENCH_VIEWS order-widget views (the route handler GET
 * /admin/tbc/orders/:id/payment itself) and one run of the lost-callback reconcile workflow.
 * Prints one line `BENCH_RESULT {...}`.
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { GET as orderPaymentView } from "../../src/api/admin/tbc/orders/[id]/payment/route"
import { reconcilePendingPaymentsWorkflow } from "../../src/workflows/reconcile"

const PROVIDER_ID = "pp_tbc-checkout_tbc"
const PENDING = Number(process.env.BENCH_PENDING ?? 200)
const VIEWS = Number(process.env.BENCH_VIEWS ?? 100)
const TOKENS = "POST /v1/tpay/access-token"

async function sandbox(path: string, body?: unknown): Promise<Record<string, any>> {
  const res = await fetch(`${process.env.TBC_ENVIRONMENT}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`sandbox ${path}: ${res.status}`)
  return (await res.json()) as Record<string, any>
}

const tokens = async (): Promise<number> => (await sandbox("/_sandbox/state")).calls[TOKENS] ?? 0

export default async function benchBankClients({ container }: ExecArgs): Promise<void> {
  const payments = container.resolve(Modules.PAYMENT)
  const openSession = async (amount: number) => {
    const collection = await payments.createPaymentCollections({ currency_code: "gel", amount })
    const session = await payments.createPaymentSession(collection.id, {
      provider_id: PROVIDER_ID,
      currency_code: "gel",
      amount,
      data: {},
    })
    return { collection, session }
  }
  const t0 = await tokens()
  for (let i = 0; i < PENDING; i++) await openSession(10 + i)
  // one order paid by TBC: a session paid at the bank, authorized, its collection linked to an order
  const { collection, session } = await openSession(25)
  await sandbox(`/_sandbox/payments/${String(session.data?.payId)}/pay`, { method: 5, outcome: "success" })
  await payments.authorizePaymentSession(session.id, {})
  const [order] = await container
    .resolve(Modules.ORDER)
    .createOrders([{ currency_code: "gel", email: "bench@example.ge" }])
  await container.resolve(ContainerRegistrationKeys.LINK).create({
    [Modules.ORDER]: { order_id: order.id },
    [Modules.PAYMENT]: { payment_collection_id: collection.id },
  })
  const t1 = await tokens()

  // every token the bank issued so far is forgotten: each part below starts cold
  await sandbox("/_sandbox/faults", { revokeTokens: true })
  let errors = 0
  for (let i = 0; i < VIEWS; i++) {
    let body: any
    const req = { params: { id: order.id }, scope: container } as unknown as MedusaRequest
    const res = { json: (b: unknown) => (body = b) } as unknown as MedusaResponse
    await orderPaymentView(req, res)
    if (body?.payment?.bank_error || !body?.payment?.checkout) errors++
  }
  const t2 = await tokens()
  const { result } = await reconcilePendingPaymentsWorkflow(container).run({
    input: { now: new Date(Date.now() + 20 * 60_000).toISOString() },
  })
  const t3 = await tokens()
  const line = {
    pending: PENDING,
    views: VIEWS,
    viewErrors: errors,
    reconciled: result.length,
    stillOpen: result.filter((r) => r.outcome === "still_open").length,
    tokensCheckouts: t1 - t0,
    tokensViews: t2 - t1,
    tokensReconcile: t3 - t2,
  }
  process.stdout.write(`BENCH_RESULT ${JSON.stringify(line)}\n`)
}
