/**
 * The figures of the simulated day, read after it: job runs and overlaps (from the instances'
 * recorded job bodies), orders and money stranded (database against the sandbox bank's payments).
 */
import { Client } from "pg"
import type { BodyInterval } from "./sim-instance"
import { JOBS } from "./sim-day-plan"

export interface JobFigures {
  job: string
  fired: number
  executed: number
  skipped: number
  failed: number
  overlaps: number
  locked: boolean
}

/** Pairs of bodies of one job (either instance) whose real-time intervals intersect. */
export function overlapsOf(bodies: BodyInterval[]): number {
  const sorted = [...bodies].sort((x, y) => x.start - y.start)
  let overlaps = 0
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].start < sorted[i].end; j++) overlaps++
  }
  return overlaps
}

export function jobFigures(
  fired: Record<string, number>,
  failed: Record<string, number>,
  bodies: BodyInterval[]
): JobFigures[] {
  return Object.entries(JOBS).map(([job, { lockKey }]) => {
    const own = bodies.filter((b) => (lockKey ? lockKey.test(b.key) : b.key === `run:${job}`))
    return {
      job,
      fired: fired[job] ?? 0,
      executed: own.length,
      skipped: (fired[job] ?? 0) - own.length,
      failed: failed[job] ?? 0,
      overlaps: overlapsOf(own),
      locked: lockKey !== undefined,
    }
  })
}

/** Bank statuses in which the bank holds or took the shopper's money. */
const MONEY_AT_BANK = new Set(["Succeeded", "WaitingConfirm", "PartialReturned"])

export interface BankPayment {
  payId: string
  status: string
}

export interface MoneyFigures {
  orders: number
  bankStatuses: Record<string, number>
  /** held or taken at the bank, no order in Medusa for it */
  stranded: string[]
}

export async function moneyFigures(databaseUrl: string, payments: BankPayment[]): Promise<MoneyFigures> {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const orders = Number((await client.query(`select count(*) as n from "order" where deleted_at is null`)).rows[0].n)
    const atBank = payments.filter((p) => MONEY_AT_BANK.has(p.status)).map((p) => p.payId)
    // an order made from the cart whose payment session carries the bank's payId
    const { rows } = await client.query<{ pay_id: string }>(
      `select distinct s.data->>'payId' as pay_id from payment_session s
       join cart_payment_collection cpc on cpc.payment_collection_id = s.payment_collection_id and cpc.deleted_at is null
       join order_cart oc on oc.cart_id = cpc.cart_id and oc.deleted_at is null
       join "order" o on o.id = oc.order_id and o.deleted_at is null
       where s.data->>'payId' = any($1::text[])`,
      [atBank]
    )
    const withOrder = new Set(rows.map((r) => r.pay_id))
    const bankStatuses: Record<string, number> = {}
    for (const p of payments) bankStatuses[p.status] = (bankStatuses[p.status] ?? 0) + 1
    return { orders, bankStatuses, stranded: atBank.filter((payId) => !withOrder.has(payId)) }
  } finally {
    await client.end()
  }
}
