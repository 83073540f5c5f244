import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * The settings a shop manager changes on Settings → TBC Bank: tbc_provider_setting (in force per
 * provider registration and option) and tbc_provider_setting_change (who changed what, old → new).
 */
export class Migration20261125185046 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_provider_setting" drop constraint if exists "tbc_provider_setting_provider_key_unique";`);
    this.addSql(`create table if not exists "tbc_provider_setting" ("id" text not null, "provider_id" text not null, "key" text not null, "value" jsonb not null, "updated_by" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_provider_setting_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_provider_setting_deleted_at" ON "tbc_provider_setting" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_provider_setting_provider_key_unique" ON "tbc_provider_setting" ("provider_id", "key");`);

    this.addSql(`create table if not exists "tbc_provider_setting_change" ("id" text not null, "provider_id" text not null, "key" text not null, "old_value" jsonb null, "new_value" jsonb null, "actor_id" text not null, "actor_email" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_provider_setting_change_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_provider_setting_change_provider_id" ON "tbc_provider_setting_change" ("provider_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_provider_setting_change_deleted_at" ON "tbc_provider_setting_change" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_provider_setting_change_created_at" ON "tbc_provider_setting_change" ("created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_provider_setting" cascade;`);

    this.addSql(`drop table if exists "tbc_provider_setting_change" cascade;`);
  }

}
