/**
 * The shopper's IP address while her payment session is being created, for the bank's fraud
 * checks (`userIpAddress` on the create-web-payment request: TBC's current API lists it).
 *
 * Why the request's async context and not Medusa's session `context` or `data`: Medusa stores
 * both with the session (payment_session.context and .data), and the Store API returns the
 * session's columns (`*payment_sessions`) to whoever holds the cart id. The address is only needed
 * for the one bank call, so it never reaches storage: the session-creation middleware
 * (src/api/tbc-middlewares/payment-sessions.ts), which sees the socket, runs the plugin's session
 * workflow inside `withShopperAddress` (as the card-adding and payment-link pay routes run theirs),
 * and the provider's initiatePayment, which Medusa calls inside that run, reads it (docs/privacy.md).
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { isIP } from "node:net"

const current = new AsyncLocalStorage<{ address?: string }>()

/** Runs `work` (the session's creation) as the request of the shopper at `address`. */
export function withShopperAddress<T>(address: string | undefined, work: () => Promise<T>): Promise<T> {
  return current.run({ address }, work)
}

/** The bank request's field for the running shopper request: an IP address, or nothing. */
export function shopperAddressFields(): { userIpAddress?: string } {
  const address = current.getStore()?.address
  return typeof address === "string" && isIP(address) !== 0 ? { userIpAddress: address } : {}
}
