/**
 * The provider's verdict on a bank callback that reached Medusa's webhook route, for the plugin's
 * own subscribers on `payment.webhook_received` (the callback log, the bank-truth records): asked
 * of the payment module as Medusa's own handler asks it. The provider answers every ask after the
 * first from its per-receipt cache, so the bank is read once per callback, and the ledger has moved
 * (and recorded any return the bank made by itself) before the verdict resolves.
 */
import type { MedusaContainer, ProviderWebhookPayload } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { CallbackVerdict, TbcWebhookResult } from "../../providers/tbc-checkout/callbacks/webhook"

/** The event's payload as the provider reads it (a Buffer sent through Redis arrives as `{type, data}`). */
export function callbackPayloadOf(input: ProviderWebhookPayload): ProviderWebhookPayload["payload"] {
  const payload = { ...input.payload }
  const raw = payload.rawData as unknown as { type?: string; data?: number[] }
  if (raw?.type === "Buffer" && Array.isArray(raw.data)) payload.rawData = Buffer.from(raw.data)
  return payload
}

/** The verdict, also when the provider threw (the bank could not be asked: it rides on the error). */
export async function callbackVerdictOf(
  container: MedusaContainer,
  input: ProviderWebhookPayload
): Promise<CallbackVerdict | undefined> {
  try {
    const result = (await container.resolve(Modules.PAYMENT).getWebhookActionAndData({
      provider: input.provider,
      payload: callbackPayloadOf(input),
    })) as Partial<TbcWebhookResult>
    return result.tbc_callback
  } catch (error) {
    return (error as { tbc_callback?: CallbackVerdict })?.tbc_callback
  }
}
