import { HeadlessRadio } from "../../../../packages/headlessui"
import React, { type JSX } from "react"

type PaymentContainerProps = {
  paymentProviderId: string
  selectedPaymentOptionId: string | null
  paymentInfoMap: Record<string, { title: string; icon: JSX.Element }>
}

/** The starter's choice of one of its own providers (a headless radio with the provider's title). */
const PaymentContainer = ({ paymentProviderId, paymentInfoMap }: PaymentContainerProps) => (
  <HeadlessRadio value={paymentProviderId} data-testid={`choice-${paymentProviderId}`}>
    {paymentInfoMap[paymentProviderId]?.title || paymentProviderId}
  </HeadlessRadio>
)

export const StripeCardContainer = (
  props: PaymentContainerProps & {
    setCardBrand: (brand: string) => void
    setError: (error: string | null) => void
    setCardComplete: (complete: boolean) => void
  }
) => <PaymentContainer {...props} />

export default PaymentContainer
