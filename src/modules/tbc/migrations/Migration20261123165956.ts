import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123165956 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_saved_card" drop constraint if exists "tbc_saved_card_rec_id_hash_unique";`);
    this.addSql(`alter table if exists "tbc_saved_card_recording_failure" drop constraint if exists "tbc_saved_card_recording_failure_payment_unique";`);
    this.addSql(`create table if not exists "tbc_saved_card_recording_failure" ("id" text not null, "payment_id" text not null, "provider_id" text not null, "customer_id" text not null, "attempts" integer not null, "last_error" text not null, "next_attempt_at" timestamptz null, "gave_up_at" timestamptz null, "resolved_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_saved_card_recording_failure_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_saved_card_recording_failure_deleted_at" ON "tbc_saved_card_recording_failure" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_saved_card_recording_failure_payment_unique" ON "tbc_saved_card_recording_failure" ("payment_id");`);

    this.addSql(`alter table if exists "tbc_saved_card" add column if not exists "rec_id_hash" text null, add column if not exists "delete_requested_at" timestamptz null, add column if not exists "deleted_card_at" timestamptz null;`);
    this.addSql(`alter table if exists "tbc_saved_card" alter column "rec_id" type text using ("rec_id"::text);`);
    this.addSql(`alter table if exists "tbc_saved_card" alter column "rec_id" drop not null;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_saved_card_rec_id_hash_unique" ON "tbc_saved_card" ("rec_id_hash");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_saved_card_recording_failure" cascade;`);

    this.addSql(`drop index if exists "IDX_tbc_saved_card_rec_id_hash_unique";`);
    this.addSql(`alter table if exists "tbc_saved_card" drop column if exists "rec_id_hash", drop column if exists "delete_requested_at", drop column if exists "deleted_card_at";`);

    this.addSql(`alter table if exists "tbc_saved_card" alter column "rec_id" type text using ("rec_id"::text);`);
    this.addSql(`alter table if exists "tbc_saved_card" alter column "rec_id" set not null;`);
  }

}
