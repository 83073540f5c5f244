/**
 * "Charge the saved card" on the order widget: for an order that owes money in GEL whose customer
 * saved a TBC card and agreed, when saving it, that the store may charge it. The amount (at most
 * what the order owes, all of it by default) and the card; a confirmation naming both; then the
 * result: charged, declined, or uncertain (listed in Settings → TBC Bank, never sent again). Any
 * earlier charge of the order without an answer is shown until it is resolved. The routes:
 * GET/POST /admin/tbc/orders/:id/saved-card-charge (docs/saved-cards.md).
 */
import { Label, Select, Text, toast, usePrompt } from "@medusajs/ui"
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useState, type FormEvent } from "react"
import type { BalanceChargeResult } from "../../lib/balance-charge-view"
import { useBalanceChargeView } from "../lib/queries"
import { chargeableCards, chargeAmountOf, showsBalanceCharge } from "../lib/balance-charge"
import { adminFetch, errorText } from "../lib/api"
import { money } from "../lib/order-payment-state"
import { useTbcT } from "../lib/use-tbc-t"
import { AmountRow } from "./amount-row"

export const SavedCardCharge = ({ orderId }: { orderId: string }) => {
  const t = useTbcT()
  const prompt = usePrompt()
  const queryClient = useQueryClient()
  const { data: view } = useBalanceChargeView(orderId)
  const charge = useMutation({
    mutationFn: (body: { saved_card_id: string; amount: number }) =>
      adminFetch<BalanceChargeResult>(`/admin/tbc/orders/${orderId}/saved-card-charge`, { method: "POST", body }),
    // the dashboard's order (its payments, what it owes) and this view are asked again
    onSettled: () => queryClient.invalidateQueries(),
  })
  const [typed, setTyped] = useState("")
  const [cardId, setCardId] = useState<string | null>(null)
  const [invalid, setInvalid] = useState<string | null>(null)
  const [result, setResult] = useState<string | null>(null)
  if (!view) return null
  const cards = chargeableCards(view)
  const owed = money(view.outstanding_amount, "GEL")
  const offered = cards.length > 0
  if (!showsBalanceCharge(view)) return null
  const card = cards.find((c) => c.id === cardId) ?? cards[0]

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const checked = chargeAmountOf(typed, view.outstanding_amount)
    setInvalid("error" in checked ? t(`tbc.balanceCharge.${checked.error}`, { owed }) : null)
    if (!("amount" in checked) || !card) return
    const amount = money(checked.amount, "GEL")
    const confirmed = await prompt({
      title: t("tbc.balanceCharge.confirmTitle", { amount, card: card.card_mask ?? card.id }),
      description: t("tbc.balanceCharge.confirmDescription"),
    })
    if (!confirmed) return
    charge.mutate(
      { saved_card_id: card.id, amount: checked.amount },
      {
        onSuccess: (done) => {
          const words = { amount: money(done.amount, "GEL"), card: done.card_mask ?? "" }
          const text = t(`tbc.balanceCharge.${done.outcome}`, words)
          setResult(text)
          ;(done.outcome === "charged" ? toast.success : toast.warning)(text)
          setTyped("")
        },
        onError: (error) => setResult(errorText(error)),
      }
    )
  }

  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="tbc-balance-charge">
      <Text size="small" weight="plus">
        {t("tbc.balanceCharge.title")}
      </Text>
      {view.unresolved.map((entry) => (
        <Text key={entry.id} size="small" className="text-ui-fg-error" data-testid="tbc-balance-charge-unresolved">
          {t("tbc.balanceCharge.unresolved", {
            amount: money(entry.amount, "GEL"),
            card: entry.card_mask ?? "—",
          })}
        </Text>
      ))}
      {offered && view.unresolved.length === 0 && (
        <form className="flex flex-col gap-y-2" onSubmit={submit}>
          <Text size="xsmall" className="text-ui-fg-subtle">
            {t("tbc.balanceCharge.hint", { owed })}
          </Text>
          {cards.length > 1 && (
            <Select value={card?.id} onValueChange={setCardId}>
              <Select.Trigger data-testid="tbc-balance-charge-card">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {cards.map((c) => (
                  <Select.Item key={c.id} value={c.id}>
                    {c.card_mask ?? c.id}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          )}
          {cards.length === 1 && <Text size="small">{card?.card_mask ?? card?.id}</Text>}
          <Label size="small" htmlFor="tbc-balance-charge-amount">
            {t("tbc.balanceCharge.amount")}
          </Label>
          <AmountRow
            id="tbc-balance-charge-amount"
            value={typed}
            onChange={setTyped}
            placeholder={String(view.outstanding_amount)}
            submit={t("tbc.balanceCharge.submit")}
            busy={charge.isPending}
            testId="tbc-balance-charge"
          />
        </form>
      )}
      {(invalid ?? result) && (
        <Text size="small" data-testid="tbc-balance-charge-result">
          {invalid ?? result}
        </Text>
      )}
    </div>
  )
}
