import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * How many cart completions from a charge failed: the lost-callback job lists a charge whose
 * order keeps failing (src/lib/ledger/guards.ts, COMPLETION_FAILURES_LISTED) instead of retrying
 * it silently for ever. Existing entries start at 0.
 */
export class Migration20261127130000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "completion_failures" integer not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" drop column if exists "completion_failures";`);
  }

}
