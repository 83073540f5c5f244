"use server"

import { sdk } from "@lib/config"
import { getAuthHeaders, getCacheTag, removeCartId } from "@lib/data/cookies"
import type { CompleteCartResponse, TbcPaymentOption, TbcPaymentStatus } from "medusa-payment-tbc-storefront"
import { revalidateTag } from "next/cache"

/**
 * Server actions answer failures as data: in production Next.js replaces a thrown error's message,
 * and the kit needs the HTTP status (404: no such cart) to tell the shopper the right thing.
 */
export type TbcActionResult<T> = { ok: true; value: T } | { ok: false; status?: number; message: string }

async function attempt<T>(run: () => Promise<T>): Promise<TbcActionResult<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    const { status, message } = error as { status?: number; message?: string }
    return { ok: false, status, message: message ?? String(error) }
  }
}

/** Read-only: has the bank decided? The return page asks this while it waits (no order number is used). */
export async function getTbcPaymentStatus(cartId: string) {
  return attempt(async () => {
    const { payment_status } = await sdk.client.fetch<{ payment_status: TbcPaymentStatus }>(
      `/store/tbc/carts/${cartId}/payment-status`,
      { cache: "no-store" }
    )
    return payment_status
  })
}

/** Completes the cart once the bank has decided; an order clears the cart cookie, as placeOrder does. */
export async function completeTbcCart(cartId: string) {
  return attempt(async () => {
    const headers = { ...(await getAuthHeaders()) }
    const response = (await sdk.store.cart.complete(cartId, {}, headers)) as unknown as CompleteCartResponse
    revalidateTag(await getCacheTag("carts"))
    if (response.type === "order") {
      revalidateTag(await getCacheTag("orders"))
      await removeCartId()
    }
    return response
  })
}

export type TbcSavedCard = { id: string; card_mask: string; expiry_date: string }

/** The logged-in customer's saved TBC cards; null for a guest. */
export async function listTbcSavedCards(): Promise<TbcSavedCard[] | null> {
  const headers = await getAuthHeaders()
  if (!("authorization" in headers)) return null
  return sdk.client
    .fetch<{ cards: TbcSavedCard[] }>("/store/customers/me/tbc-cards", { headers })
    .then(({ cards }) => cards)
    .catch(() => [])
}

/**
 * The store's TBC providers: the methods of the bank's page, whether cards are saved and, for the
 * cart, whether each may be offered (`available`: e.g. installments below their 100 GEL minimum).
 */
export async function listTbcPaymentOptions(cartId: string): Promise<TbcPaymentOption[]> {
  return sdk.client
    .fetch<{ payment_options: TbcPaymentOption[] }>("/store/tbc/payment-options", { query: { cart_id: cartId } })
    .then(({ payment_options }) => payment_options)
    .catch(() => [])
}
