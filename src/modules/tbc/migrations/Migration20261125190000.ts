import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * tbc_retired_preauth goes: the money ledger's state replaces it (a charge the bank no longer
 * holds is simply not `held`, and the expiring-preauths pass pages over held charges only).
 * What it knew moves into the ledger first: a charge still `held` there whose payment the pass
 * had retired takes the bank status it was retired with, with its line in the audit trail.
 */
export class Migration20261125190000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`with retired as (
        select distinct on (r.pay_id) r.pay_id, r.bank_status from "tbc_retired_preauth" r
        where r.pay_id is not null and r.deleted_at is null
          and r.bank_status in ('Succeeded', 'PartialReturned', 'Returned', 'Failed', 'Expired')
        order by r.pay_id, r.created_at desc),
      moved as (
        update "tbc_payment" t set "state" = case
            when retired.bank_status in ('Succeeded', 'PartialReturned') then 'paid'
            when retired.bank_status = 'Returned' then 'returned'
            when retired.bank_status = 'Failed' then 'refused'
            else 'expired' end,
          "bank_status" = retired.bank_status, "state_at" = now(), "state_by" = 'migration', "updated_at" = now()
        from retired
        where t."pay_id" = retired.pay_id and t."state" = 'held' and t."deleted_at" is null
        returning t."id", t."state")
      insert into "tbc_ledger_event" ("id", "entry_id", "event", "from_state", "to_state", "actor", "note")
      select 'tbcle_' || replace(gen_random_uuid()::text, '-', ''), moved."id", 'bank_status', 'held', moved."state",
        'migration', 'retired preauthorization'
      from moved;`);
    this.addSql(`drop table if exists "tbc_retired_preauth" cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create table if not exists "tbc_retired_preauth" ("id" text not null, "payment_id" text not null, "pay_id" text null, "bank_status" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "tbc_retired_preauth_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_tbc_retired_preauth_deleted_at" ON "tbc_retired_preauth" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_tbc_retired_preauth_payment_id_unique" ON "tbc_retired_preauth" ("payment_id");`);
  }

}
