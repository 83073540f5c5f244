/**
 * The admin's attention list (Settings → TBC Bank): every ledger entry for which attentionReason
 * (src/lib/ledger/guards.ts) gives a reason, newest first, with what is known of it and the
 * actions the admin may take. Candidates come from one SQL shape on our table
 * (LedgerStore.attentionCandidates); the pure rule decides, so the list and the guards, jobs and
 * actions never disagree about an entry.
 */
import { attentionReason } from "../../lib/ledger/guards"
import { adminActionsOf, type AdminEntryFacts } from "../../lib/ledger/admin-actions"
import type { LedgerEntry, LedgerStore } from "../../modules/tbc/ledger/ledger-store"
import type { AttentionEntryView, AttentionListView } from "../../lib/ledger/attention-view"

/** Candidate rows read per query, and queries per list at most (a bound on one page's work). */
const CANDIDATE_BATCH = 200
const MAX_BATCHES = 5

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null)

/** The entry with what the admin rules need: its provider's kind and the payId a re-check reads. */
export async function adminFactsOf(
  ledger: Pick<LedgerStore, "byId">,
  entry: LedgerEntry,
  isCheckout: (providerId: string) => boolean
): Promise<AdminEntryFacts & LedgerEntry> {
  let readPayId = entry.pay_id
  if (!readPayId && entry.parent_id) readPayId = (await ledger.byId(entry.parent_id))?.pay_id ?? null
  return { ...entry, checkout: isCheckout(entry.provider_id), read_pay_id: readPayId }
}

/** An entry as the page shows it; `reason` undefined = not listed (after an action ended it). */
export function entryView(
  facts: AdminEntryFacts & LedgerEntry,
  now: Date
): Omit<AttentionEntryView, "reason"> & { reason: string | undefined } {
  return {
    id: facts.id,
    kind: facts.kind,
    provider_id: facts.provider_id,
    state: facts.state,
    reason: attentionReason(facts, now),
    created_at: facts.created_at.toISOString(),
    state_at: iso(facts.state_at),
    state_by: facts.state_by,
    state_reason: facts.state_reason,
    amount: facts.amount,
    currency: facts.currency,
    card_mask: facts.card_mask,
    merchant_payment_id: facts.merchant_payment_id,
    pay_id: facts.pay_id,
    charge_pay_id: facts.pay_id ? null : facts.read_pay_id,
    cart_id: facts.cart_id,
    payment_session_id: facts.payment_session_id,
    bank_status: facts.bank_status,
    orphan_action: facts.orphan_action,
    orphan_error: facts.orphan_error,
    completion_failure: facts.completion_failure,
    session_gone: facts.session_gone_at !== null,
    actions: adminActionsOf(facts, now),
  }
}

/**
 * Up to `limit` unresolved entries, newest first. Candidates are read in batches until the page
 * is full (plus one, for `has_more`) or MAX_BATCHES were read: unresolved entries are few, the
 * bound only keeps a pathological table from making the page slow.
 */
export async function listAttention(
  ledger: Pick<LedgerStore, "attentionCandidates" | "byId">,
  isCheckout: (providerId: string) => boolean,
  limit: number,
  now: Date
): Promise<AttentionListView> {
  const listed: AttentionEntryView[] = []
  let before: Date | undefined
  for (let batch = 0; batch < MAX_BATCHES && listed.length <= limit; batch++) {
    const candidates = await ledger.attentionCandidates(CANDIDATE_BATCH, before)
    for (const entry of candidates) {
      if (attentionReason(entry, now) === undefined) continue
      const view = entryView(await adminFactsOf(ledger, entry, isCheckout), now)
      listed.push({ ...view, reason: view.reason as string })
    }
    if (candidates.length < CANDIDATE_BATCH) break
    before = candidates[candidates.length - 1].created_at
  }
  return { entries: listed.slice(0, limit), has_more: listed.length > limit }
}
