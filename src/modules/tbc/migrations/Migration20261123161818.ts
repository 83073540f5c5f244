import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123161818 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" drop constraint if exists "tbc_payment_pay_id_unique";`);
    this.addSql(`create table if not exists "tbc_payment" ("id" text not null, "provider_id" text not null, "pay_id" text null, "payment_session_id" text not null, "payment_collection_id" text null, "cart_id" text null, "amount" integer not null, "currency" text not null, "kind" text not null, "bank_status" text null, "bank_status_at" timestamptz null, "session_gone_at" timestamptz null, "orphan_action" text null, "orphan_action_at" timestamptz null, "orphan_amount" integer null, "orphan_error" text null, "uncertain_at" timestamptz null, "uncertain_reason" text null, "resolved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_payment_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_payment_payment_session_id" ON "tbc_payment" ("payment_session_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_payment_cart_id" ON "tbc_payment" ("cart_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_payment_deleted_at" ON "tbc_payment" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_payment_pay_id_unique" ON "tbc_payment" ("pay_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_payment" cascade;`);
  }

}
