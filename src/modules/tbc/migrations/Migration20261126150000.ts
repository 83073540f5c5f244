import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * What happened to a payment, kept on its ledger entry (src/lib/payment-facts.ts): the method the
 * shopper used, the bank's reference numbers and the resultCode of a decline. All nullable: older
 * entries simply have none, and every later bank read fills them.
 */
export class Migration20261126150000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "payment_method" integer null, add column if not exists "rrn" text null, add column if not exists "transaction_id" text null, add column if not exists "approval_code" text null, add column if not exists "result_code" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" drop column if exists "payment_method", drop column if exists "rrn", drop column if exists "transaction_id", drop column if exists "approval_code", drop column if exists "result_code";`);
  }

}
