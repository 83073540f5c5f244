/**
 * "Capture for what is delivered" on the order widget, while the bank holds the order's TBC
 * payment: capturing less starts from the order. The merchant enters how many of each item are
 * delivered (and why); or, when an order edit made in Medusa's dashboard is waiting, the widget
 * offers that edit's new total. Either way POST /admin/tbc/orders/:id/order-change-capture records
 * the change as Medusa's order edit, has the bank take the new total from the hold once (the rest
 * goes back to the card) and confirms the edit, so the order owes nothing for it. A capture
 * cannot be redone, so it asks first, as Medusa's own Capture does. When an edit raises the
 * total, what is still owed is shown with the ways to collect it (owed-difference.tsx).
 */
import type { HttpTypes } from "@medusajs/framework/types"
import { Button, Input, Label, Text, toast, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { errorText } from "../lib/api"
import { changedItems, isHeld, money, type TbcPaymentView } from "../lib/order-payment-state"
import { useOrderChangeCapture } from "../lib/queries"
import { useTbcT } from "../lib/use-tbc-t"
import { OwedDifference } from "./owed-difference"

type Props = { order: HttpTypes.AdminOrder; payment: TbcPaymentView }

export const OrderChangeCapture = ({ order, payment }: Props) => {
  const t = useTbcT()
  const prompt = usePrompt()
  const capture = useOrderChangeCapture(order.id)
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [note, setNote] = useState("")
  const [invalid, setInvalid] = useState<string | null>(null)
  if (!isHeld(payment)) return null
  const currency = payment.currency_code.toUpperCase()
  const edit = payment.order_edit ?? null

  /** `title`: the amount when it is known here (an edit's preview), else the hold it comes from */
  const run = async (title: string, body: Parameters<typeof capture.mutate>[0]) => {
    const confirmed = await prompt({
      title,
      description: t("tbc.orderChange.confirmDescription"),
      confirmText: t("tbc.orderChange.confirm"),
      cancelText: t("tbc.orderChange.cancel"),
    })
    if (!confirmed) return
    capture.mutate(body, {
      onSuccess: (result) => toast.success(t("tbc.orderChange.done", { amount: money(result.captured, currency) })),
    })
  }
  const problem = invalid ?? (capture.error ? errorText(capture.error) : null)
  const error = problem && (
    <Text size="small" className="text-ui-fg-error" data-testid="tbc-order-change-error">
      {problem}
    </Text>
  )

  if (edit) {
    return (
      <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tbc-order-edit-capture">
        <Text size="small" weight="plus">
          {t("tbc.orderChange.editTitle", { total: money(edit.new_total, currency) })}
        </Text>
        {edit.capture ? (
          <>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("tbc.orderChange.editHint", {
                amount: money(edit.capture.amount, currency),
                released: money(edit.capture.released, currency),
              })}
            </Text>
            {edit.capture.owed > 0 && (
              <OwedDifference orderId={order.id} owed={edit.capture.owed} currency={currency} />
            )}
            <Button
              size="small"
              variant="secondary"
              isLoading={capture.isPending}
              onClick={() =>
                edit.capture &&
                run(t("tbc.orderChange.confirmTitle", { amount: money(edit.capture.amount, currency) }), {})
              }
              data-testid="tbc-order-edit-capture-submit"
            >
              {t("tbc.orderChange.editSubmit", { amount: money(edit.capture.amount, currency) })}
            </Button>
          </>
        ) : (
          <Text size="small" className="text-ui-fg-error">
            {t("tbc.orderChange.editRefused", { reason: edit.refusal ?? "" })}
          </Text>
        )}
        {error}
      </div>
    )
  }

  const items = (order.items ?? []).map((item) => ({ id: item.id, title: item.title, quantity: Number(item.quantity) }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = changedItems(items, typed, t)
    setInvalid("error" in checked ? checked.error : null)
    // the server computes the new total (taxes, shipping, promotions): the prompt names the hold it comes from
    const title = t("tbc.orderChange.confirmItemsTitle", { held: money(payment.amount, currency) })
    if ("items" in checked) void run(title, { items: checked.items, ...(note.trim() ? { note } : {}) })
  }
  return (
    <form className="flex flex-col gap-y-2 px-6 py-4" onSubmit={submit} data-testid="tbc-order-change-capture">
      <Label size="small" weight="plus">
        {t("tbc.orderChange.title")}
      </Label>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("tbc.orderChange.hint")}
      </Text>
      {items.map((item) => (
        <div key={item.id} className="flex items-center justify-between gap-x-2">
          <Text size="small" className="truncate">
            {item.title}
          </Text>
          <Input
            size="small"
            className="w-20"
            inputMode="numeric"
            aria-label={t("tbc.orderChange.delivered", { ordered: item.quantity })}
            placeholder={String(item.quantity)}
            value={typed[item.id] ?? ""}
            onChange={(event) => setTyped({ ...typed, [item.id]: event.target.value })}
            data-testid={`tbc-delivered-${item.id}`}
          />
        </div>
      ))}
      <Input
        size="small"
        placeholder={t("tbc.orderChange.note")}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        data-testid="tbc-order-change-note"
      />
      <Button
        size="small"
        variant="secondary"
        type="submit"
        isLoading={capture.isPending}
        data-testid="tbc-order-change-submit"
      >
        {t("tbc.orderChange.submit")}
      </Button>
      {error}
    </form>
  )
}
