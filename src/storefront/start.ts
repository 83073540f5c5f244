/** Starting a TBC payment from a cart: payment collection → payment session → the bank's page. */
import { classifyStoreMessage, TbcPaymentError } from "./errors"
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

/** A Store API failure as a TbcPaymentError the shopper can read (the store's words when unknown). */
function asPaymentError(error: unknown): TbcPaymentError {
  if (error instanceof TbcPaymentError) return error
  const storeMessage = error instanceof Error ? error.message : String(error)
  const status =
    typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : undefined
  return new TbcPaymentError(classifyStoreMessage(storeMessage) ?? "failed", { storeMessage, status })
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
    if (!session)
      throw new TbcPaymentError("failed", { storeMessage: "The store did not open the payment. Please try again." })
    if (session.status === "error") throw new TbcPaymentError("declined")
    const redirectUrl = tbcRedirectUrl(session)
    if (!redirectUrl && isTbcProvider(choice.providerId) && !choice.savedCardId) {
      throw new TbcPaymentError("failed", { storeMessage: "The bank did not open a payment page. Please try again." })
    }
    return { redirectUrl, session }
  } catch (error) {
    throw asPaymentError(error)
  }
}

/** Sends the browser to the bank's page (a full navigation: the bank's page cannot be framed). */
export function redirectToBank(url: string, location: { assign(url: string): void } = globalThis.location): void {
  if (!/^https?:\/\//i.test(url)) throw new Error(`redirectToBank: not an http(s) URL: ${url}`)
  location.assign(url)
}
