import { useState } from "react"
import { Badge, Button, Input, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { errorText, type AttentionEntry, type LedgerAction } from "../lib/api"
import {
  actionConfirmation,
  actionLabel,
  actionResultText,
  amountText,
  kindText,
  stateText,
} from "../lib/attention-words"
import { useLedgerAction } from "../lib/queries"
import { useFormatTime, useTbcT } from "../lib/use-tbc-t"

/**
 * The actions that need the admin's words first: the payId from the dashboard, or why it was not
 * charged (label and placeholder are keys of src/admin/i18n).
 */
const FORMS: Partial<Record<LedgerAction, { label: string; placeholder: string; field: string }>> = {
  attach: { label: "tbc.attention.attachLabel", placeholder: "tbc.attention.attachPlaceholder", field: "pay_id" },
  not_charged: {
    label: "tbc.attention.notChargedLabel",
    placeholder: "tbc.attention.notChargedPlaceholder",
    field: "reason",
  },
}

const Line = ({ children }: { children: React.ReactNode }) => (
  <Text size="xsmall" className="text-ui-fg-subtle">
    {children}
  </Text>
)

/** One unresolved ledger entry: what is known of it, its actions, and the form an action needs. */
export function AttentionEntryRows({ entry }: { entry: AttentionEntry }) {
  const run = useLedgerAction()
  const t = useTbcT()
  const time = useFormatTime()
  const prompt = usePrompt()
  const [open, setOpen] = useState<LedgerAction | null>(null)
  const [text, setText] = useState("")
  const form = open ? FORMS[open] : undefined

  const act = (action: LedgerAction, body?: Record<string, unknown>) =>
    run.mutate(
      { entryId: entry.id, action, body },
      {
        onSuccess: (result) => {
          setOpen(null)
          setText("")
          ;(result.listed ? toast.warning : toast.success)(actionResultText(result))
        },
        onError: (e) => toast.error(errorText(e)),
      }
    )

  const start = async (action: LedgerAction) => {
    if (FORMS[action]) {
      setOpen(open === action ? null : action)
      setText("")
      return
    }
    await confirmThenAct(action)
  }

  /** Runs the action once the admin confirmed it, when it needs confirming (actionConfirmation). */
  const confirmThenAct = async (action: LedgerAction, body?: Record<string, unknown>) => {
    const confirmation = actionConfirmation(entry, action, t)
    if (confirmation && !(await prompt(confirmation))) return
    act(action, body)
  }

  return (
    <>
      <Table.Row data-testid={`tbc-attention-entry-${entry.id}`} className="[&_td]:align-top">
        <Table.Cell className="py-2">
          <Text size="small">{time(entry.created_at)}</Text>
          <Line>{kindText(entry.kind, t)}</Line>
        </Table.Cell>
        <Table.Cell className="py-2">
          <Text size="small" weight="plus">
            {amountText(entry.amount, entry.currency)}
          </Text>
          {entry.card_mask && <Line>{entry.card_mask}</Line>}
        </Table.Cell>
        <Table.Cell className="py-2">
          <Line>{t("tbc.attention.merchantPaymentId", { id: entry.merchant_payment_id ?? "—" })}</Line>
          <Line>
            {entry.pay_id
              ? t("tbc.attention.payId", { id: entry.pay_id })
              : entry.charge_pay_id
                ? t("tbc.attention.ofPayId", { id: entry.charge_pay_id })
                : t("tbc.attention.noPayId")}
          </Line>
        </Table.Cell>
        <Table.Cell className="min-w-[240px] max-w-[320px] whitespace-normal py-2">
          <Badge size="2xsmall" color={entry.pay_id ? "orange" : "red"}>
            {stateText(entry.state, t)}
          </Badge>
          <Line>{entry.reason}</Line>
          {entry.orphan_error && <Line>{entry.orphan_error}</Line>}
        </Table.Cell>
        <Table.Cell className="py-2">
          <Line>{entry.cart_id ?? t("tbc.attention.noCart")}</Line>
          <Line>{entry.provider_id}</Line>
        </Table.Cell>
        <Table.Cell className="py-2">
          <div className="flex flex-wrap gap-1">
            {entry.actions.map((action) => (
              <Button
                key={action}
                size="small"
                variant={action === "release" ? "danger" : "secondary"}
                isLoading={run.isPending && run.variables?.action === action}
                disabled={run.isPending}
                onClick={() => start(action)}
                data-testid={`tbc-action-${action}-${entry.id}`}
              >
                {actionLabel(entry, action, t)}
              </Button>
            ))}
          </div>
        </Table.Cell>
      </Table.Row>
      {open && form && (
        <Table.Row data-testid={`tbc-attention-form-${entry.id}`}>
          {/* a plain cell: Table.Cell's props have no colSpan */}
          <td colSpan={6} className="px-6 py-3">
            <form
              className="flex items-center gap-x-2"
              onSubmit={(event) => {
                event.preventDefault()
                void confirmThenAct(open, { [form.field]: text })
              }}
            >
              <Text size="small" className="whitespace-nowrap">
                {t(form.label)}
              </Text>
              <Input
                size="small"
                className="max-w-[360px]"
                value={text}
                placeholder={t(form.placeholder)}
                onChange={(event) => setText(event.target.value)}
                data-testid={`tbc-action-input-${entry.id}`}
                autoFocus
              />
              <Button
                size="small"
                type="submit"
                isLoading={run.isPending}
                data-testid={`tbc-action-confirm-${entry.id}`}
              >
                {actionLabel(entry, open, t)}
              </Button>
              <Button size="small" variant="transparent" type="button" onClick={() => setOpen(null)}>
                {t("tbc.common.cancel")}
              </Button>
            </form>
          </td>
        </Table.Row>
      )}
    </>
  )
}
