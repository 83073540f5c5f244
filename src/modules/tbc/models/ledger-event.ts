import { model } from "@medusajs/framework/utils"

/**
 * The ledger's audit trail: every move of a ledger entry (tbc_payment), with who or what moved it
 * and why. Written in the same statement as the move (src/modules/tbc/ledger/ledger-store.ts), so
 * no state changes without its line here. Admin actions name the admin user.
 */
const LedgerEvent = model.define(
  { name: "LedgerEvent", tableName: "tbc_ledger_event" },
  {
    id: model.id({ prefix: "tbcle" }).primaryKey(),
    entry_id: model.text().index("IDX_tbc_ledger_event_entry_id"),
    /** what happened: a LedgerEvent type ("bank_status", "admin_not_charged", …) or "opened" */
    event: model.text(),
    from_state: model.text().nullable(),
    to_state: model.text(),
    /** who or what: "bank:answer", "bank:callback", "job:reconcile", "admin:<user id>", … */
    actor: model.text(),
    /** the bank status read, the reason given, the payId attached (never a secret) */
    note: model.text().nullable(),
  }
)

export default LedgerEvent
