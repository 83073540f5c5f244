/**
 * The provider's access to `tbc_payment` (src/modules/tbc/models/tbc-payment.ts): our record of
 * every bank payment the provider creates.
 *
 * Why raw SQL through the payment module's `__pg_connection__`, and not our module's service or a
 * route middleware: a provider lives in the payment module's container, which cannot resolve our
 * `tbc` module, but Medusa does hand every module container the app's PostgreSQL connection
 * (modules-sdk load-internal registers PG_CONNECTION for it). Writing here, inside
 * initiatePayment, is the only place that is both certain to run for every payment and early
 * enough: the row exists before Medusa returns the hosted-page link to the storefront, and if it
 * cannot be written initiatePayment fails, so the shopper never gets a link to a payment we do not
 * know about (a middleware after the route could only log, and misses sessions opened by other
 * routes or workflows). The connection is separate from the payment module's transaction: the
 * record stays even when Medusa rolls the session back, which is what we want (the payment exists
 * at the bank either way).
 *
 * Outside a Medusa app (provider unit tests) there is no connection and no record is kept.
 */
import { generateEntityId } from "@medusajs/framework/utils"
import type { PgConnection } from "../../app/pg-connection"

export type PaymentKind = "web" | "execution"

export interface PaymentSeed {
  provider_id: string
  pay_id: string | null
  payment_session_id: string
  /** integer tetri */
  amount: number
  currency: string
  kind: PaymentKind
  bank_status: string | null
}

/** The Medusa session a payment was made for, as it stands now. */
export interface PaymentLink {
  payment_session_id: string
  kind: PaymentKind
  /** the session still exists (not deleted) */
  session_alive: boolean
  /** the payIds the live session names (web payment and saved-card execution), if any */
  session_pay_ids: string[]
  /** a Medusa payment was made from the session (the money belongs to an order or its cart) */
  has_medusa_payment: boolean
  orphan_action: string | null
}

/** An earlier execution recorded for the session (or an uncertain one for its cart). */
export interface ExecutionRecord {
  id: string
  pay_id: string | null
  payment_session_id: string
  uncertain_at: Date | null
  resolved_at: Date | null
}

/** Stale "acting" claims (a process died mid-action) are taken over after this long. */
const CLAIM_STALE = "10 minutes"

/** Subqueries on the row `r` being written: its session's collection and that collection's cart. */
const COLLECTION_OF_SESSION = `select s.payment_collection_id from payment_session s where s.id = r.payment_session_id`
const CART_OF_SESSION = `select c.cart_id from payment_session s join cart_payment_collection c
  on c.payment_collection_id = s.payment_collection_id and c.deleted_at is null where s.id = r.payment_session_id limit 1`

const LINK_SQL = `
  select r.payment_session_id, r.kind, r.orphan_action,
    s.id is not null as session_alive,
    s.data->>'payId' as session_pay_id, s.data->>'saved_card_pay_id' as session_card_pay_id,
    exists (select 1 from payment p where p.payment_session_id = r.payment_session_id and p.deleted_at is null) as has_medusa_payment
  from tbc_payment r
  left join payment_session s on s.id = r.payment_session_id and s.deleted_at is null
  where r.pay_id = ? and r.deleted_at is null
  limit 1`

function toLink(row: Record<string, unknown> | undefined): PaymentLink | undefined {
  if (!row) return undefined
  return {
    payment_session_id: String(row.payment_session_id),
    kind: row.kind === "execution" ? "execution" : "web",
    session_alive: row.session_alive === true,
    session_pay_ids: [row.session_pay_id, row.session_card_pay_id].filter(
      (v): v is string => typeof v === "string" && v !== ""
    ),
    has_medusa_payment: row.has_medusa_payment === true,
    orphan_action: typeof row.orphan_action === "string" ? row.orphan_action : null,
  }
}

/** Error text for the record: short, one line, no request data (bank errors carry none). */
export const recordError = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 500)

export class PaymentRecords {
  constructor(private readonly pg: PgConnection) {}

