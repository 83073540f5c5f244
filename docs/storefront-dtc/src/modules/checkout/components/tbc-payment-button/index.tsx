"use client"

import { completeTbcCart, getTbcPaymentStatus } from "@lib/data/tbc"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import LocalizedClientLink from "@modules/common/components/localized-client-link"
import {
  asTbcPaymentError,
  completeTbcPayment,
  isTbcInstallments,
  redirectToBank,
  tbcRedirectUrl,
} from "medusa-payment-tbc-storefront"
import { useParams, useRouter } from "next/navigation"
import React, { useState } from "react"
import { unwrap } from "../tbc-return"

type TbcPaymentButtonProps = {
  cart: HttpTypes.StoreCart
  notReady: boolean
  "data-testid"?: string
}

/** The review step's button for a TBC session: to the bank's page, or (a saved card) the order at once. */
export default function TbcPaymentButton({ cart, notReady, "data-testid": dataTestId }: TbcPaymentButtonProps) {
  const { countryCode } = useParams<{ countryCode: string }>()
  const router = useRouter()
  const [submitting, setSubmitting] = useState(false)
  const [errorMessage, setErrorMessage] = useState<string | null>(null)
  const [installmentsOpened, setInstallmentsOpened] = useState(false)
  const session = cart.payment_collection?.payment_sessions?.[0]
  const bankPage = tbcRedirectUrl(session?.data ?? null)

  const handlePayment = async () => {
    setErrorMessage(null)
    if (bankPage && session && isTbcInstallments(session.provider_id)) {
      // The bank's application page has no way back to the shop: open it beside the checkout
      // (inside the click, before any await, or the browser blocks it as a popup).
      window.open(bankPage, "_blank")
      setInstallmentsOpened(true)
      return
    }
    if (bankPage) {
      setSubmitting(true)
      redirectToBank(bankPage) // the bank sends the shopper to /[countryCode]/tbc/return?cart=…
      return
    }
    // A saved card has no bank page: completing the cart is the charge.
    setSubmitting(true)
    try {
      const { order } = await completeTbcPayment(cart.id, {
        getPaymentStatus: (id) => unwrap(getTbcPaymentStatus(id)),
        completeCart: (id) => unwrap(completeTbcCart(id)),
        completeFirst: true,
      })
      router.push(`/${countryCode}/order/${order.id}/confirmed`)
    } catch (error) {
      setErrorMessage(asTbcPaymentError(error).message)
      setSubmitting(false)
    }
  }

  if (installmentsOpened) {
    return (
      <LocalizedClientLink href={`/tbc/return?cart=${cart.id}`} data-testid="tbc-installments-done">
        <Button size="large">I have finished at TBC</Button>
      </LocalizedClientLink>
    )
  }
  return (
    <>
      <Button disabled={notReady} isLoading={submitting} onClick={handlePayment} size="large" data-testid={dataTestId}>
        {bankPage ? "Pay with TBC" : "Place order"}
      </Button>
      <ErrorMessage error={errorMessage} data-testid="tbc-payment-error-message" />
    </>
  )
}
