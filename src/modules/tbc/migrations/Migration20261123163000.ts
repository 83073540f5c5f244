import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Callback log: refused (unauthenticated) callbacks are counted per source, result and minute in
 * one row (count, window_start) instead of a row per request.
 * Retired preauths: payments the bank no longer holds, skipped by the expiring-preauths pass.
 */
export class Migration20261123163000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_callback_log" add column if not exists "count" integer not null default 1, add column if not exists "window_start" timestamptz null;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_callback_log_rejected_window" ON "tbc_callback_log" ("provider_id", "source_ip", "result", "window_start") WHERE window_start IS NOT NULL AND deleted_at IS NULL;`);

    this.addSql(`create table if not exists "tbc_retired_preauth" ("id" text not null, "payment_id" text not null, "pay_id" text null, "bank_status" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_retired_preauth_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_retired_preauth_deleted_at" ON "tbc_retired_preauth" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_retired_preauth_payment_id_unique" ON "tbc_retired_preauth" ("payment_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_retired_preauth" cascade;`);
    this.addSql(`drop index if exists "IDX_tbc_callback_log_rejected_window";`);
    this.addSql(`alter table if exists "tbc_callback_log" drop column if exists "count", drop column if exists "window_start";`);
  }

}
