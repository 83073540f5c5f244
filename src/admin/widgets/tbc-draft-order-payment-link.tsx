/**
 * Draft order details, side column (where the store has Medusa's draft-order admin): "Request
 * payment with TBC" for a phone or chat order before it is placed, the same part as the order
 * widget's (../components/payment-link-request.tsx). A draft order is an order in Medusa 2.21, so
 * the link's routes take its id; once paid, the order shows the payment.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { PaymentLinkRequest } from "../components/payment-link-request"
import { TbcCard } from "../components/tbc-card"
import { showsPaymentLinks } from "../lib/payment-links"
import { usePaymentLinks } from "../lib/queries"

const TbcDraftOrderPaymentLinkWidget = ({ data: draft }: DetailWidgetProps<HttpTypes.AdminDraftOrder>) => {
  const { data } = usePaymentLinks(draft.id)
  if (!data || !showsPaymentLinks(draft, data.payment_links)) return null
  return (
    <TbcCard testId="tbc-draft-order-widget">
      <PaymentLinkRequest order={draft} />
    </TbcCard>
  )
}

export const config = defineWidgetConfig({
  zone: "draft_order.details.side.after",
})

export default TbcDraftOrderPaymentLinkWidget
