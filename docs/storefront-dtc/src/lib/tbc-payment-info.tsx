import { CreditCard } from "@medusajs/icons"
import React from "react"

type PaymentInfo = { title: string; icon: React.JSX.Element }

/**
 * TBC's entries of the starter's `paymentInfoMap` (lib/constants.tsx): spread them into it. The
 * per-method providers (Apple Pay, Google Pay, …) show as their own choices where the region has
 * them enabled; hide the ones `GET /store/tbc/payment-options?cart_id=` reports unavailable.
 */
export const tbcPaymentInfo: Record<string, PaymentInfo> = {
  "pp_tbc-checkout_tbc": { title: "Card (TBC Bank)", icon: <CreditCard /> },
  "pp_tbc-card_tbc": { title: "Card", icon: <CreditCard /> },
  "pp_tbc-apple-pay_tbc": { title: "Apple Pay", icon: <CreditCard /> },
  "pp_tbc-google-pay_tbc": { title: "Google Pay", icon: <CreditCard /> },
  "pp_tbc-qr_tbc": { title: "QR payment (TBC Bank)", icon: <CreditCard /> },
  "pp_tbc-bnpl_tbc": { title: "Part-by-Part (TBC Bank)", icon: <CreditCard /> },
  "pp_tbc-internet-bank_tbc": { title: "Internet bank (TBC Bank)", icon: <CreditCard /> },
  "pp_tbc-installment-plan_tbc": { title: "Installments on TBC's page", icon: <CreditCard /> },
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
