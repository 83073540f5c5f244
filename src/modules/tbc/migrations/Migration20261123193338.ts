import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123193338 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "tbc_installment_sync_poll" ("id" text not null, "provider_id" text not null, "polled_at" timestamptz not null, "received" integer not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_installment_sync_poll_pkey" primary key ("id"));`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_installment_sync_poll_provider_id" ON "tbc_installment_sync_poll" ("provider_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_sync_poll_deleted_at" ON "tbc_installment_sync_poll" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_installment_sync_poll" cascade;`);
  }

}
