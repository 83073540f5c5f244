/**
 * "Capture less: a discount" on the order widget, while the bank holds a preauthorization and no
 * order edit is waiting: a bare amount, with its reason. It goes through the capture from the
 * order (POST /admin/tbc/orders/:id/order-change-capture { amount, note }), like
 * ./order-change-capture.tsx: the bank completes that amount once and returns the rest of the hold
 * to the card (docs/bank-behaviour.md, "Partial capture"), and Medusa credits the order the rest
 * (its credit line, an order change with the reason), so the order owes nothing for money that
 * went back, and no "Total pending" is left. A bare capture of less (the plugin's
 * POST /admin/tbc/payments/:id/capture, which leaves the rest showing as owed) is not offered here.
 * It cannot be redone, so it asks first, as Medusa's own Capture does.
 */
import { Input, Label, Text, toast, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { errorText } from "../lib/api"
import { AmountRow } from "./amount-row"
import { isHeld, money, partialCaptureAmount, type TbcPaymentView } from "../lib/order-payment-state"
import { useOrderChangeCapture } from "../lib/queries"
import { useTbcT } from "../lib/use-tbc-t"

export const PartialCapture = ({ orderId, payment }: { orderId: string; payment: TbcPaymentView }) => {
  const [typed, setTyped] = useState("")
  const [reason, setReason] = useState("")
  const [invalid, setInvalid] = useState<string | null>(null)
  const capture = useOrderChangeCapture(orderId)
  const t = useTbcT()
  const prompt = usePrompt()
  if (!isHeld(payment)) return null
  const currency = payment.currency_code.toUpperCase()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = partialCaptureAmount(typed, payment.amount, t)
    const problem = "error" in checked ? checked.error : reason.trim() ? null : t("tbc.capture.noReason")
    setInvalid(problem)
    if (problem || !("amount" in checked)) return
    const confirmed = await prompt({
      title: t("tbc.capture.confirmTitle", { amount: money(checked.amount, currency) }),
      description: t("tbc.capture.confirmDescription"),
      confirmText: t("tbc.capture.confirm"),
      cancelText: t("tbc.capture.cancel"),
    })
    if (!confirmed) return
    capture.mutate(
      { amount: checked.amount, note: reason.trim() },
      { onSuccess: (result) => toast.success(t("tbc.capture.done", { amount: money(result.captured, currency) })) }
    )
  }
  const problem = invalid ?? (capture.error ? errorText(capture.error) : null)
  return (
    <form className="flex flex-col gap-y-2 px-6 py-4" onSubmit={submit} data-testid="tbc-partial-capture">
      <Label size="small" weight="plus" htmlFor="tbc-capture-amount">
        {t("tbc.capture.title")}
      </Label>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {t("tbc.capture.hint")}
      </Text>
      <Input
        size="small"
        placeholder={t("tbc.capture.reason")}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        data-testid="tbc-capture-reason"
      />
      <AmountRow
        id="tbc-capture-amount"
        value={typed}
        onChange={setTyped}
        placeholder="0.00"
        submit={t("tbc.capture.submit")}
        busy={capture.isPending}
        testId="tbc-capture"
      />
      {problem && (
        <Text size="small" className="text-ui-fg-error" data-testid="tbc-capture-error">
          {problem}
        </Text>
      )}
    </form>
  )
}
