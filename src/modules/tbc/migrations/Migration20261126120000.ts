import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The uncertain-execution columns of tbc_payment before the money ledger: its `state` says it now
 * (uncertain, settled by a bank answer or an admin action in tbc_ledger_event), and
 * Migration20261125153711 carried their meaning into `state`. Nothing writes or reads them.
 */
export class Migration20261126120000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" drop column if exists "uncertain_at", drop column if exists "uncertain_reason", drop column if exists "resolved_at";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "uncertain_at" timestamptz null, add column if not exists "uncertain_reason" text null, add column if not exists "resolved_at" timestamptz null;`);
  }

}
