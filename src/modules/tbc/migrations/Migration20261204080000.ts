import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The plugin's whole schema in one migration: its tables as the models in ../models define them,
 * with the ledger's check constraints (an entry's kind and state, a completion failure's class) and
 * its partial unique indexes (one live charge per payment session, one open operation per charge).
 * 0.1.0 was never published, so the migrations of its development are folded into this one. Every
 * statement is "if not exists", and it carries the name of the newest of them, so a development
 * database in any earlier state (one that ran the first fold, 20261127160000, only, or with the
 * consent columns of 20261201220000, or the whole schema of 20261203094500 without the payment
 * links' table of the later 20261204080000) runs it once more and gains just what it lacks, and one
 * that ran them all is left as it is. The statements after the tables add the columns that came
 * after the first fold to a table such a database already has (on an empty database they follow its
 * creation); the payment links' table, the newest, comes last.
 */
export class Migration20261204080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "tbc_callback_log" (
      id text NOT NULL,
      provider_id text NOT NULL,
      pay_id text,
      source_ip text,
      result text NOT NULL,
      bank_status text,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      count integer DEFAULT 1 NOT NULL,
      window_start timestamp with time zone,
      constraint "tbc_callback_log_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_card_addition" (
      id text NOT NULL,
      provider_id text NOT NULL,
      customer_id text NOT NULL,
      pay_id text NOT NULL,
      status text DEFAULT 'started'::text NOT NULL,
      bank_status text,
      settled_at timestamp with time zone,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_card_addition_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_installment_application" (
      id text NOT NULL,
      bank_session_id text NOT NULL,
      payment_session_id text NOT NULL,
      payment_collection_id text,
      cart_id text,
      order_id text,
      status_id integer NOT NULL,
      status_description text,
      amount numeric NOT NULL,
      contribution_amount numeric,
      last_change_at timestamp with time zone,
      raw_amount jsonb NOT NULL,
      raw_contribution_amount jsonb,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_installment_application_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_installment_change_failure" (
      id text NOT NULL,
      provider_id text NOT NULL,
      bank_session_id text NOT NULL,
      status_id integer NOT NULL,
      change_date text NOT NULL,
      payment_session_id text,
      attempts integer NOT NULL,
      last_error text NOT NULL,
      next_attempt_at timestamp with time zone,
      gave_up_at timestamp with time zone,
      resolved_at timestamp with time zone,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_installment_change_failure_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_installment_status_change" (
      id text NOT NULL,
      bank_session_id text NOT NULL,
      status_id integer NOT NULL,
      change_date text NOT NULL,
      synchronization_request_id text NOT NULL,
      applied_at timestamp with time zone NOT NULL,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_installment_status_change_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_installment_sync_poll" (
      id text NOT NULL,
      provider_id text NOT NULL,
      polled_at timestamp with time zone NOT NULL,
      received integer NOT NULL,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_installment_sync_poll_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_installment_sync_run" (
      id text NOT NULL,
      synchronization_request_id text NOT NULL,
      change_count integer NOT NULL,
      applied_count integer NOT NULL,
      applied_at timestamp with time zone,
      acknowledged_at timestamp with time zone,
      error text,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_installment_sync_run_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_ledger_event" (
      id text NOT NULL,
      entry_id text NOT NULL,
      event text NOT NULL,
      from_state text,
      to_state text NOT NULL,
      actor text NOT NULL,
      note text,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_ledger_event_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_payment" (
      id text NOT NULL,
      provider_id text NOT NULL,
      pay_id text,
      payment_session_id text NOT NULL,
      payment_collection_id text,
      cart_id text,
      amount integer NOT NULL,
      currency text NOT NULL,
      kind text NOT NULL,
      bank_status text,
      bank_status_at timestamp with time zone,
      session_gone_at timestamp with time zone,
      orphan_action text,
      orphan_action_at timestamp with time zone,
      orphan_amount integer,
      orphan_error text,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      state text DEFAULT 'sending'::text NOT NULL,
      state_at timestamp with time zone,
      state_by text,
      state_reason text,
      parent_id text,
      merchant_payment_id text,
      card_mask text,
      order_id text,
      completion_failed_at timestamp with time zone,
      completion_failure text,
      completion_refused_at timestamp with time zone,
      authorized_at timestamp with time zone,
      payment_method integer,
      rrn text,
      transaction_id text,
      approval_code text,
      result_code text,
      completion_failures integer DEFAULT 0 NOT NULL,
      completion_failure_class text,
      reopened_at timestamp with time zone,
      revision integer DEFAULT 0 NOT NULL,
      baseline_status text,
      baseline_returned integer,
      baseline_confirmed integer,
      CONSTRAINT tbc_payment_completion_failure_class_check CHECK (((completion_failure_class IS NULL) OR (completion_failure_class = ANY (ARRAY['transient'::text, 'permanent'::text, 'unknown'::text])))),
      CONSTRAINT tbc_payment_kind_state_check CHECK ((((kind = ANY (ARRAY['web'::text, 'execution'::text, 'installment'::text])) AND (state = ANY (ARRAY['sending'::text, 'uncertain'::text, 'created'::text, 'processing'::text, 'held'::text, 'paid'::text, 'refused'::text, 'returned'::text, 'expired'::text]))) OR ((kind = ANY (ARRAY['completion'::text, 'cancel'::text, 'refund'::text])) AND (state = ANY (ARRAY['sending'::text, 'uncertain'::text, 'done'::text, 'refused'::text]))))),
      constraint "tbc_payment_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_provider_setting" (
      id text NOT NULL,
      provider_id text NOT NULL,
      key text NOT NULL,
      value jsonb NOT NULL,
      updated_by text,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_provider_setting_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_provider_setting_change" (
      id text NOT NULL,
      provider_id text NOT NULL,
      key text NOT NULL,
      old_value jsonb,
      new_value jsonb,
      actor_id text NOT NULL,
      actor_email text,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_provider_setting_change_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_saved_card" (
      id text NOT NULL,
      customer_id text NOT NULL,
      provider_id text NOT NULL,
      rec_id text,
      card_mask text,
      expiry_date text,
      save_until text,
      pay_id text NOT NULL,
      status text DEFAULT 'pending'::text NOT NULL,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      rec_id_hash text,
      delete_requested_at timestamp with time zone,
      deleted_card_at timestamp with time zone,
      CONSTRAINT tbc_saved_card_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'active'::text, 'deleted'::text]))),
      constraint "tbc_saved_card_pkey" primary key (id)
    );`)
    this.addSql(`create table if not exists "tbc_saved_card_recording_failure" (
      id text NOT NULL,
      payment_id text NOT NULL,
      provider_id text NOT NULL,
      customer_id text NOT NULL,
      attempts integer NOT NULL,
      last_error text NOT NULL,
      next_attempt_at timestamp with time zone,
      gave_up_at timestamp with time zone,
      resolved_at timestamp with time zone,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      constraint "tbc_saved_card_recording_failure_pkey" primary key (id)
    );`)
    this.addSql(`create index if not exists "IDX_tbc_callback_log_deleted_at" on "tbc_callback_log" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_callback_log_pay_id" on "tbc_callback_log" USING btree (pay_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_callback_log_rejected_window" on "tbc_callback_log" USING btree (provider_id, source_ip, result, window_start) WHERE ((window_start IS NOT NULL) AND (deleted_at IS NULL));`)
    this.addSql(`create index if not exists "IDX_tbc_card_addition_customer_id" on "tbc_card_addition" USING btree (customer_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_card_addition_deleted_at" on "tbc_card_addition" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_card_addition_pay_id_unique" on "tbc_card_addition" USING btree (pay_id);`)
    this.addSql(`create unique index if not exists "IDX_tbc_installment_application_bank_session_id_unique" on "tbc_installment_application" USING btree (bank_session_id);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_application_deleted_at" on "tbc_installment_application" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_application_payment_session_id" on "tbc_installment_application" USING btree (payment_session_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_change_failure_deleted_at" on "tbc_installment_change_failure" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_installment_change_failure_unique" on "tbc_installment_change_failure" USING btree (bank_session_id, status_id, change_date);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_status_change_deleted_at" on "tbc_installment_status_change" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_installment_status_change_unique" on "tbc_installment_status_change" USING btree (bank_session_id, status_id, change_date);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_sync_poll_deleted_at" on "tbc_installment_sync_poll" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_installment_sync_poll_provider_id" on "tbc_installment_sync_poll" USING btree (provider_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_sync_run_deleted_at" on "tbc_installment_sync_run" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_installment_sync_run_synchronization_request_id" on "tbc_installment_sync_run" USING btree (synchronization_request_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_ledger_event_deleted_at" on "tbc_ledger_event" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_ledger_event_entry_id" on "tbc_ledger_event" USING btree (entry_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_payment_deleted_at" on "tbc_payment" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_payment_one_open_operation" on "tbc_payment" USING btree (parent_id) WHERE ((state = 'sending'::text) AND (kind = ANY (ARRAY['completion'::text, 'cancel'::text, 'refund'::text])) AND (deleted_at IS NULL));`)
    this.addSql(`create unique index if not exists "IDX_tbc_payment_pay_id_unique" on "tbc_payment" USING btree (pay_id);`)
    this.addSql(`create index if not exists "IDX_tbc_payment_payment_session_id" on "tbc_payment" USING btree (payment_session_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_provider_setting_change_created_at" on "tbc_provider_setting_change" USING btree (created_at);`)
    this.addSql(`create index if not exists "IDX_tbc_provider_setting_change_deleted_at" on "tbc_provider_setting_change" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_provider_setting_change_provider_id" on "tbc_provider_setting_change" USING btree (provider_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_provider_setting_deleted_at" on "tbc_provider_setting" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_provider_setting_provider_key_unique" on "tbc_provider_setting" USING btree (provider_id, key);`)
    this.addSql(`create index if not exists "IDX_tbc_saved_card_customer_id" on "tbc_saved_card" USING btree (customer_id) WHERE (deleted_at IS NULL);`)
    this.addSql(`create index if not exists "IDX_tbc_saved_card_deleted_at" on "tbc_saved_card" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_saved_card_rec_id_hash_unique" on "tbc_saved_card" USING btree (rec_id_hash);`)
    this.addSql(`create unique index if not exists "IDX_tbc_saved_card_rec_id_unique" on "tbc_saved_card" USING btree (rec_id);`)
    this.addSql(`create index if not exists "IDX_tbc_saved_card_recording_failure_deleted_at" on "tbc_saved_card_recording_failure" USING btree (deleted_at) WHERE (deleted_at IS NULL);`)
    this.addSql(`create unique index if not exists "IDX_tbc_saved_card_recording_failure_payment_unique" on "tbc_saved_card_recording_failure" USING btree (payment_id);`)
    // a saved card's consent to charges by the store (docs/saved-cards.md); the ledger finds such a
    // charge by its order's payment collections
    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "merchant_charges_consent_at" timestamptz null;`)
    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "merchant_charges_consent_version" text null;`)
    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "merchant_charges_consent_locale" text null;`)
    // money the bank moved by itself (docs/money-ledger.md "Money moved at the bank")
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "made_at_bank" boolean not null default false;`)
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "medusa_record" text null;`)
    this.addSql(
      `alter table if exists "tbc_payment" add column if not exists "medusa_recorded_at" timestamptz null;`
    )
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "capture_asked" integer null;`)
    this.addSql(
      `alter table if exists "tbc_payment" add column if not exists "excess_returned_at" timestamptz null;`
    )
    this.addSql(
      `create unique index if not exists "IDX_tbc_payment_one_bank_return" on "tbc_payment" (parent_id, baseline_returned) where made_at_bank = true and deleted_at is null;`
    )
    // tbc_payment's indexes, each for a query the ledger runs (docs/money-ledger.md "Indexes"): every
    // write of an entry that is not a HOT update adds an entry to each index whose predicate it
    // meets, so a charge's index is only on charges, an operation's only on operations, and the jobs'
    // and the attention list's reads use one small partial index of what may be unresolved instead
    // of one on `state` (every row, and no query could use it but for 'held'). Databases that ran
    // an earlier version of this migration drop the indexes it replaces.
    this.addSql(`drop index if exists "IDX_tbc_payment_state";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_order_id";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_parent_id";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_cart_id";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_payment_collection_id";`)
    this.addSql(
      `create index if not exists "IDX_tbc_payment_operations_of" on "tbc_payment" (parent_id) where parent_id is not null and deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_charges_of_cart" on "tbc_payment" (cart_id) where kind in ('web', 'execution', 'installment') and deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_charges_of_collection" on "tbc_payment" (payment_collection_id) where kind in ('web', 'execution', 'installment') and deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_unresolved" on "tbc_payment" (created_at, id) where (state in ('sending', 'uncertain', 'created', 'processing', 'held') or (kind in ('web', 'execution', 'installment') and order_id is null) or (state = 'done' and medusa_recorded_at is null and (made_at_bank or capture_asked is not null)) or (state = 'done' and kind = 'completion' and capture_asked is not null and excess_returned_at is null)) and deleted_at is null;`
    )
    // room on each page for an entry's next version: a move stays on its page (a HOT update when
    // it changes no indexed column: a bank read's time, what the bank said, authorized_at, session_gone_at)
    this.addSql(`alter table if exists "tbc_payment" set (fillfactor = 80);`)
    // TBC payment links (issue #34): the table of ../models/payment-link.ts
    this.addSql(`create table if not exists "tbc_payment_link" (
      id text NOT NULL,
      order_id text NOT NULL,
      amount integer NOT NULL,
      currency_code text NOT NULL,
      token_hash text NOT NULL,
      status text DEFAULT 'open'::text NOT NULL,
      closed_reason text,
      closed_at timestamp with time zone,
      paid_at timestamp with time zone,
      expires_at timestamp with time zone NOT NULL,
      provider_id text NOT NULL,
      payment_collection_id text,
      payment_session_id text,
      session_ids jsonb DEFAULT '{"ids":[]}'::jsonb NOT NULL,
      created_by text,
      notified boolean DEFAULT false NOT NULL,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      CONSTRAINT tbc_payment_link_status_check CHECK ((status = ANY (ARRAY['open'::text, 'paid'::text, 'closed'::text]))),
      constraint "tbc_payment_link_pkey" primary key (id)
    );`)
    this.addSql(
      `create index if not exists "IDX_tbc_payment_link_order_id" on "tbc_payment_link" (order_id) where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_link_session_id" on "tbc_payment_link" (payment_session_id) where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_link_deleted_at" on "tbc_payment_link" (deleted_at) where deleted_at is null;`
    )
    // one live link per order at most: the request that would open a second one loses the race
    this.addSql(
      `create unique index if not exists "IDX_tbc_payment_link_one_open" on "tbc_payment_link" (order_id) where status = 'open' and deleted_at is null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_payment_link" cascade;`)
    this.addSql(`drop index if exists "IDX_tbc_payment_unresolved";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_charges_of_collection";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_charges_of_cart";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_operations_of";`)
    this.addSql(`drop index if exists "IDX_tbc_payment_one_bank_return";`)
    this.addSql(
      `alter table if exists "tbc_payment" drop column if exists "made_at_bank", drop column if exists "medusa_record", drop column if exists "medusa_recorded_at", drop column if exists "capture_asked", drop column if exists "excess_returned_at";`
    )
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "merchant_charges_consent_at";`)
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "merchant_charges_consent_version";`)
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "merchant_charges_consent_locale";`)
    this.addSql(`drop table if exists "tbc_saved_card_recording_failure" cascade;`)
    this.addSql(`drop table if exists "tbc_saved_card" cascade;`)
    this.addSql(`drop table if exists "tbc_provider_setting_change" cascade;`)
    this.addSql(`drop table if exists "tbc_provider_setting" cascade;`)
    this.addSql(`drop table if exists "tbc_payment" cascade;`)
    this.addSql(`drop table if exists "tbc_ledger_event" cascade;`)
    this.addSql(`drop table if exists "tbc_installment_sync_run" cascade;`)
    this.addSql(`drop table if exists "tbc_installment_sync_poll" cascade;`)
    this.addSql(`drop table if exists "tbc_installment_status_change" cascade;`)
    this.addSql(`drop table if exists "tbc_installment_change_failure" cascade;`)
    this.addSql(`drop table if exists "tbc_installment_application" cascade;`)
    this.addSql(`drop table if exists "tbc_card_addition" cascade;`)
    this.addSql(`drop table if exists "tbc_callback_log" cascade;`)
  }
}