  /**
   * Records a payment the provider just created (or re-reads: a reused payId only refreshes its
   * status). Throws when the row cannot be written: the caller must not hand out the payment.
   */
  async recordCreated(seed: PaymentSeed): Promise<void> {
    await this.pg.raw(
      `insert into tbc_payment (id, provider_id, pay_id, payment_session_id, amount, currency, kind, bank_status, bank_status_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (pay_id) do update set bank_status = excluded.bank_status, bank_status_at = now(), updated_at = now()`,
      [
        generateEntityId(undefined, "tbcpay"),
        seed.provider_id,
        seed.pay_id,
        seed.payment_session_id,
        seed.amount,
        seed.currency,
        seed.kind,
        seed.bank_status,
      ]
    )
  }

  /** The bank's status at a read; also copies the session's collection and cart while it exists. */
  async noteBankStatus(payId: string, status: string): Promise<void> {
    await this.pg.raw(
      `update tbc_payment r set bank_status = ?, bank_status_at = now(), updated_at = now(),
         payment_collection_id = coalesce(r.payment_collection_id, (${COLLECTION_OF_SESSION})),
         cart_id = coalesce(r.cart_id, (${CART_OF_SESSION}))
       where r.pay_id = ?`,
      [status, payId]
    )
  }

  /** payId → its session and whether that session (or a Medusa payment made from it) still exists. */
  async linkOf(payId: string): Promise<PaymentLink | undefined> {
    const { rows } = await this.pg.raw(LINK_SQL, [payId])
    return toLink(rows[0])
  }

  /** Whether a Medusa payment session exists (not deleted). */
  async sessionAlive(sessionId: string): Promise<boolean> {
    const { rows } = await this.pg.raw(`select 1 from payment_session where id = ? and deleted_at is null limit 1`, [
      sessionId,
    ])
    return rows.length > 0
  }

  /** Medusa is deleting the payment's session (deletePayment runs before the row goes). */
  async markSessionGone(payId: string): Promise<void> {
    // the last moment the session row exists (Medusa deletes it for good): keep its collection and cart
    await this.pg.raw(
      `update tbc_payment r set session_gone_at = coalesce(r.session_gone_at, now()), updated_at = now(),
         payment_collection_id = coalesce(r.payment_collection_id, (${COLLECTION_OF_SESSION})),
         cart_id = coalesce(r.cart_id, (${CART_OF_SESSION}))
       where r.pay_id = ?`,
      [payId]
    )
  }

  /**
   * Takes the right to act on an orphan, so two processes (callback, timer, sweep) never act at
   * once; true when taken. A finished action is never taken again: acting twice cannot refund twice.
   */
  async claimOrphan(payId: string): Promise<boolean> {
    const { rows } = await this.pg.raw(
      `update tbc_payment set orphan_action = 'acting', orphan_action_at = now(), updated_at = now()
       where pay_id = ? and (orphan_action is null or orphan_action = 'failed'
         or (orphan_action = 'acting' and orphan_action_at < now() - interval '${CLAIM_STALE}'))
       returning id`,
      [payId]
    )
    return rows.length > 0
  }

  /** Gives a claim back without an action (nothing at the bank yet, e.g. still Created). */
  async releaseOrphanClaim(payId: string): Promise<void> {
    await this.pg.raw(
      `update tbc_payment set orphan_action = null, orphan_action_at = null where pay_id = ? and orphan_action = 'acting'`,
      [payId]
    )
  }

  async recordOrphanAction(
    payId: string,
    action: string,
    amountMinor: number | null,
    error: string | null
  ): Promise<void> {
    await this.pg.raw(
      `update tbc_payment set orphan_action = ?, orphan_action_at = now(), orphan_amount = ?, orphan_error = ?,
         session_gone_at = coalesce(session_gone_at, now()), updated_at = now() where pay_id = ?`,
      [action, amountMinor, error, payId]
    )
  }

