import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * An operation's baseline: what the bank showed for the charge just before the operation's call
 * (its status, and the money returned and completed, in tetri). A re-check judges the operation
 * by what changed at the bank since, not by the payment's totals: after a refund of half, a
 * second refund the bank never carried out is not "seen" because half is already returned.
 * Nullable: older entries have none and are judged as before.
 */
export class Migration20261127150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "baseline_status" text null, add column if not exists "baseline_returned" integer null, add column if not exists "baseline_confirmed" integer null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" drop column if exists "baseline_status", drop column if exists "baseline_returned", drop column if exists "baseline_confirmed";`);
  }

}
