import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125153711 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "tbc_ledger_event" ("id" text not null, "entry_id" text not null, "event" text not null, "from_state" text null, "to_state" text not null, "actor" text not null, "note" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_ledger_event_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_ledger_event_entry_id" ON "tbc_ledger_event" ("entry_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_ledger_event_deleted_at" ON "tbc_ledger_event" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`alter table if exists "tbc_payment" add column if not exists "state" text not null default 'sending', add column if not exists "state_at" timestamptz null, add column if not exists "state_by" text null, add column if not exists "state_reason" text null, add column if not exists "parent_id" text null, add column if not exists "merchant_payment_id" text null, add column if not exists "card_mask" text null, add column if not exists "order_id" text null, add column if not exists "completion_failed_at" timestamptz null, add column if not exists "completion_failure" text null, add column if not exists "completion_refused_at" timestamptz null, add column if not exists "authorized_at" timestamptz null;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_payment_parent_id" ON "tbc_payment" ("parent_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_payment_order_id" ON "tbc_payment" ("order_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_payment_state" ON "tbc_payment" ("state");`);
    // rows written before the ledger: their state from what they recorded (the bank's last status,
    // or an execution's unanswered send); the next bank read moves them like any other entry
    this.addSql(`update "tbc_payment" set "state" = case
        when "uncertain_at" is not null and "resolved_at" is null then 'uncertain'
        when "pay_id" is null then 'sending'
        when "bank_status" in ('WaitingConfirm', 'PaymentCompletionProcessing') then 'held'
        when "bank_status" in ('Succeeded', 'PartialReturned') then 'paid'
        when "bank_status" = 'Returned' then 'returned'
        when "bank_status" = 'Failed' then 'refused'
        when "bank_status" = 'Expired' then 'expired'
        when "bank_status" = 'Created' then 'created'
        else 'processing' end,
      "state_at" = coalesce("bank_status_at", "updated_at"), "state_by" = 'migration',
      "merchant_payment_id" = coalesce("merchant_payment_id", "payment_session_id")
      where "state_by" is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_ledger_event" cascade;`);

    this.addSql(`drop index if exists "IDX_tbc_payment_parent_id";`);
    this.addSql(`drop index if exists "IDX_tbc_payment_order_id";`);
    this.addSql(`drop index if exists "IDX_tbc_payment_state";`);
    this.addSql(`alter table if exists "tbc_payment" drop column if exists "state", drop column if exists "state_at", drop column if exists "state_by", drop column if exists "state_reason", drop column if exists "parent_id", drop column if exists "merchant_payment_id", drop column if exists "card_mask", drop column if exists "order_id", drop column if exists "completion_failed_at", drop column if exists "completion_failure", drop column if exists "completion_refused_at", drop column if exists "authorized_at";`);
  }

}
