/**
 * Test hook of the installment sync: a fault a test registers in the Medusa container under
 * SYNC_FAULT_KEY (nothing registers it in production, so it resolves to undefined):
 * - "crash-after-apply": the run throws after a page was applied and recorded, before it is
 *   acknowledged, as a process dying at that point would;
 * - "crash-before-record": the page workflow throws after the Medusa effects, before the changes
 *   are recorded (the redelivered page applies them again; the effects must be convergent).
 *
 * Why the container and not an environment variable: a test sets it for its own app only, and
 * the code reads no process-wide switch.
 */
import type { MedusaContainer } from "@medusajs/framework/types"

export const SYNC_FAULT_KEY = "tbcInstallmentSyncFault"

export type SyncFault = "crash-after-apply" | "crash-before-record"

export function injectedSyncFault(container: MedusaContainer): SyncFault | undefined {
  return container.resolve<SyncFault | undefined>(SYNC_FAULT_KEY, { allowUnregistered: true }) ?? undefined
}
