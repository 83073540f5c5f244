/**
 * The attention list in words: amounts in GEL from tetri, what each state means to an admin, the
 * buttons' labels and the toast after an action. Pure, unit-tested.
 */
import type { AttentionEntry, LedgerAction, LedgerActionResult } from "./api"

/** Integer tetri → "12.30 GEL". */
export const amountText = (minor: number, currency: string): string =>
  `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`

const STATE_WORDS: Record<string, string> = {
  sending: "Sent, no answer",
  uncertain: "Answer unreadable",
  created: "Waiting for the shopper",
  processing: "Bank deciding",
  held: "Amount held",
  paid: "Paid",
  refused: "Not charged",
  returned: "Returned",
  expired: "Expired",
  done: "Done",
}

export const stateText = (state: string): string => STATE_WORDS[state] ?? state

const KIND_WORDS: Record<string, string> = {
  web: "Bank page",
  execution: "Saved card",
  installment: "Installments",
  completion: "Capture",
  cancel: "Cancel",
  refund: "Refund",
}

export const kindText = (kind: string): string => KIND_WORDS[kind] ?? kind

/** A button's label; release says what it does to this money (a hold is released, a payment refunded). */
export function actionLabel(entry: Pick<AttentionEntry, "state" | "kind">, action: LedgerAction): string {
  switch (action) {
    case "recheck":
      return "Re-check at bank"
    case "attach":
      return "Attach payId"
    case "not_charged":
      return ["web", "execution", "installment"].includes(entry.kind) ? "Mark not charged" : "Mark not done"
    case "release":
      return entry.state === "held" ? "Release hold" : "Refund"
  }
}

/** What the toast says after an action: what was done, and what happens next. */
export const actionResultText = (result: Pick<LedgerActionResult, "done" | "next">): string =>
  `${result.done} ${result.next}`
