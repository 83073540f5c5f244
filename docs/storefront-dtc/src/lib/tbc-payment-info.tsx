import { CreditCard } from "@medusajs/icons"
import React from "react"

type PaymentInfo = { title: string; icon: React.JSX.Element }

/** TBC's entries of the starter's `paymentInfoMap` (lib/constants.tsx): spread them into it. */
export const tbcPaymentInfo: Record<string, PaymentInfo> = {
  "pp_tbc-checkout_tbc": { title: "Card (TBC Bank)", icon: <CreditCard /> },
  "pp_tbc-installments_tbc": { title: "TBC installments", icon: <CreditCard /> },
}

/** A provider's entry of the map, or its id with a card icon: a provider missing from the map must not break a page. */
export function paymentInfoOf(map: Record<string, PaymentInfo>, providerId: string): PaymentInfo {
  return map[providerId] ?? { title: providerId, icon: <CreditCard /> }
}

/** The order page's card line ("**** **** **** 1111") when the payment names its card, else null. */
export function cardLineOf(payment: { data?: Record<string, unknown> | null }): string | null {
  const last4 = payment.data?.card_last4
  return typeof last4 === "string" && /^\d{4}$/.test(last4) ? `**** **** **** ${last4}` : null
}
