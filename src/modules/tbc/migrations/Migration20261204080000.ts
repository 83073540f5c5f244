import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** TBC payment links (issue #34): the table of ../models/payment-link.ts. */
export class Migration20261204080000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "tbc_payment_link" (
      id text NOT NULL,
      order_id text NOT NULL,
      amount integer NOT NULL,
      currency_code text NOT NULL,
      token_hash text NOT NULL,
      status text DEFAULT 'open'::text NOT NULL,
      closed_reason text,
      closed_at timestamp with time zone,
      paid_at timestamp with time zone,
      expires_at timestamp with time zone NOT NULL,
      provider_id text NOT NULL,
      payment_collection_id text,
      payment_session_id text,
      session_ids jsonb DEFAULT '{"ids":[]}'::jsonb NOT NULL,
      created_by text,
      notified boolean DEFAULT false NOT NULL,
      created_at timestamp with time zone DEFAULT now() NOT NULL,
      updated_at timestamp with time zone DEFAULT now() NOT NULL,
      deleted_at timestamp with time zone,
      CONSTRAINT tbc_payment_link_status_check CHECK ((status = ANY (ARRAY['open'::text, 'paid'::text, 'closed'::text]))),
      constraint "tbc_payment_link_pkey" primary key (id)
    );`)
    this.addSql(
      `create index if not exists "IDX_tbc_payment_link_order_id" on "tbc_payment_link" (order_id) where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_link_session_id" on "tbc_payment_link" (payment_session_id) where deleted_at is null;`
    )
    this.addSql(
      `create index if not exists "IDX_tbc_payment_link_deleted_at" on "tbc_payment_link" (deleted_at) where deleted_at is null;`
    )
    // one live link per order at most: the request that would open a second one loses the race
    this.addSql(
      `create unique index if not exists "IDX_tbc_payment_link_one_open" on "tbc_payment_link" (order_id) where status = 'open' and deleted_at is null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "tbc_payment_link" cascade;`)
  }
}
