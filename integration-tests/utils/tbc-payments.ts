import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AttentionEntryView } from "../../src/lib/ledger/attention-view"
import { ledgerOf, type LedgerEntry } from "../../src/modules/tbc/ledger/ledger-store"
import { createAdminRequestConfig } from "./checkout-admin"
import { waitFor } from "./wait-for"

/**
 * GET /admin/tbc/payments/attention as the admin page reads it: the unresolved ledger entries.
 * Creates the test admin (call once per test: the runner resets the database between tests).
 */
export async function attentionList(
  container: MedusaContainer,
  api: AxiosInstance
): Promise<() => Promise<AttentionEntryView[]>> {
  const admin = await createAdminRequestConfig(container, api)
  return async () => (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data.entries
}

/** The money ledger of the app under test (what the provider, jobs and admin routes read). */
// the app's ledger, as the plugin's own code gets it
export { ledgerOf }

/**
 * Waits until the orphan policy finished with `payId` (an action recorded, not "acting") and
 * returns its ledger entry: a released or returned orphan leaves the admin's list, so the ledger
 * is where what was done shows.
 */
export async function waitForOrphanAction(
  container: MedusaContainer,
  payId: string,
  timeoutMs = 30_000
): Promise<LedgerEntry> {
  const ledger = ledgerOf(container)
  return waitFor(
    async () => {
      const entry = await ledger.byPayId(payId)
      return entry && entry.orphan_action !== null && entry.orphan_action !== "acting" ? entry : undefined
    },
    { timeoutMs, intervalMs: 250, description: `the orphan policy's action on payment ${payId}` }
  )
}
