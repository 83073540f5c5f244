import { Migration } from "@medusajs/framework/mikro-orm/migrations";

/**
 * One open operation per charge: at most one completion, cancel or refund of a charge is `sending`
 * (written, its bank call not yet answered) at a time. The ledger's insert is the compare-and-set
 * that serializes money operations on a charge, whoever asks (an admin, the expiring-preauth job,
 * another instance): the second one is refused before it reaches the bank.
 *
 * Older rows may hold several `sending` operations of one charge (a process that died before the
 * answer): all but the newest become `uncertain`, which is what they are (the call may have reached
 * the bank), each with its line in the audit trail, so the index can be built.
 */
export class Migration20261127133000 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`with extra as (
        select id from (
          select id, row_number() over (partition by parent_id order by created_at desc, id desc) as n
          from "tbc_payment"
          where state = 'sending' and kind in ('completion', 'cancel', 'refund') and deleted_at is null
        ) ranked where n > 1),
      moved as (
        update "tbc_payment" set state = 'uncertain', state_at = now(), state_by = 'migration:one-open-operation',
          state_reason = 'another operation of the charge was opened after it; its answer was never recorded',
          updated_at = now()
        where id in (select id from extra) returning id)
      insert into "tbc_ledger_event" (id, entry_id, event, from_state, to_state, actor, note)
      select 'tbcle_' || upper(md5(random()::text || id)), id, 'unreadable_answer', 'sending', 'uncertain',
        'migration:one-open-operation', 'answer never recorded' from moved;`);
    this.addSql(`create unique index if not exists "IDX_tbc_payment_one_open_operation" on "tbc_payment" ("parent_id") where state = 'sending' and kind in ('completion', 'cancel', 'refund') and deleted_at is null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_tbc_payment_one_open_operation";`);
  }

}
