import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261125154544 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_card_addition" drop constraint if exists "tbc_card_addition_pay_id_unique";`);
    this.addSql(`create table if not exists "tbc_card_addition" ("id" text not null, "provider_id" text not null, "customer_id" text not null, "pay_id" text not null, "status" text not null default 'started', "bank_status" text null, "settled_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_card_addition_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_card_addition_customer_id" ON "tbc_card_addition" ("customer_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_card_addition_deleted_at" ON "tbc_card_addition" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_card_addition_pay_id_unique" ON "tbc_card_addition" ("pay_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_card_addition" cascade;`);
  }

}
