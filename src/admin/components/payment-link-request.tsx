/**
 * "Request payment with TBC" on an order or a draft order that owes money in GEL (a phone or chat
 * order, an order whose edit raised its total): a TBC payment link for exactly what it owes now.
 * The merchant picks how long it stays payable and whether the customer gets it by e-mail; the
 * answer's URL is shown once, to copy (the store keeps only a hash of its token). Below, the
 * order's links with their status, an open one with Close. The routes: /admin/tbc/payment-links
 * (contract: src/lib/payment-links.ts; rules: ../lib/payment-links.ts).
 */
import { Button, Checkbox, Copy, Input, Label, StatusBadge, Text, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import type { PaymentLinkView } from "../../lib/payment-links"
import { errorText } from "../lib/api"
import {
  DEFAULT_EXPIRY_HOURS,
  gelText,
  LINK_EXPIRY_HOURS,
  linkOffer,
  linkRow,
  showsPaymentLinks,
  type OwingOrder,
} from "../lib/payment-links"
import { useClosePaymentLink, useCreatePaymentLink, usePaymentLinks } from "../lib/queries"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

type Props = { order: OwingOrder & { id: string; email?: string | null } }

export const PaymentLinkRequest = ({ order }: Props) => {
  const t = useTbcT()
  const time = useFormatTime()
  const prompt = usePrompt()
  const { data } = usePaymentLinks(order.id)
  const create = useCreatePaymentLink(order.id)
  const close = useClosePaymentLink()
  const [notify, setNotify] = useState(false)
  const [hours, setHours] = useState<number>(DEFAULT_EXPIRY_HOURS)
  // the link just made: its URL is known only from this answer
  const [made, setMade] = useState<PaymentLinkView | null>(null)
  if (!data) return null
  const links = data.payment_links
  const offer = linkOffer(order, links)
  if (!showsPaymentLinks(order, links)) return null

  const request = async () => {
    if (offer.offered && offer.replaces) {
      const confirmed = await prompt({
        title: t("tbc.paymentLinks.replaceTitle"),
        description: t("tbc.paymentLinks.replaceDescription", { amount: gelText(offer.replaces.amount) }),
        confirmText: t("tbc.paymentLinks.request"),
        cancelText: t("tbc.orderChange.cancel"),
      })
      if (!confirmed) return
    }
    create.mutate(
      { expires_in_hours: hours, ...(notify ? { notify_customer: true } : {}) },
      {
        onSuccess: ({ payment_link: link }) => {
          setMade(link)
          toast.success(t(link.notified ? "tbc.paymentLinks.createdSent" : "tbc.paymentLinks.created"))
        },
      }
    )
  }
  const closeLink = async (link: PaymentLinkView) => {
    const confirmed = await prompt({
      title: t("tbc.paymentLinks.closeTitle", { amount: gelText(link.amount) }),
      description: t("tbc.paymentLinks.closeDescription"),
      confirmText: t("tbc.paymentLinks.close"),
      cancelText: t("tbc.orderChange.cancel"),
    })
    if (confirmed) close.mutate(link.id, { onSuccess: () => made?.id === link.id && setMade(null) })
  }
  const problem = create.error ?? close.error
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tbc-payment-link">
      <Text size="small" weight="plus">
        {t("tbc.paymentLinks.title")}
      </Text>
      {offer.offered ? (
        <>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("tbc.paymentLinks.hint", { owed: gelText(offer.owed) })}
          </Text>
          <div className="flex items-center gap-x-2">
            <Label size="small" htmlFor="tbc-payment-link-expiry">
              {t("tbc.paymentLinks.expiresIn")}
            </Label>
            <select
              id="tbc-payment-link-expiry"
              className="bg-ui-bg-field shadow-borders-base txt-compact-small rounded-md px-2 py-1"
              value={hours}
              onChange={(event) => setHours(Number(event.target.value))}
              data-testid="tbc-payment-link-expiry"
            >
              {LINK_EXPIRY_HOURS.map((h) => (
                <option key={h} value={h}>
                  {t("tbc.paymentLinks.days", { count: h / 24 })}
                </option>
              ))}
            </select>
          </div>
          <label className="flex items-center gap-x-2">
            <Checkbox
              checked={notify}
              onCheckedChange={(checked) => setNotify(checked === true)}
              data-testid="tbc-payment-link-notify"
            />
            <Text size="small">
              {order.email ? t("tbc.paymentLinks.notify", { email: order.email }) : t("tbc.paymentLinks.notifyNoEmail")}
            </Text>
          </label>
          <Button
            size="small"
            variant="secondary"
            isLoading={create.isPending}
            onClick={() => void request()}
            data-testid="tbc-payment-link-request"
          >
            {t("tbc.paymentLinks.request")}
          </Button>
        </>
      ) : (
        <Text size="xsmall" className="text-ui-fg-subtle" data-testid="tbc-payment-link-not-offered">
          {t(`tbc.paymentLinks.notOffered.${offer.why}`)}
        </Text>
      )}
      {made?.url && (
        <div className="flex flex-col gap-y-1" data-testid="tbc-payment-link-made">
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("tbc.paymentLinks.copyHint")}
          </Text>
          <div className="flex items-center gap-x-2">
            <Input size="small" readOnly value={made.url} data-testid="tbc-payment-link-url" />
            <Copy content={made.url} data-testid="tbc-payment-link-copy" />
          </div>
          <Text size="xsmall" data-testid="tbc-payment-link-expires">
            {t("tbc.paymentLinks.payBy", { time: time(made.expires_at), amount: gelText(made.amount) })}
          </Text>
        </div>
      )}
      {problem && (
        <Text size="small" className="text-ui-fg-error" data-testid="tbc-payment-link-error">
          {errorText(problem)}
        </Text>
      )}
      {links.length > 0 && (
        <div className="flex flex-col gap-y-1" data-testid="tbc-payment-links">
          {links.map((link) => {
            const row = linkRow(link, t)
            return (
              <div
                key={row.id}
                className="flex items-center justify-between gap-x-2"
                data-testid={`tbc-payment-link-row-${row.id}`}
              >
                <div className="flex flex-col">
                  <Text size="small">
                    {row.amount} · {t("tbc.paymentLinks.createdAt", { time: time(row.createdAt) })}
                  </Text>
                  <Text size="xsmall" className="text-ui-fg-subtle">
                    {row.closedReason ??
                      (row.closable ? t("tbc.paymentLinks.until", { time: time(row.expiresAt) }) : "")}
                    {row.notified ? ` · ${t("tbc.paymentLinks.sent")}` : ""}
                  </Text>
                </div>
                <div className="flex items-center gap-x-2">
                  <StatusBadge color={row.status.color} data-testid={`tbc-payment-link-status-${row.id}`}>
                    {row.status.label}
                  </StatusBadge>
                  {row.closable && (
                    <Button
                      size="small"
                      variant="transparent"
                      isLoading={close.isPending && close.variables === row.id}
                      onClick={() => void closeLink(link)}
                      data-testid={`tbc-payment-link-close-${row.id}`}
                    >
                      {t("tbc.paymentLinks.close")}
                    </Button>
                  )}
                </div>
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}
