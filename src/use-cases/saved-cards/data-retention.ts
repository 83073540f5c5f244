/**
 * The personal-data retention run (job tbc-data-retention, hourly):
 * 1. finishes card deletions a bank outage left marked (customer-cards-deletion.ts);
 * 2. deleted cards keep neither token nor mask (rows deleted before this version are scrubbed);
 * 3. cards still holding a plain token (rows from before sealing) are sealed;
 * 4. deleted card rows go after `deletedCardRetentionDays` (checkout option, default 90), and so
 *    do recording failures that were resolved or given up, and card additions (from "My account")
 *    that ended, that long ago;
 * 5. applied installment status changes go once their order is final (completed, canceled,
 *    archived) and they are older than `installmentChangeRetentionDays` (installments option,
 *    default 365). The bank acknowledged them long before, so the feed never repeats them.
 * Callback-log rows (they hold source IPs) are removed by the callback-log retention job
 * (`callbackLogRetentionDays`), not here. Each step is bounded per run; the next run goes on.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { findTbcProvider, type TbcProviderRegistration } from "../tbc-providers"
import { effectiveTbcProviders } from "../effective-settings"
import { cardTokenHash, isSealedCardToken, sealCardToken } from "../../lib/card-token-at-rest"
import { TBC_MODULE, type TbcModuleService } from "../../modules/tbc"
import { cardTokenSecretOf, parseCheckoutOptions } from "../../providers/tbc-checkout/options"
import { parseInstallmentsOptions } from "../../providers/tbc-installments/options"
import { finishCardDeletions } from "./customer-cards-deletion"
import { deletedCardFields } from "./saved-card-table"

const DAY_MS = 24 * 60 * 60 * 1000
const BATCH = 500
const FINAL_ORDER_STATUSES = ["completed", "canceled", "archived"]

export interface RetentionRun {
  cardsRemovedForDeletedCustomers: number
  cardDeletionsPending: number
  deletedCardsScrubbed: number
  plainTokensSealed: number
  deletedCardRowsRemoved: number
  recordingFailuresRemoved: number
  cardAdditionsRemoved: number
  installmentChangesRemoved: number
}

interface CardRow {
  id: string
  provider_id: string
  rec_id: string | null
  rec_id_hash: string | null
  deleted_card_at: Date | string | null
}

function secretFor(configModule: unknown, providerId: string): string | undefined {
  const registration = findTbcProvider(configModule, providerId)
  return registration?.kind === "tbc-checkout"
    ? cardTokenSecretOf(parseCheckoutOptions(registration.options))
    : undefined
}

export async function runDataRetention(container: MedusaContainer, now: Date = new Date()): Promise<RetentionRun> {
  const tbc = container.resolve<TbcModuleService>(TBC_MODULE)
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  const deletions = await finishCardDeletions(container)
  const run: RetentionRun = {
    cardsRemovedForDeletedCustomers: deletions.removed,
    cardDeletionsPending: deletions.pending,
    deletedCardsScrubbed: 0,
    plainTokensSealed: 0,
    deletedCardRowsRemoved: 0,
    recordingFailuresRemoved: 0,
    cardAdditionsRemoved: 0,
    installmentChangesRemoved: 0,
  }

  const unscrubbed = (await tbc.listSavedCards(
    { status: "deleted", $or: [{ rec_id: { $ne: null } }, { card_mask: { $ne: null } }] },
    { take: BATCH }
  )) as CardRow[]
  for (const row of unscrubbed) {
    const secret = secretFor(configModule, row.provider_id)
    const plain = row.rec_id !== null && !isSealedCardToken(row.rec_id) ? row.rec_id : undefined
    const hash = row.rec_id_hash ?? (plain && secret ? cardTokenHash(plain, secret) : null)
    const deletedAt = row.deleted_card_at ? new Date(row.deleted_card_at) : now
    await tbc.updateSavedCards({ ...deletedCardFields(row.id, deletedAt), rec_id_hash: hash })
    run.deletedCardsScrubbed++
  }

  const plainRows = (await tbc.listSavedCards(
    { rec_id_hash: null, rec_id: { $ne: null }, status: ["pending", "active"] },
    { take: BATCH }
  )) as CardRow[]
  for (const row of plainRows) {
    const secret = secretFor(configModule, row.provider_id)
    if (!secret || row.rec_id === null || isSealedCardToken(row.rec_id)) continue
    await tbc.updateSavedCards({
      id: row.id,
      rec_id: sealCardToken(row.rec_id, secret),
      rec_id_hash: cardTokenHash(row.rec_id, secret),
    })
    run.plainTokensSealed++
  }

  // with the admin's settings in force (retention days)
  const registrations = await effectiveTbcProviders(container)
  for (const registration of registrations) {
    if (registration.kind !== "tbc-checkout") continue
    const days = parseCheckoutOptions(registration.options).deletedCardRetentionDays
    const old = (await tbc.listSavedCards(
      {
        provider_id: registration.providerId,
        status: "deleted",
        deleted_card_at: { $lt: new Date(now.getTime() - days * DAY_MS) },
      },
      { take: BATCH, select: ["id"] }
    )) as { id: string }[]
    if (old.length > 0) await tbc.deleteSavedCards(old.map((row) => row.id))
    run.deletedCardRowsRemoved += old.length
    const cutoff = new Date(now.getTime() - days * DAY_MS)
    const settled = (await tbc.listSavedCardRecordingFailures(
      {
        provider_id: registration.providerId,
        $or: [{ resolved_at: { $lt: cutoff } }, { gave_up_at: { $lt: cutoff } }],
      },
      { take: BATCH, select: ["id"] }
    )) as { id: string }[]
    if (settled.length > 0) await tbc.deleteSavedCardRecordingFailures(settled.map((row) => row.id))
    run.recordingFailuresRemoved += settled.length
    const ended = (await tbc.listCardAdditions(
      { provider_id: registration.providerId, settled_at: { $lt: cutoff } },
      { take: BATCH, select: ["id"] }
    )) as { id: string }[]
    if (ended.length > 0) await tbc.deleteCardAdditions(ended.map((row) => row.id))
    run.cardAdditionsRemoved += ended.length
  }

  run.installmentChangesRemoved = await removeSettledInstallmentChanges(container, tbc, registrations, now)
  return run
}

async function removeSettledInstallmentChanges(
  container: MedusaContainer,
  tbc: TbcModuleService,
  registrations: TbcProviderRegistration[],
  now: Date
): Promise<number> {
  const ages = registrations
    .filter((registration) => registration.kind === "tbc-installments")
    .map((registration) => parseInstallmentsOptions(registration.options).installmentChangeRetentionDays)
  if (ages.length === 0) return 0
  const cutoff = new Date(now.getTime() - Math.max(...ages) * DAY_MS)
  // the application's order through the read-only link (src/links/installment-application-order.ts)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: applications } = await query.graph({
    entity: "installment_application",
    fields: ["bank_session_id", "order.status"],
    filters: { order_id: { $ne: null }, last_change_at: { $lt: cutoff } },
    pagination: { take: BATCH },
  })
  const sessions = (applications as { bank_session_id: string; order?: { status: string } | null }[])
    .filter((application) => application.order && FINAL_ORDER_STATUSES.includes(application.order.status))
    .map((application) => application.bank_session_id)
  if (sessions.length === 0) return 0
  const changes = (await tbc.listInstallmentStatusChanges(
    { bank_session_id: sessions, applied_at: { $lt: cutoff } },
    { take: BATCH * 4, select: ["id"] }
  )) as { id: string }[]
  if (changes.length > 0) await tbc.deleteInstallmentStatusChanges(changes.map((change) => change.id))
  return changes.length
}
