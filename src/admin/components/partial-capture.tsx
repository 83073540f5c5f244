/**
 * "Capture less" on the order widget, while the bank holds a preauthorization: Medusa's own
 * Capture button takes the whole amount (its prompt has no amount field), so a smaller capture is
 * typed here and sent to the plugin's capture route (POST /admin/tbc/payments/:id/capture). The
 * bank completes that amount once and returns the rest of the hold to the card
 * (docs/bank-behaviour.md, "Partial capture"). It cannot be redone, so it asks first, as Medusa's
 * own Capture does; the order keeps owing the rest (./order-change-capture.tsx changes the order
 * instead, so it owes nothing).
 */
import { Label, Text, usePrompt } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { errorText } from "../lib/api"
import { AmountRow } from "./amount-row"
import { isHeld, money, partialCaptureAmount, type TbcPaymentView } from "../lib/order-payment-state"
import { useCaptureAmount } from "../lib/queries"
import { useTbcT } from "../lib/use-tbc-t"

export const PartialCapture = ({ payment }: { payment: TbcPaymentView }) => {
  const [typed, setTyped] = useState("")
  const [invalid, setInvalid] = useState<string | null>(null)
  const capture = useCaptureAmount(payment.payment_id)
  const t = useTbcT()
  const prompt = usePrompt()
  if (!isHeld(payment)) return null
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = partialCaptureAmount(typed, payment.amount, t)
    setInvalid("error" in checked ? checked.error : null)
    if (!("amount" in checked)) return
    const confirmed = await prompt({
      title: t("tbc.capture.confirmTitle", { amount: money(checked.amount, payment.currency_code.toUpperCase()) }),
      description: t("tbc.capture.confirmDescription"),
      confirmText: t("tbc.capture.confirm"),
      cancelText: t("tbc.capture.cancel"),
    })
    if (confirmed) capture.mutate(checked.amount)
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
