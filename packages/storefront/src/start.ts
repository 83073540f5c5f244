/** Starting a TBC payment from a cart: payment collection → payment session → the bank's page. */
import { asTbcPaymentError, TbcPaymentError } from "./errors"
import {
  isTbcProvider,
  latestSession,
  tbcRedirectUrl,
  tbcSessionData,
  type StorePaymentSession,
  type TbcPaymentChoice,
} from "./session"
import type { TbcStoreClient } from "./store-client"

export interface StartedTbcPayment {
  /** Send the shopper here (redirectToBank); null for a saved card: complete the cart at once. */
  redirectUrl: string | null
  session: StorePaymentSession
}

/**
 * Opens a payment session of `choice.providerId` for the cart (creating its payment collection
 * when it has none) and returns where to send the shopper. Throws a TbcPaymentError.
 */
export async function startTbcPayment(
  client: Pick<TbcStoreClient, "getCart" | "createPaymentCollection" | "createPaymentSession">,
  cartId: string,
  choice: TbcPaymentChoice
): Promise<StartedTbcPayment> {
  try {
    const cart = await client.getCart(cartId)
    const collectionId = cart.payment_collection?.id ?? (await client.createPaymentCollection(cartId)).id
    const collection = await client.createPaymentSession(collectionId, choice.providerId, tbcSessionData(choice))
    const session = latestSession({ payment_collection: collection }, choice.providerId)
    if (!session) throw new TbcPaymentError("failed", { storeMessage: "the store answered with no payment session" })
    if (session.status === "error") throw new TbcPaymentError("declined")
    const redirectUrl = tbcRedirectUrl(session)
    if (!redirectUrl && isTbcProvider(choice.providerId) && !choice.savedCardId) {
      throw new TbcPaymentError("failed", { storeMessage: "the payment session has no redirect_url (no bank page)" })
    }
    return { redirectUrl, session }
  } catch (error) {
    throw asTbcPaymentError(error)
  }
}

/** Sends the browser to the bank's page (a full navigation: the bank's page cannot be framed). */
export function redirectToBank(url: string, location: { assign(url: string): void } = globalThis.location): void {
  if (!/^https?:\/\//i.test(url)) throw new Error(`redirectToBank: not an http(s) URL: ${url}`)
  location.assign(url)
}
