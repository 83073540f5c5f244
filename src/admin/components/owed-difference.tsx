/**
 * What an order still owes after an edit raised its total (the hold is captured whole), and how the
 * store may collect it. Today: the customer's saved card, only where they agreed to charges by the
 * store (the "Charge the saved card" form below, ./saved-card-charge.tsx, which reads the same
 * consent), and always (GEL) a TBC payment link for the difference ("Request payment with TBC"
 * below it, ./payment-link-request.tsx).
 */
import { Text } from "@medusajs/ui"
import { chargeableCards } from "../lib/balance-charge"
import { money } from "../lib/order-payment-state"
import { useBalanceChargeView } from "../lib/queries"
import { useTbcT } from "../lib/use-tbc-t"

export const OwedDifference = ({ orderId, owed, currency }: { orderId: string; owed: number; currency: string }) => {
  const t = useTbcT()
  const { data: view } = useBalanceChargeView(orderId)
  const ways = [
    ...(view && chargeableCards(view).length > 0 ? [t("tbc.orderChange.owedSavedCard")] : []),
    ...(currency.toLowerCase() === "gel" ? [t("tbc.orderChange.owedLink")] : []),
  ]
  return (
    <div className="flex flex-col gap-y-1" data-testid="tbc-owed-difference">
      <Text size="small" weight="plus">
        {t("tbc.orderChange.owedTitle", { owed: money(owed, currency) })}
      </Text>
      {(ways.length > 0 ? ways : [t("tbc.orderChange.owedNoWay")]).map((way) => (
        <Text key={way} size="xsmall" className="text-ui-fg-subtle">
          {way}
        </Text>
      ))}
    </div>
  )
}
