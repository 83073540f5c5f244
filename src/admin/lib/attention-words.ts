/**
 * The attention list in words: amounts in GEL from tetri, what each state means to an admin, the
 * buttons' labels and the toast after an action. Pure, unit-tested.
 */
import type { AttentionEntry, LedgerAction, LedgerActionResult } from "./api"
import { tEn, type TbcT } from "./i18n"

/** Integer tetri → "12.30 GEL". */
export const amountText = (minor: number, currency: string): string =>
  `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`

/** The words of `key`, or `fallback` when the language has none (a state or kind added later). */
const wordsOr = (t: TbcT, key: string, fallback: string): string => {
  const text = t(key)
  return text === key ? fallback : text
}

/** A ledger state in words (src/admin/i18n/json: tbc.states). */
export const stateText = (state: string, t: TbcT = tEn): string => wordsOr(t, `tbc.states.${state}`, state)

/** A ledger entry's kind in words (tbc.kinds). */
export const kindText = (kind: string, t: TbcT = tEn): string => wordsOr(t, `tbc.kinds.${kind}`, kind)

/** A button's label; release says what it does to this money (a hold is released, a payment refunded). */
export function actionLabel(
  entry: Pick<AttentionEntry, "state" | "kind">,
  action: LedgerAction,
  t: TbcT = tEn
): string {
  switch (action) {
    case "recheck":
      return t("tbc.actions.recheck")
    case "attach":
      return t("tbc.actions.attach")
    case "not_charged":
      return ["web", "execution", "installment"].includes(entry.kind)
        ? t("tbc.actions.notCharged")
        : t("tbc.actions.notDone")
    case "release":
      return entry.state === "held" ? t("tbc.actions.releaseHold") : t("tbc.actions.refund")
  }
}

/** What the toast says after an action: what was done, and what happens next. */
export const actionResultText = (result: Pick<LedgerActionResult, "done" | "next">): string =>
  `${result.done} ${result.next}`

/** What the admin is asked before an action that cannot be taken back here. */
export interface ActionConfirmation {
  title: string
  description: string
  confirmText: string
  cancelText: string
}

/**
 * The confirmation an action needs, or null. A release moves money back to the card. "Not charged"
 * ends the entry: the plugin stops asking the bank about it and it leaves the list, with no undo
 * here (only the bank reporting the payment after all lists it again), so it warns and names the
 * merchantPaymentId to look up in TBC's dashboard first.
 */
export function actionConfirmation(
  entry: Pick<AttentionEntry, "state" | "kind" | "amount" | "currency" | "pay_id" | "merchant_payment_id">,
  action: LedgerAction,
  t: TbcT = tEn
): ActionConfirmation | null {
  const amount = amountText(entry.amount, entry.currency)
  const label = actionLabel(entry, action, t)
  switch (action) {
    case "release":
      return {
        title: label,
        description: t("tbc.attention.releaseDescription", { amount, payId: entry.pay_id ?? "—" }),
        confirmText: label,
        cancelText: t("tbc.attention.keepIt"),
      }
    case "not_charged":
      return {
        title: t("tbc.attention.notChargedTitle", { action: label, amount }),
        description: t("tbc.attention.notChargedWarning", { id: entry.merchant_payment_id ?? "—" }),
        confirmText: label,
        cancelText: t("tbc.attention.keepIt"),
      }
    default:
      return null
  }
}

/** A move of the ledger's audit trail in words (tbc.ledgerEvents); an event added later as it is stored. */
export const ledgerEventText = (event: string, t: TbcT = tEn): string => wordsOr(t, `tbc.ledgerEvents.${event}`, event)

/**
 * Who or what moved an entry: an admin by email (their user id when the user is gone), the bank,
 * a job or Medusa in words (tbc.actors), anything else as it is stored.
 */
export function actorText(actor: string | null, email: string | null, t: TbcT = tEn): string {
  if (!actor) return "—"
  if (actor.startsWith("admin:")) return email ?? actor.slice("admin:".length)
  const [source] = actor.split(":")
  return wordsOr(t, `tbc.actors.${actor.replace(/[:.-]/g, "_")}`, wordsOr(t, `tbc.actors.${source}`, actor))
}
