import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * Callback log: refused (unauthenticated) callbacks are counted per source, result and minute in
 * one row (count, window_start) instead of a row per request.
 */
export class Migration20261123163000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_callback_log" add column if not exists "count" integer not null default 1, add column if not exists "window_start" timestamptz null;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_callback_log_rejected_window" ON "tbc_callback_log" ("provider_id", "source_ip", "result", "window_start") WHERE window_start IS NOT NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tbc_callback_log_rejected_window";`);
    this.addSql(`alter table if exists "tbc_callback_log" drop column if exists "count", drop column if exists "window_start";`);
  }

}
