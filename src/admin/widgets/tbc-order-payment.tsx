/**
 * Order details, side column: the bank's live view of the order's TBC payment (status, payId,
 * method, card, amounts), the preauthorization deadline with a warning when fewer than 3 days
 * remain, or the installment application's status. Capture / cancel / refund stay Medusa's own
 * order actions (a capture for what is delivered, or for an order edit waiting, starts from the order
 * here: ../components/order-change-capture.tsx; a bare smaller amount, a discount the order is
 * credited, from the order too: ../components/partial-capture.tsx);
 * what was refunded and what can still be;
 * the widget asks the bank again when they change the order's payments. Below, what the bank's
 * answers said happened, as the ledger kept it (rrn, transactionId, approval and result codes, the
 * statement reference), the charge of the customer's saved card for what the order still owes
 * (../components/saved-card-charge.tsx) and a TBC payment link for it (../components/payment-link-request.tsx:
 * a phone order with no payment yet, or the difference an edit added). Words: src/admin/i18n (keys tbc.widget.*).
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { Badge, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { errorText } from "../lib/api"
import {
  authorizedLabel,
  bankStatusBadge,
  daysLeftText,
  installmentStatusText,
  money,
  refundState,
  showsCompletionDeadline,
  statementTextShown,
} from "../lib/order-payment-state"
import { useBalanceChargeView, useOrderPayment, usePaymentLinks } from "../lib/queries"
import { showsBalanceCharge } from "../lib/balance-charge"
import { showsPaymentLinks } from "../lib/payment-links"
import { PartialCapture } from "../components/partial-capture"
import { OrderChangeCapture } from "../components/order-change-capture"
import { SavedCardCharge } from "../components/saved-card-charge"
import { PaymentLinkRequest } from "../components/payment-link-request"
import { TbcCard } from "../components/tbc-card"
import { paymentMethodText, resultCodeText } from "../lib/i18n"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

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
  const t = useTbcT()
  const time = useFormatTime()
  // react-query shares these with the parts below: asked once
  const { data: links } = usePaymentLinks(order.id)
  const { data: charge } = useBalanceChargeView(order.id)

  if (view && view.payment === null) {
    const shown = (links && showsPaymentLinks(order, links.payment_links)) || (charge && showsBalanceCharge(charge))
    if (!shown) return null
    // not paid through TBC (a phone order, a draft order): a link for what it owes, and the charge
    // of its customer's saved card, when those apply
    return (
      <TbcCard testId="tbc-order-widget">
        <PaymentLinkRequest order={order} />
        <SavedCardCharge orderId={order.id} />
      </TbcCard>
    )
  }
  const payment = view?.payment
  const checkout = payment?.checkout
  const preauth = payment?.preauth
  // what the ledger kept of the bank's answers; the block shows only when it has something
  const facts =
    payment?.facts &&
    Object.entries(payment.facts).some(([key, value]) => value !== null && key !== "payment_method_label")
      ? payment.facts
      : undefined
  const badge = payment ? bankStatusBadge(payment, t) : null
  const refunds = payment ? refundState(payment) : null
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
          {t("tbc.widget.asking")}
        </Text>
      )}
      {error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {errorText(error)}
        </Text>
      )}
      {payment?.bank_error && (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {t("tbc.widget.bankError", {
            reason: [payment.bank_error.title, payment.bank_error.detail].filter(Boolean).join(": "),
          })}
        </Text>
      )}
      {payment && checkout && (
        <div className="py-2">
          <Row label={t("tbc.widget.paymentId")} value={checkout.pay_id} />
          <Row
            label={t("tbc.widget.method")}
            value={
              typeof facts?.payment_method === "number"
                ? paymentMethodText(facts.payment_method, payment.provider_id, t)
                : (checkout.method ?? "—")
            }
            testId="tbc-payment-method"
          />
          <Row label={t("tbc.widget.card")} value={checkout.card_mask ?? "—"} />
          <Row
            label={authorizedLabel(payment, t)}
            value={money(checkout.authorized_amount, checkout.currency)}
            testId="tbc-authorized"
          />
          <Row
            label={t("tbc.widget.confirmed")}
            value={money(checkout.confirmed_amount, checkout.currency)}
            testId="tbc-confirmed"
          />
          <Row
            label={t("tbc.widget.returned")}
            value={money(checkout.returned_amount, checkout.currency)}
            testId="tbc-returned"
          />
          {checkout.released_amount !== null && (
            <Row
              label={t("tbc.widget.releasedAtCapture")}
              value={money(checkout.released_amount, checkout.currency)}
              testId="tbc-released"
            />
          )}
          {refunds && (
            <>
              <Row
                label={t("tbc.widget.refunded")}
                value={money(refunds.refunded, checkout.currency)}
                testId="tbc-refunded"
              />
              <Row
                label={t("tbc.widget.refundable")}
                value={money(refunds.refundable, checkout.currency)}
                testId="tbc-refundable"
              />
            </>
          )}
        </div>
      )}
      {facts && (
        <div className="py-2" data-testid="tbc-payment-facts">
          {!checkout && facts.payment_method !== null && (
            <Row
              label={t("tbc.widget.method")}
              value={paymentMethodText(facts.payment_method, payment?.provider_id, t)}
            />
          )}
          {!checkout && facts.card_mask && <Row label={t("tbc.widget.card")} value={facts.card_mask} />}
          {facts.rrn && <Row label={t("tbc.widget.rrn")} value={facts.rrn} testId="tbc-rrn" />}
          {facts.transaction_id && (
            <Row label={t("tbc.widget.transactionId")} value={facts.transaction_id} testId="tbc-transaction-id" />
          )}
          {facts.approval_code && <Row label={t("tbc.widget.approvalCode")} value={facts.approval_code} />}
          {facts.result_code && (
            <Row
              label={t("tbc.widget.resultCode")}
              value={resultCodeText(facts.result_code, t)}
              testId="tbc-result-code"
            />
          )}
          {payment && statementTextShown(payment) && (
            <Row
              label={t("tbc.widget.statementReference")}
              value={statementTextShown(payment) ?? ""}
              testId="tbc-statement-reference"
            />
          )}
        </div>
      )}
      {payment && <OrderChangeCapture order={order} payment={payment} />}
      {payment && !payment.order_edit && <PartialCapture orderId={order.id} payment={payment} />}
      <SavedCardCharge orderId={order.id} />
      <PaymentLinkRequest order={order} />
      {payment && preauth && showsCompletionDeadline(payment) && (
        <div className="flex flex-col gap-y-1 px-6 py-4">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              {t("tbc.widget.completeBy")}
            </Text>
            <Text size="small" data-testid="tbc-preauth-deadline">
              {time(preauth.deadline)}
            </Text>
          </div>
          <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tbc-preauth-days-left">
            {preauth.expired ? t("tbc.widget.holdLapsed") : daysLeftText(preauth.days_left, t)}
          </Text>
          {preauth.warning && (
            <Badge color="red" size="small" data-testid="tbc-preauth-warning">
              {preauth.expired ? t("tbc.widget.released") : t("tbc.widget.fewDaysLeft", { days: preauth.warning_days })}
            </Badge>
          )}
        </div>
      )}
      {payment?.installment && (
        <div className="py-2">
          <Row label={t("tbc.widget.application")} value={payment.installment.session_id} />
          <Row
            label={t("tbc.widget.status")}
            value={installmentStatusText(payment.installment, t)}
            testId="tbc-installment-status"
          />
        </div>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default TbcOrderPaymentWidget
