import { model } from "@medusajs/framework/utils"
import { COMPLETION_FAILURE_CLASSES } from "../../../lib/ledger/facets"
import {
  CHARGE_KINDS,
  CHARGE_STATES,
  OPERATION_KINDS,
  OPERATION_STATES,
  type LedgerKind,
} from "../../../lib/ledger/states"

/** Kinds of ledger entry: the charges and the operations on them (src/lib/ledger/states.ts). */
export const TBC_PAYMENT_KINDS = [...CHARGE_KINDS, ...OPERATION_KINDS] as const
export type TbcPaymentKind = LedgerKind

/** What the plugin did about a payment whose Medusa session disappeared while money was at the bank. */
export const ORPHAN_ACTIONS = ["cancelled", "refunded", "notified", "failed"] as const
export type OrphanAction = (typeof ORPHAN_ACTIONS)[number]

/**
 * THE MONEY LEDGER: one row per money movement the plugin asks of the bank — a charge (web payment,
 * saved-card execution, installment application) or an operation on one (completion, cancel,
 * refund; `parent_id` names the charge). Written BEFORE the bank call, in state `sending`, and
 * moved only by an answer read from the bank or an audited admin action (src/lib/ledger/states.ts;
 * every move is kept in tbc_ledger_event with who or what moved it). Every guard, job and admin
 * view decides from this table (src/lib/ledger/guards.ts), never from Medusa's session data.
 * payId → the Medusa session, collection and cart it was made for. It outlives Medusa's payment
 * session, which Medusa deletes when the cart total changes or a new session is opened, so:
 * - a callback on the plain URL (no signed query) finds its session by payId (one indexed read);
 * - money held or taken for a session that is gone is found and released (orphan policy);
 * - a saved-card execution whose answer was unreadable is never sent a second time.
 * Amounts are integer tetri (minor units). Text columns with check constraints on `kind`, `state` and
 * the completion failure's class (a new value is a one-line migration; no enum type to alter).
 */

/**
 * `column = any (array['a', 'b'])`: our own constants, never input; written as PostgreSQL prints
 * the constraint back, so the schema diff (db:generate, the module test) sees no change.
 */
const oneOf = (column: string, values: readonly string[]) =>
  `${column} = any (array[${values.map((v) => `'${v}'`).join(", ")}])`
/** Charges (CHARGE_KINDS), as the ledger's reads of a cart's or collection's charges name them. */
const CHARGES = "kind in ('web', 'execution', 'installment')"
/**
 * What may still need the plugin or an admin: a call not settled, a hold, a charge no order owns,
 * an operation whose Medusa record or returned excess is still to come. Each job's and the
 * attention list's WHERE implies it, so PostgreSQL can read them from IDX_tbc_payment_unresolved.
 */
export const UNRESOLVED_ENTRIES =
  "(state in ('sending', 'uncertain', 'created', 'processing', 'held')" +
  ` or (${CHARGES} and order_id is null)` +
  " or (state = 'done' and medusa_recorded_at is null and (made_at_bank or capture_asked is not null))" +
  " or (state = 'done' and kind = 'completion' and capture_asked is not null and excess_returned_at is null))"
