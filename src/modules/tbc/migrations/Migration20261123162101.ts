import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123162101 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_installment_change_failure" drop constraint if exists "tbc_installment_change_failure_unique";`);
    this.addSql(`create table if not exists "tbc_installment_change_failure" ("id" text not null, "provider_id" text not null, "bank_session_id" text not null, "status_id" integer not null, "change_date" text not null, "payment_session_id" text null, "attempts" integer not null, "last_error" text not null, "next_attempt_at" timestamptz null, "gave_up_at" timestamptz null, "resolved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_installment_change_failure_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_installment_change_failure_deleted_at" ON "tbc_installment_change_failure" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_installment_change_failure_unique" ON "tbc_installment_change_failure" ("bank_session_id", "status_id", "change_date");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_installment_change_failure" cascade;`);
  }

}
