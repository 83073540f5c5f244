/**
 * Order details, side column: the bank's live view of the order's TBC payment (status, payId,
 * method, card, amounts), the preauthorization deadline with a warning when fewer than 3 days
 * remain, or the installment application's status. Capture / cancel / refund stay Medusa's own
 * order actions (a capture of less than the hold is typed here: ../components/partial-capture.tsx);
 * the widget asks the bank again when they change the order's payments.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { Badge, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { errorText, formatTime } from "../lib/api"
import {
  authorizedLabel,
  bankStatusBadge,
  daysLeftText,
  installmentStatusText,
  money,
  showsCompletionDeadline,
} from "../lib/order-payment-state"
import { useOrderPayment } from "../lib/queries"
import { PartialCapture } from "../components/partial-capture"

const Row = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <div className="flex justify-between gap-x-4 px-6 py-2">
    <Text size="small" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" data-testid={testId}>
      {value}
    </Text>
  </div>
)

const TbcOrderPaymentWidget = ({ data: order }: DetailWidgetProps<HttpTypes.AdminOrder>) => {
  const { data: view, error } = useOrderPayment(order)

  if (view && view.payment === null) {
    return null // not paid through TBC
  }
  const payment = view?.payment
  const checkout = payment?.checkout
  const preauth = payment?.preauth
  const badge = payment ? bankStatusBadge(payment) : null
  return (
    <Container className="divide-y p-0" data-testid="tbc-order-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">TBC Bank</Heading>
        {badge && (
          <StatusBadge color={badge.color} data-testid="tbc-bank-status">
            {badge.label}
          </StatusBadge>
        )}
      </div>
      {!view && !error && (
        <Text size="small" className="px-6 py-4">
          Asking the bank…
        </Text>
      )}
      {error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {errorText(error)}
        </Text>
      )}
      {payment?.bank_error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          The bank could not be asked:{" "}
          {[payment.bank_error.title, payment.bank_error.detail].filter(Boolean).join(": ")}
        </Text>
      )}
      {payment && checkout && (
        <div className="py-2">
          <Row label="Payment id" value={checkout.pay_id} />
          <Row label="Method" value={checkout.method ?? "—"} testId="tbc-payment-method" />
          <Row label="Card" value={checkout.card_mask ?? "—"} />
          <Row
            label={authorizedLabel(payment)}
            value={money(checkout.authorized_amount, checkout.currency)}
            testId="tbc-authorized"
          />
          <Row label="Confirmed" value={money(checkout.confirmed_amount, checkout.currency)} testId="tbc-confirmed" />
          <Row label="Returned" value={money(checkout.returned_amount, checkout.currency)} testId="tbc-returned" />
          {checkout.released_amount !== null && (
            <Row
              label="Of it, hold released at capture"
              value={money(checkout.released_amount, checkout.currency)}
              testId="tbc-released"
            />
          )}
        </div>
      )}
      {payment && <PartialCapture payment={payment} />}
      {payment && preauth && showsCompletionDeadline(payment) && (
        <div className="flex flex-col gap-y-1 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              Complete by
            </Text>
            <Text size="small" data-testid="tbc-preauth-deadline">
              {formatTime(preauth.deadline)}
            </Text>
          </div>
          <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tbc-preauth-days-left">
            {preauth.expired ? "The hold has lapsed at the bank." : daysLeftText(preauth.days_left)}
          </Text>
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
          <Row label="Status" value={installmentStatusText(payment.installment)} testId="tbc-installment-status" />
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default TbcOrderPaymentWidget
