import type { AxiosInstance } from "axios"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AttentionPaymentView } from "../../src/api/admin/tbc/helpers/attention-view"
import { createAdminRequestConfig } from "./checkout-admin"
import { waitFor } from "./wait-for"

/**
 * GET /admin/tbc/payments/attention as the admin page reads it: orphaned and uncertain payments.
 * Creates the test admin (call once per test: the runner resets the database between tests).
 */
export async function attentionList(
  container: MedusaContainer,
  api: AxiosInstance
): Promise<() => Promise<AttentionPaymentView[]>> {
  const admin = await createAdminRequestConfig(container, api)
  return async () => (await api.get("/admin/tbc/payments/attention?limit=50", admin)).data.payments
}

/** Waits until the admin list shows `payId` with a finished action (not "acting"). */
export async function waitForAttention(
  list: () => Promise<AttentionPaymentView[]>,
  payId: string,
  timeoutMs = 30_000
): Promise<AttentionPaymentView> {
  return waitFor(async () => (await list()).find((p) => p.pay_id === payId && p.action !== "acting"), {
    timeoutMs,
    intervalMs: 250,
    description: `payment ${payId} in the admin's orphaned payments list`,
  })
}
