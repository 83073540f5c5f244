import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * A saved card records the customer's consent to charges by the store (merchant-initiated
 * charges of an order's balance): when it was given and which words were shown (version,
 * language). Cards saved before have none, so the store may not charge them by itself. The
 * ledger finds such a charge by its order's payment collections: indexed.
 */
export class Migration20261201220000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "merchant_charges_consent_at" timestamptz null;`)
    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "merchant_charges_consent_version" text null;`)
    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "merchant_charges_consent_locale" text null;`)
    this.addSql(
      `create index if not exists "IDX_tbc_payment_payment_collection_id" on "tbc_payment" USING btree (payment_collection_id) WHERE (deleted_at IS NULL);`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tbc_payment_payment_collection_id";`)
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "merchant_charges_consent_at";`)
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "merchant_charges_consent_version";`)
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "merchant_charges_consent_locale";`)
  }
}
