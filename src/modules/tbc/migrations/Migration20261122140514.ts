import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122140514 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_saved_card" drop constraint if exists "tbc_saved_card_rec_id_unique";`);
    this.addSql(`alter table if exists "tbc_installment_status_change" drop constraint if exists "tbc_installment_status_change_unique";`);
    this.addSql(`alter table if exists "tbc_installment_application" drop constraint if exists "tbc_installment_application_bank_session_id_unique";`);
    this.addSql(`create table if not exists "tbc_callback_log" ("id" text not null, "provider_id" text not null, "pay_id" text null, "source_ip" text null, "result" text not null, "bank_status" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_callback_log_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_callback_log_pay_id" ON "tbc_callback_log" ("pay_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_callback_log_deleted_at" ON "tbc_callback_log" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "tbc_installment_application" ("id" text not null, "bank_session_id" text not null, "payment_session_id" text not null, "payment_collection_id" text null, "cart_id" text null, "order_id" text null, "status_id" integer not null, "status_description" text null, "amount" numeric not null, "contribution_amount" numeric null, "last_change_at" timestamptz null, "raw_amount" jsonb not null, "raw_contribution_amount" jsonb null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_installment_application_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_application_payment_session_id" ON "tbc_installment_application" ("payment_session_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_application_deleted_at" ON "tbc_installment_application" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_installment_application_bank_session_id_unique" ON "tbc_installment_application" ("bank_session_id");`);

    this.addSql(`create table if not exists "tbc_installment_status_change" ("id" text not null, "bank_session_id" text not null, "status_id" integer not null, "change_date" text not null, "synchronization_request_id" text not null, "applied_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_installment_status_change_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_status_change_deleted_at" ON "tbc_installment_status_change" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_installment_status_change_unique" ON "tbc_installment_status_change" ("bank_session_id", "status_id", "change_date");`);

    this.addSql(`create table if not exists "tbc_installment_sync_run" ("id" text not null, "synchronization_request_id" text not null, "change_count" integer not null, "applied_count" integer not null, "applied_at" timestamptz null, "acknowledged_at" timestamptz null, "error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_installment_sync_run_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_sync_run_synchronization_request_id" ON "tbc_installment_sync_run" ("synchronization_request_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_sync_run_deleted_at" ON "tbc_installment_sync_run" ("deleted_at") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "tbc_saved_card" ("id" text not null, "customer_id" text not null, "provider_id" text not null, "rec_id" text not null, "card_mask" text null, "expiry_date" text null, "save_until" text null, "pay_id" text not null, "status" text check ("status" in ('pending', 'active', 'deleted')) not null default 'pending', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_saved_card_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_saved_card_customer_id" ON "tbc_saved_card" ("customer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_saved_card_deleted_at" ON "tbc_saved_card" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_saved_card_rec_id_unique" ON "tbc_saved_card" ("rec_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_callback_log" cascade;`);

    this.addSql(`drop table if exists "tbc_installment_application" cascade;`);

    this.addSql(`drop table if exists "tbc_installment_status_change" cascade;`);

    this.addSql(`drop table if exists "tbc_installment_sync_run" cascade;`);

    this.addSql(`drop table if exists "tbc_saved_card" cascade;`);
  }

}