const TbcPayment = model
  .define(
    { name: "TbcPayment", tableName: "tbc_payment" },
    {
      id: model.id({ prefix: "tbcpay" }).primaryKey(),
      provider_id: model.text(),
      /** The bank's payId; null while a charge has no answer naming it, and on operations. */
      pay_id: model.text().nullable(),
      /** one of CHARGE_STATES / OPERATION_STATES (src/lib/ledger/states.ts) */
      state: model.text().default("sending"),
      /** when the state last moved, and who or what moved it ("bank:callback", "job:reconcile", "admin:<user>") */
      state_at: model.dateTime().nullable(),
      state_by: model.text().nullable(),
      /** why it is in that state, for the admin (never a secret) */
      state_reason: model.text().nullable(),
      /** the charge an operation (completion, cancel, refund) acts on */
      parent_id: model.text().nullable(),
      /** what we sent the bank as merchantPaymentId (the Medusa session id) */
      merchant_payment_id: model.text().nullable(),
      /** the card's mask when the bank named one (saved card or the bank's answer) */
      card_mask: model.text().nullable(),
      /** What the bank's answers said happened (src/lib/payment-facts.ts): the method the shopper used, */
      payment_method: model.number().nullable(),
      /** the card network's reference (rrn), the bank's transactionId, an approval code when named, */
      rrn: model.text().nullable(),
      transaction_id: model.text().nullable(),
      approval_code: model.text().nullable(),
      /** and the processor's resultCode (why a card payment was declined) */
      result_code: model.text().nullable(),
      /**
       * An operation's baseline: what the bank showed for the charge just before the operation's
       * call (status; returned by refunds and completed, in tetri). A re-check judges the operation
       * by what changed since (src/lib/ledger/admin-actions.ts); null on charges and older entries.
       */
      baseline_status: model.text().nullable(),
      baseline_returned: model.number().nullable(),
      baseline_confirmed: model.number().nullable(),
      /**
       * An operation the bank made by itself (a refund or cancel in TBC's merchant dashboard),
       * opened `done` by the bank's read (src/lib/ledger/bank-returns.ts); its baseline_returned is
       * what the ledger showed returned before it (one such entry per charge and baseline).
       */
      made_at_bank: model.boolean().default(false),
      /** the Medusa record (refund, capture, payment) that shows what the bank did by itself, and when */
      medusa_record: model.text().nullable(),
      medusa_recorded_at: model.dateTime().nullable(),
      /** a completion: what Medusa's own capture route recorded when the bank took more (tetri) */
      capture_asked: model.number().nullable(),
      /** when refunds returned that excess to the customer (the entry leaves the attention list) */
      excess_returned_at: model.dateTime().nullable(),
      /** the order whose money this is, once one was placed from it */
      order_id: model.text().nullable(),
      /** when our authorizePayment told Medusa the money is there (a Medusa payment is made from it) */
      authorized_at: model.dateTime().nullable(),
      /** a cart completion from this charge failed: when, why, and whether it can succeed later */
      completion_failed_at: model.dateTime().nullable(),
      completion_failure: model.text().nullable(),
      /** set when the failure was permanent (sold out, cart invalid): the orphan policy may act after a grace */
      completion_refused_at: model.dateTime().nullable(),
      /** how many cart completions from this charge failed (listed for the admin after a few), and the last one's class */
      completion_failures: model.number().default(0),
      completion_failure_class: model.text().nullable(),
      /** a bank read (or a named payId) contradicted a refusal, e.g. an admin's "not charged" */
      reopened_at: model.dateTime().nullable(),
      /** bumped by every move (LedgerStore.apply): the compare-and-set's version of the entry */
      revision: model.number().default(0),
      payment_session_id: model.text().index("IDX_tbc_payment_payment_session_id"),
      payment_collection_id: model.text().nullable(),
      cart_id: model.text().nullable(),
      /** integer tetri (minor units) */
      amount: model.number(),
      currency: model.text(),
      /** one of TBC_PAYMENT_KINDS */
      kind: model.text(),
      /** the bank's status at our last read, and when we read it */
      bank_status: model.text().nullable(),
      bank_status_at: model.dateTime().nullable(),
      /** when we learnt that the Medusa session is gone (deletePayment, a callback or the sweep) */
      session_gone_at: model.dateTime().nullable(),
      /** one of ORPHAN_ACTIONS, once the orphan policy acted; "failed" is retried by the sweep */
      orphan_action: model.text().nullable(),
      orphan_action_at: model.dateTime().nullable(),
      /** in tetri: what was released or returned */
      orphan_amount: model.number().nullable(),
      /** why an action failed or what the admin must check (never a secret) */
      orphan_error: model.text().nullable(),
    }
  )
  .indexes([
    { name: "IDX_tbc_payment_pay_id_unique", on: ["pay_id"], unique: true, where: null },
    // Each index serves a query of the ledger (src/modules/tbc/ledger), checked with EXPLAIN, and is
    // partial where its query allows: a write that is not a HOT update adds an entry to every index
    // whose predicate the row meets (BENCHMARKS.md row 2d). No index on order_id or state alone:
    // no query looks an entry up by either.
    // a refund's read of the charge's operations, openOperationOf
    { name: "IDX_tbc_payment_operations_of", on: ["parent_id"], where: "parent_id is not null" },
    // chargesOfCart, chargesOfCollections (the store's own charges of an order's balance)
    { name: "IDX_tbc_payment_charges_of_cart", on: ["cart_id"], where: CHARGES },
    { name: "IDX_tbc_payment_charges_of_collection", on: ["payment_collection_id"], where: CHARGES },
    // the jobs' and the attention list's reads (attentionCandidates, orphanCandidates,
    // lostCallbackCandidates, heldPreauthPage, awaitingMedusaRecord): what may be unresolved, a
    // small share of the table; an entry leaves it when it settles (an order owns the charge, an
    // operation is done and recorded)
    { name: "IDX_tbc_payment_unresolved", on: ["created_at", "id"], where: UNRESOLVED_ENTRIES },
    // one open operation per charge: the ledger's compare-and-set for money operations (ledger-store.ts)
    {
      name: "IDX_tbc_payment_one_open_operation",
      on: ["parent_id"],
      unique: true,
      where: "state = 'sending' and kind in ('completion', 'cancel', 'refund') and deleted_at is null",
    },
    // a return made at the bank is recorded once, whoever reads it first (src/lib/ledger/bank-returns.ts)
    {
      name: "IDX_tbc_payment_one_bank_return",
      on: ["parent_id", "baseline_returned"],
      unique: true,
      where: "made_at_bank = true and deleted_at is null",
    },
  ])
  .checks([
    // one check for both columns: a single-column `= any (array[…])` check reads back as an enum
    // to the schema diff, which then wants to alter the column on every db:generate
    {
      name: "tbc_payment_kind_state_check",
      expression:
        `(${oneOf("kind", CHARGE_KINDS)} and ${oneOf("state", CHARGE_STATES)}) or ` +
        `(${oneOf("kind", OPERATION_KINDS)} and ${oneOf("state", OPERATION_STATES)})`,
    },
    {
      name: "tbc_payment_completion_failure_class_check",
      expression: `completion_failure_class is null or ${oneOf("completion_failure_class", COMPLETION_FAILURE_CLASSES)}`,
    },
  ])

export default TbcPayment
