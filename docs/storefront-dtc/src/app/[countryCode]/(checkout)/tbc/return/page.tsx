import { getLocale } from "@lib/data/locale-actions"
import TbcReturn from "@modules/checkout/components/tbc-return"
import { Metadata } from "next"
import React from "react"

export const metadata: Metadata = {
  title: "Payment",
}

type Props = {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ cart?: string }>
}

/** /[countryCode]/tbc/return?cart=cart_…: where the bank's page sends the shopper back. */
export default async function TbcReturnPage(props: Props) {
  const { countryCode } = await props.params
  const { cart } = await props.searchParams
  const cartId = cart && /^cart_[A-Za-z0-9]+$/.test(cart) ? cart : null
  return <TbcReturn cartId={cartId} countryCode={countryCode} locale={await getLocale()} />
}