  /**
   * payIds of this provider whose session is gone (for at least `graceSeconds`), with no Medusa
   * payment made from it and no finished orphan action, while the bank may still hold money: what
   * the reconcile job's sweep hands to settleOrphan (the late case: deleted while the shopper was
   * on the bank's page, paid afterwards, callback lost). Oldest first, at most `limit`.
   */
  async orphanCandidates(providerId: string, graceSeconds: number, limit: number): Promise<string[]> {
    const { rows } = await this.pg.raw(
      `select r.pay_id from tbc_payment r
       where r.provider_id = ? and r.pay_id is not null and r.deleted_at is null
         and (r.orphan_action is null or r.orphan_action = 'failed'
           or (r.orphan_action = 'acting' and r.orphan_action_at < now() - interval '${CLAIM_STALE}'))
         and coalesce(r.bank_status, '') not in ('Failed', 'Expired', 'Returned')
         and (r.session_gone_at is not null or r.created_at > now() - interval '2 days')
         and (r.session_gone_at is null or r.session_gone_at < now() - (? * interval '1 second'))
         and not exists (select 1 from payment_session s where s.id = r.payment_session_id and s.deleted_at is null)
         and not exists (select 1 from payment p where p.payment_session_id = r.payment_session_id and p.deleted_at is null)
       order by r.created_at limit ?`,
      [providerId, graceSeconds, limit]
    )
    return rows.map((row) => String(row.pay_id))
  }

  /**
   * The execution already recorded for this session, or an unresolved uncertain execution of the
   * same cart (a new session on the cart must not charge again either).
   */
  async earlierExecution(sessionId: string): Promise<ExecutionRecord | undefined> {
    const { rows } = await this.pg.raw(
      `select id, pay_id, payment_session_id, uncertain_at, resolved_at from tbc_payment
       where kind = 'execution' and deleted_at is null and (payment_session_id = ?
         or (uncertain_at is not null and resolved_at is null and cart_id is not null and cart_id = (
           select c.cart_id from payment_session s join cart_payment_collection c
             on c.payment_collection_id = s.payment_collection_id and c.deleted_at is null where s.id = ? limit 1)))
       order by (payment_session_id = ?) desc, created_at desc limit 1`,
      [sessionId, sessionId, sessionId]
    )
    return rows[0] as unknown as ExecutionRecord | undefined
  }

  /** Before an execution is sent: the row that says "sent for this session", with its cart. */
  async recordExecutionSending(seed: Omit<PaymentSeed, "pay_id" | "kind" | "bank_status">): Promise<string> {
    const id = generateEntityId(undefined, "tbcpay")
    await this.pg.raw(
      `insert into tbc_payment (id, provider_id, pay_id, payment_session_id, payment_collection_id, cart_id, amount, currency, kind)
       select ?, ?, null, r.payment_session_id, (${COLLECTION_OF_SESSION}), (${CART_OF_SESSION}), ?, ?, 'execution'
       from (select ?::text as payment_session_id) r`,
      [id, seed.provider_id, seed.amount, seed.currency, seed.payment_session_id]
    )
    return id
  }

  async recordExecutionAnswer(id: string, payId: string, status: string): Promise<void> {
    await this.pg.raw(
      `update tbc_payment set pay_id = ?, bank_status = ?, bank_status_at = now(),
         resolved_at = case when uncertain_at is null then resolved_at else now() end, updated_at = now() where id = ?`,
      [payId, status, id]
    )
  }

  /**
   * An uncertain execution of `sessionId` (sent, no readable answer) gets the payId a genuine
   * callback named, when the bank's details of that payId report this session as
   * merchantPaymentId: the uncertainty is then settled by reading the bank. True when attached.
   */
  async attachUncertainExecution(sessionId: string, payId: string): Promise<boolean> {
    const { rows } = await this.pg.raw(
      `update tbc_payment set pay_id = ?, resolved_at = now(), updated_at = now()
       where id = (select id from tbc_payment where kind = 'execution' and pay_id is null and deleted_at is null
                   and payment_session_id = ? order by created_at desc limit 1)
       returning id`,
      [payId, sessionId]
    )
    return rows.length > 0
  }

  async recordExecutionUncertain(id: string, reason: string): Promise<void> {
    await this.pg.raw(
      `update tbc_payment set uncertain_at = now(), uncertain_reason = ?, updated_at = now() where id = ?`,
      [reason, id]
    )
  }
}

/** The records of a provider's cradle: undefined outside a Medusa app (no PG connection). */
export function paymentRecordsFrom(cradle: Record<string, unknown>): PaymentRecords | undefined {
  try {
    const pg = cradle.__pg_connection__ as PgConnection | undefined
    return pg && typeof pg.raw === "function" ? new PaymentRecords(pg) : undefined
  } catch {
    return undefined
  }
}
