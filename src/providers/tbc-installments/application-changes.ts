/**
 * Confirm (capture) and cancel of an installment application, for the `tbc-installments`
 * provider (service.ts): a refused call still succeeds when the application is already where the
 * call would have taken it.
 */
import type { ApplicationStatus, InstallmentsApi } from "../../lib/tbc/types"
import { toMedusaError } from "../common"
import { publicData, sessionIdOf, withStatus, type InstallmentSessionData } from "./session-data"

/**
 * Sends a confirm/cancel. When the bank refuses it, the live status decides: if the application
 * is already where the call would have taken it, that is success; otherwise the bank's error.
 */
export async function changeApplication(
  bank: InstallmentsApi,
  data: Record<string, unknown> | undefined,
  change: {
    send: (bank: InstallmentsApi, sessionId: string) => Promise<unknown>
    statusAfter: number
    alreadyDone: (statusId: number) => boolean
    action: string
  }
): Promise<{ data: InstallmentSessionData }> {
  const sessionId = sessionIdOf(data)
  try {
    await change.send(bank, sessionId)
    return { data: { ...publicData(data), statusId: change.statusAfter } }
  } catch (error) {
    const status = await statusAfterFailure(bank, sessionId)
    if (status && change.alreadyDone(status.statusId)) {
      return { data: withStatus(data, status) }
    }
    throw toMedusaError(error, change.action)
  }
}

/** The live status after a refused mutation, or undefined when even that cannot be read. */
async function statusAfterFailure(bank: InstallmentsApi, sessionId: string): Promise<ApplicationStatus | undefined> {
  try {
    return await bank.getStatus(sessionId)
  } catch {
    return undefined
  }
}
