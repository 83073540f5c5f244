import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One machine for a ledger entry's whole truth (src/lib/ledger/facets.ts):
 * - `revision`: the compare-and-set's version, bumped by every move (LedgerStore.apply);
 * - the last completion failure's class (the count is Migration20261127130000's
 *   completion_failures); an older failure's class is read back from its text ("transient: …");
 * - `reopened_at`: a bank read contradicted a refusal (an admin's "not charged");
 * - check constraints holding `kind` and `state` (a charge's states for a charge, an operation's
 *   for an operation) and the failure class to their values.
 */
export class Migration20261127140000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" add column if not exists "completion_failure_class" text null, add column if not exists "reopened_at" timestamptz null, add column if not exists "revision" integer not null default 0;`);
    this.addSql(`update "tbc_payment" set "completion_failure_class" = split_part("completion_failure", ':', 1) where "completion_failure" is not null and split_part("completion_failure", ':', 1) in ('transient', 'permanent', 'unknown');`);
    this.addSql(`alter table if exists "tbc_payment" add constraint "tbc_payment_kind_state_check" check (((kind = any (array['web', 'execution', 'installment']) and state = any (array['sending', 'uncertain', 'created', 'processing', 'held', 'paid', 'refused', 'returned', 'expired'])) or (kind = any (array['completion', 'cancel', 'refund']) and state = any (array['sending', 'uncertain', 'done', 'refused']))));`);
    this.addSql(`alter table if exists "tbc_payment" add constraint "tbc_payment_completion_failure_class_check" check ((completion_failure_class is null or completion_failure_class = any (array['transient', 'permanent', 'unknown'])));`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "tbc_payment" drop constraint if exists "tbc_payment_completion_failure_class_check", drop constraint if exists "tbc_payment_kind_state_check";`);
    this.addSql(`alter table if exists "tbc_payment" drop column if exists "completion_failure_class", drop column if exists "reopened_at", drop column if exists "revision";`);
  }

}
