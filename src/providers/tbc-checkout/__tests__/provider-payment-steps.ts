/** Starting a tbc-checkout payment as Medusa does, for the provider specs against the sandbox. */
import type TbcCheckoutProviderService from "../service"

let sessionCounter = 0
const newSession = () => `payses_unit_${Date.now()}_${++sessionCounter}`

export async function startPayment(
  provider: TbcCheckoutProviderService,
  amount: unknown = 1234.56,
  data: Record<string, unknown> = {}
) {
  const session_id = newSession()
  const out = await provider.initiatePayment({
    amount: amount as number,
    currency_code: "gel",
    data: { session_id, ...data },
    context: { idempotency_key: session_id },
  })
  return { session_id, out, payId: out.data!.payId as string, data: out.data! }
}
