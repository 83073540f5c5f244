/**
 * Order details, side column: the bank's live view of the order's TBC payment (status, payId,
 * method, card, amounts), the preauthorization deadline with a warning when fewer than 3 days
 * remain, or the installment application's status. Capture / cancel / refund stay Medusa's own
 * order actions.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { Badge, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useEffect, useState } from "react"
import { adminFetch, errorText, formatTime, type OrderPaymentView } from "../lib/api"

const Row = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div className="flex justify-between gap-x-4 px-6 py-2">
    <Text size="small" className="text-ui-fg-subtle">{label}</Text>
    <Text size="small" data-testid={testId}>{value}</Text>
  </div>
)

const money = (amount: number | null | undefined, currency: string | null | undefined) =>
  amount === null || amount === undefined ? "—" : `${amount.toFixed(2)} ${currency ?? ""}`.trim()

const daysLeftText = (daysLeft: number) => {
  const whole = Math.max(0, Math.floor(daysLeft))
  return whole === 0 ? "Less than a day left to capture" : `${whole} ${whole === 1 ? "day" : "days"} left to capture`
}

const TbcOrderPaymentWidget = ({ data: order }: DetailWidgetProps<HttpTypes.AdminOrder>) => {
  const [view, setView] = useState<OrderPaymentView | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    adminFetch<OrderPaymentView>(`/admin/tbc/orders/${order.id}/payment`)
      .then(setView)
      .catch((e) => setError(errorText(e)))
  }, [order.id])

  if (view && view.payment === null) {
    return null // not paid through TBC
  }
  const payment = view?.payment
  const checkout = payment?.checkout
  const preauth = payment?.preauth
  return (
    <Container className="divide-y p-0" data-testid="tbc-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">TBC Bank</Heading>
        {checkout && <StatusBadge color={checkout.status === "Succeeded" ? "green" : checkout.status === "WaitingConfirm" ? "orange" : "grey"} data-testid="tbc-bank-status">{checkout.status}</StatusBadge>}
      </div>
      {!view && !error && <Text size="small" className="px-6 py-4">Asking the bank…</Text>}
      {error && <Text size="small" className="text-ui-fg-error px-6 py-4">{error}</Text>}
      {payment?.bank_error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          The bank could not be asked: {[payment.bank_error.title, payment.bank_error.detail].filter(Boolean).join(": ")}
        </Text>
      )}
      {checkout && (
        <div className="py-2">
          <Row label="Payment id" value={checkout.pay_id} />
          <Row label="Method" value={checkout.method ?? "—"} />
          <Row label="Card" value={checkout.card_mask ?? "—"} />
          <Row label={checkout.pre_auth ? "Authorized (held)" : "Authorized"} value={money(checkout.authorized_amount, checkout.currency)} />
          <Row label="Confirmed" value={money(checkout.confirmed_amount, checkout.currency)} />
          <Row label="Returned" value={money(checkout.returned_amount, checkout.currency)} />
        </div>
      )}
      {preauth && (
        <div className="flex flex-col gap-y-1 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">Complete by</Text>
            <Text size="small" data-testid="tbc-preauth-deadline">{formatTime(preauth.deadline)}</Text>
          </div>
          {preauth.awaiting_completion && (
            <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tbc-preauth-days-left">
              {preauth.expired ? "The hold has lapsed at the bank." : daysLeftText(preauth.days_left)}
            </Text>
          )}
          {preauth.warning && (
            <Badge color="red" size="small" data-testid="tbc-preauth-warning">
              {preauth.expired
                ? "The bank has released the held amount."
                : `Fewer than ${preauth.warning_days} days left: capture or cancel this payment before the bank releases it.`}
            </Badge>
          )}
        </div>
      )}
      {payment?.installment && (
        <div className="py-2">
          <Row label="Application" value={payment.installment.session_id} />
          <Row label="Status" value={`${payment.installment.description ?? "Status"} (${payment.installment.status_id})`} testId="tbc-installment-status" />
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default TbcOrderPaymentWidget
