import { useState } from "react"
import { Badge, Button, Input, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { errorText, formatTime, type AttentionEntry, type LedgerAction } from "../lib/api"
import { actionLabel, actionResultText, amountText, kindText, stateText } from "../lib/attention-words"
import { useLedgerAction } from "../lib/queries"

/** The actions that need the admin's words first: the payId from the dashboard, or why it was not charged. */
const FORMS: Partial<Record<LedgerAction, { label: string; placeholder: string; field: string }>> = {
  attach: { label: "payId shown in TBC's merchant dashboard", placeholder: "e.g. 6azzo13uw5u2116332", field: "pay_id" },
  not_charged: {
    label: "Why you are sure (kept in the record)",
    placeholder: "e.g. not in TBC's dashboard for this merchantPaymentId",
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
    if (action === "release") {
      const confirmed = await prompt({
        title: actionLabel(entry, action),
        description: `${amountText(entry.amount, entry.currency)} of payment ${entry.pay_id} goes back to the card. No order owns it.`,
        confirmText: actionLabel(entry, action),
        cancelText: "Keep it",
      })
      if (!confirmed) return
    }
    act(action)
  }

  return (
    <>
      <Table.Row data-testid={`tbc-attention-entry-${entry.id}`} className="[&_td]:align-top">
        <Table.Cell className="py-2">
          <Text size="small">{formatTime(entry.created_at)}</Text>
          <Line>{kindText(entry.kind)}</Line>
        </Table.Cell>
        <Table.Cell className="py-2">
          <Text size="small" weight="plus">
            {amountText(entry.amount, entry.currency)}
          </Text>
          {entry.card_mask && <Line>{entry.card_mask}</Line>}
        </Table.Cell>
        <Table.Cell className="py-2">
          <Line>merchantPaymentId {entry.merchant_payment_id ?? "—"}</Line>
          <Line>
            {entry.pay_id
              ? `payId ${entry.pay_id}`
              : entry.charge_pay_id
                ? `of payId ${entry.charge_pay_id}`
                : "no payId"}
          </Line>
        </Table.Cell>
        <Table.Cell className="min-w-[240px] max-w-[320px] whitespace-normal py-2">
          <Badge size="2xsmall" color={entry.pay_id ? "orange" : "red"}>
            {stateText(entry.state)}
          </Badge>
          <Line>{entry.reason}</Line>
          {entry.orphan_error && <Line>{entry.orphan_error}</Line>}
        </Table.Cell>
        <Table.Cell className="py-2">
          <Line>{entry.cart_id ?? "no cart"}</Line>
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
                {actionLabel(entry, action)}
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
                act(open, { [form.field]: text })
              }}
            >
              <Text size="small" className="whitespace-nowrap">
                {form.label}
              </Text>
              <Input
                size="small"
                className="max-w-[360px]"
                value={text}
                placeholder={form.placeholder}
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
                {actionLabel(entry, open)}
              </Button>
              <Button size="small" variant="transparent" type="button" onClick={() => setOpen(null)}>
                Cancel
              </Button>
            </form>
          </td>
        </Table.Row>
      )}
    </>
  )
}
