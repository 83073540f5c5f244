"use client"

import { completeTbcCart, getTbcPaymentStatus, type TbcActionResult } from "@lib/data/tbc"
import { createTbcReact } from "medusa-payment-tbc-storefront/react"
import { useRouter } from "next/navigation"
import React, { useEffect } from "react"
import TbcReturnView from "./view"

const { useTbcReturn } = createTbcReact(React)

/** The kit expects the Store API's failures thrown, with their HTTP status. */
export async function unwrap<T>(pending: Promise<TbcActionResult<T>>): Promise<T> {
  const result = await pending
  if (result.ok) return result.value
  throw Object.assign(new Error(result.message), { status: result.status })
}

type TbcReturnProps = {
  cartId: string | null
  countryCode: string
  /** the shopper's locale ("ka", "ru", …; English otherwise) */
  locale: string | null
}

/**
 * Where the bank sends the shopper back: asks the store whether the bank has decided (read-only,
 * no order number is used while waiting), completes the cart once it has, and opens the order.
 */
export default function TbcReturn({ cartId, countryCode, locale }: TbcReturnProps) {
  const router = useRouter()
  const state = useTbcReturn({
    cartId,
    getPaymentStatus: (id) => unwrap(getTbcPaymentStatus(id)),
    completeCart: (id) => unwrap(completeTbcCart(id)),
  })
  const placedOrderId = state.status === "placed" ? state.completion.order.id : null

  useEffect(() => {
    if (placedOrderId) router.replace(`/${countryCode}/order/${placedOrderId}/confirmed`)
  }, [placedOrderId, countryCode, router])

  return <TbcReturnView state={state} locale={locale} />
}
