import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Money the bank moved by itself, shown in Medusa (docs/money-ledger.md "Money moved at the bank"):
 * an operation made at the bank (a refund or cancel in TBC's merchant dashboard), recorded once per
 * charge and baseline; the Medusa record that shows it; a completion's shortfall (Medusa's own
 * capture route recorded less than the bank took). Every statement is idempotent.
 */
export class Migration20261203094500 extends Migration {
  override async up(): Promise<void> {
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
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tbc_payment_one_bank_return";`)
    this.addSql(
      `alter table if exists "tbc_payment" drop column if exists "made_at_bank", drop column if exists "medusa_record", drop column if exists "medusa_recorded_at", drop column if exists "capture_asked", drop column if exists "excess_returned_at";`
    )
  }
}
