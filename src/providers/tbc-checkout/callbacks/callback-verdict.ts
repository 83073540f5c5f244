/**
 * getWebhookActionAndData of the `tbc-checkout` provider (TbcCheckoutBase): one verdict per bank
 * callback receipt. Moved out of checkout-base.ts as it was.
 */
import { MedusaError } from "@medusajs/framework/utils"
import type { ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import type { BoundedCache } from "../../../lib/bounded-cache"
import type { CheckoutApi, TbcLogger } from "../../../lib/tbc/types"
import { CALLBACK_HEADERS, headerValue } from "./callback-auth"
import type { TbcCheckoutOptions } from "../options"
import { judgeCallback, type TbcWebhookResult } from "./webhook"
import type { PaymentBookkeeping } from "../ledger/bookkeeping"

/** What webhookActionOf uses of the provider. */
export interface CallbackVerdictDeps {
  readonly options: TbcCheckoutOptions
  readonly logger: TbcLogger
  readonly book: PaymentBookkeeping
  readonly checkout: CheckoutApi
  /** callback receipt id → verdict, so the callback-log subscriber's second ask costs no bank call */
  readonly verdicts: BoundedCache<string, Promise<TbcWebhookResult>>
}

/**
 * Judges a bank callback (see webhook.ts). When the bank could not be asked, this throws: a
 * retrying event bus (Redis) then asks again later instead of losing the callback, which the
 * bank will not resend (Medusa already answered it 200). The thrown error carries the verdict
 * for the callback log.
 */
export async function webhookActionOf(
  provider: CallbackVerdictDeps,
  payload: ProviderWebhookPayload["payload"]
): Promise<WebhookActionResult> {
  const receipt = headerValue(payload?.headers as Record<string, unknown> | undefined, CALLBACK_HEADERS.receipt)
  let judged = receipt ? provider.verdicts.get(receipt) : undefined
  if (!judged) {
    judged = judgeCallback(payload, provider.options, provider.checkout, provider.book).catch((): TbcWebhookResult => ({
      action: "not_supported" as WebhookActionResult["action"],
      tbc_callback: { result: "error", reason: "unexpected error", pay_id: null, source_ip: null, bank_status: null },
    }))
    if (receipt) provider.verdicts.set(receipt, judged)
    const v = (await judged).tbc_callback
    provider.logger.info(`callback ${v.pay_id ?? "-"} from ${v.source_ip ?? "-"}: ${v.result} (${v.reason})`)
    // the shopper paid (or was held) after Medusa deleted the session: act now
    if (v.result === "session_gone" && v.pay_id) provider.book.orphanCheck(v.pay_id, 0)
  }
  const result = await judged
  if (result.tbc_callback.result === "error") {
    if (receipt) provider.verdicts.delete(receipt) // a retry asks the bank again
    const error = new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `TBC callback for payment ${result.tbc_callback.pay_id ?? "-"} could not be checked with the bank; it will be retried if the event bus retries.`
    )
    Object.defineProperty(error, "tbc_callback", { value: result.tbc_callback, enumerable: false })
    throw error
  }
  return result
}
